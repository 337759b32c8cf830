import Foundation
import HubUI
import SessionEngine
import Testing

/// What a trainer projects must read whole: lifecycles, states and the status line's
/// segments are never cut to a stub; dialogs do not show stray letters around them.
@Suite struct ReadabilityTests {
    static let sizes = [(80, 24), (90, 28), (100, 30), (120, 40)]

    @Test func lifecyclesAndStatesAreNeverCut() {
        let words = AppLifecycle.allCases.map(\.rawValue) + DeviceState.Kind.allCases.map(\.rawValue) + ["held"]
        for (name, make) in Screens.all {
            let m = make()
            for (w, h) in Self.sizes {
                let text = m.render(width: w, height: h).grid.text
                for word in words {
                    // `check…` is also an item cut to fit (`Store opening check…`): a cut state
                    // name shows at least `checke…`.
                    for n in (word.hasPrefix("checked") ? 6 : 3)..<word.count {
                        #expect(!Self.startsAWord(String(word.prefix(n)) + "…", in: text), "\(name) \(w)x\(h) cuts \(word)")
                    }
                }
            }
        }
    }

    /// Whether `s` occurs in `text` at the start of a word (`Timeclock…` does not cut `locked`).
    static func startsAWord(_ s: String, in text: String) -> Bool {
        var rest = text[...]
        while let r = rest.range(of: s) {
            if r.lowerBound == text.startIndex || !text[text.index(before: r.lowerBound)].isLetter { return true }
            rest = text[r.upperBound...]
        }
        return false
    }

    @Test func narrowPaneTitlesPutTheLifecycleAtTheRight() {
        let rows = Screens.lockScreenRefusal().screen().split(separator: "\n").map(String.init)
        #expect(rows[8].contains("┌Inventory·not running─┐"))
        #expect(rows[1].contains("┌ Notes · not running ─┐"))
    }

    @Test func statusLineDropsTheDeviceNameRatherThanCutEverything() {
        for width in 80...130 {
            let status = Screens.stepModeHeld().render(width: width, height: 30).grid.lines[0]
            #expect(status.trimmingCharacters(in: .whitespaces).hasSuffix("STEP: 2 held"), "at width \(width)")
            #expect(!status.contains("…"), "at width \(width): \(status)")
        }
        #expect(Screens.home().screen().split(separator: "\n")[0].contains("shared-device-1"))
    }

    @Test func theLogoutDialogStandsAlone() {
        for (w, h) in Self.sizes {
            var m = Screens.logoutConfirm()
            _ = m.handle(.resize(width: w, height: h))
            let rows = m.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let top = rows.firstIndex(where: { $0.contains("Log out cou1?") }) else { Issue.record("no dialog"); return }
            let left = rows[top].distance(from: rows[top].startIndex, to: rows[top].firstIndex(of: "┌")!)
            // Nothing but blanks beside the dialog and above it.
            for row in rows[1..<top] { #expect(row.allSatisfy { $0 == " " }, "\(w)x\(h): \(row)") }
            for row in rows[top..<(h - 1)] { #expect(row.prefix(left).allSatisfy { $0 == " " }, "\(w)x\(h): \(row)") }
        }
    }

    @Test func longStepNamesWrapInTheHubColumn() {
        let text = Screens.installProgress().screen()
        #expect(text.contains("│✓ Install device management   │"))
        #expect(text.contains("│  profile                     │"))
        let held = Screens.stepModeHeld().screen()
        #expect(held.contains("│▸ notes: foreground (SDK      │"))
        #expect(held.contains("│    check)                    │"))
    }

    @Test func theDiagramDrawsEveryStateAsABoxWithItsTransitionsBeside() {
        let text = Screens.diagram().screen()
        for state in DeviceState.Kind.allCases { #expect(text.contains("│ \(state.rawValue)"), "\(state) box") }
        #expect(text.contains("from checkedIn · 1 to try (now)"))
        #expect(text.contains("│ checkedIn  │◀┄┐g"))
    }
}
