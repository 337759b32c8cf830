import Foundation
import HubUI
import SessionEngine
import Testing

/// Smaller things the screen said that were not true, or said nothing where it should have:
/// the event log's kind filter at 80 columns, the zoom's first line, the SSO map after a
/// remove, `x` and `i` on an app no person could tap, pane keys that mean nothing on an app,
/// and a status line whose words changed with the width.
@Suite struct SmallTruthsTests {
    private func lines(_ m: HubModel) -> [String] { m.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    @Test func theKindFilterStaysOnScreenAt80Columns() {
        var m = Screens.leakWorkspaceOne()
        m.press("<F2>AAAK")                         // an app with a long id, then the first kind
        #expect(m.eventLog.filter.app != nil && m.eventLog.filter.kind != .all)
        for kind in EventLogFilter.Kind.allCases.dropFirst() {
            while m.eventLog.filter.kind != kind { m.press("K") }
            #expect(m.screen().contains("K kind: \(kind.rawValue)"), "kind \(kind.rawValue) at 80x24")
        }
    }

    @Test func theZoomsFirstLineWrapsInsteadOfBeingCut() {
        var m = Screens.leakWorkspaceOne()
        m.press("f")                                // handbook has focus
        let app = m.device.app("handbook")!
        let words = ("user: cou2 · " + app.definition.summary).split(separator: " ").map(String.init)
        let header = lines(m)[2...4].joined(separator: " ")
        #expect(words.allSatisfy { header.contains($0) }, "\(header)")
    }

    @Test func afterARemoveTheMapDoesNotSayNotAskedYet() {
        var m = SSOScreens.removed()
        m.press("<F11>")
        // The whole map, page by page.
        var text = m.screen()
        for _ in 0..<60 { m.press("<Down>"); text += m.screen() }
        #expect(!text.contains("not asked yet"), "\(text)")
        #expect(text.contains("token: none (signed out of this app)"))
    }

    @Test func removeAndTokenKeysBringTheAppForwardFirst() {
        var m = SSOScreens.sourcesWorkspaceOne()     // Till in front
        #expect(m.device.foreground == .app("till"))
        m.press("<Esc><Tab><Tab>x")                  // Mail, in the background
        #expect(m.device.foreground == .app("mail"), "a person opens Mail to tap its remove")
        #expect(m.confirmation?.action == .removeAccount("mail"))
        let launched = m.actionLog.suffix(1).map(\.action)
        #expect(launched == [.launch("mail")])
        m.press("y")
        #expect(m.actionLog.last?.action == .removeAccount("mail"))
        m.press("<Tab>")                              // Roster, in the background
        m.press("i")
        #expect(m.actionLog.contains { $0.action == .launch("roster") })
        #expect(m.device.foreground == .app("roster"))
    }

    @Test(arguments: [("i", "No MSAL here: Notes gets its user from the Hub's check-out."),
                      ("x", "No MSAL here: Notes gets its user from the Hub's check-out."),
                      ("R", "No MSAL here: Notes gets its user from the Hub's check-out."),
                      ("u", "No global sign-out here: log out in the Hub (h)."),
                      ("w", "No global sign-out here: log out in the Hub (h).")])
    func aPaneKeyThatDoesNothingOnAWorkspaceOneAppSaysWhy(_ key: String, _ reason: String) {
        var m = Fixtures.model(apps: ["notes", "forms"])
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>")
        let before = m.actionLog.count
        m.press(key)
        #expect(m.actionLog.count == before || m.actionLog.suffix(from: before).allSatisfy { $0.action == .userActivity })
        #expect(m.notice?.text == reason)
        #expect(m.notice?.place == .pane("notes"))
        m.press("<Tab>")
        m.press(key)
        let forms = key == "u" || key == "w" ? reason : "No identity SDK in Forms: nobody signs in to it."
        #expect(m.notice?.text == forms)
    }

    /// The status line's fields, split at its separators.
    private func fields(_ line: String) -> [String] {
        line.replacingOccurrences(of: " (", with: " · (").split(separator: "│").flatMap { $0.split(separator: "·") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func theStatusLineKeepsItsWordsAndDropsWholeFields() {
        let m = Screens.leakWorkspaceOne()
        let wide = fields(m.render(width: 200, height: 40).grid.lines[0])
        #expect(wide.contains { $0.hasPrefix("LEAK ×") })
        for width in [80, 90, 100, 120, 140] {
            let narrow = fields(m.render(width: width, height: 24).grid.lines[0])
            // The one shortening: `● online` to its dot, so the device name and the counts fit.
            for field in narrow where !(field == "●" && wide.contains("● online")) {
                #expect(wide.contains(field), "'\(field)' at \(width) columns is not a field of the wide line \(wide)")
            }
            #expect(narrow.contains { $0.hasPrefix("LEAK ×") }, "at \(width)")
            #expect(narrow.contains("workspace-one") && narrow.contains("user: cou2"), "at \(width)")
        }
    }
}
