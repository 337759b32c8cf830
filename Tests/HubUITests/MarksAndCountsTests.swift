import Foundation
import SessionEngine
import Testing
@testable import HubUI

/// What a trainer reads at 80x24 and must be able to explain: one "exposed" count on every
/// screen, the pane's history in the order things happened, a miss since answered as history,
/// the marks explained in F1, F8 with nothing held, the narrow pane's faults button, and the
/// forecast's words (a block said as a sentence, the fault a LEAK is owed to, a program's own
/// choices left to it).
@Suite struct MarksAndCountsTests {
    private func lines(_ m: HubModel) -> [String] { m.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// The column of `text` on `line`, counted in characters (every cell here is one column wide).
    private func column(of text: String, in line: String) -> Int? {
        line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }

    @Test func afterAnInjectedDropTheHeaderF3AndTheAuditCountTheSame() {
        var m = FaultScreens.dropped()
        let header = lines(m)[0]
        // Both the device's name and its exposed count fit at 80 columns.
        #expect(header.contains("shared-device-1") && header.contains("exposed: 2"), "\(header)")
        #expect(m.device.exposedCount == 2)
        var f3 = m
        f3.press("<F3>")
        #expect(f3.screen().contains("Leaks raised: 0 · exposed: 2"), "\(f3.screen())")
        m.press("<Esc>")
        _ = m.run(.audit)
        #expect(m.screen().contains("Audit · 2 exposed items"), "\(m.screen())")
    }

    @Test func paneHistoryReadsOldestFirstAsTheReadmeDoes() {
        let m = Screens.leakWorkspaceOne()
        let rows = lines(m)
        // Notes, at the top right: the wipe came first, then the user change, then the verdict.
        let wipe = rows.firstIndex { $0.contains("││← wipe callback") }
        let change = rows.firstIndex { $0.contains("││← user-change callback") }
        #expect(wipe != nil && change != nil && wipe! < change!, "\(m.screen())")
        #expect(rows[7].contains("+1 earlier"), "the entries that did not fit came before: \(rows[7])")
    }

    @Test func aMissTheAppHasAnsweredSinceIsDimHistory() {
        var m = FaultScreens.dropped()
        m.press("<Tab>l")                                  // Chat launched: it asks and learns
        #expect(m.device.foreground == .app("chat"))
        let frame = m.render(width: 80, height: 24)
        let rows = frame.grid.lines
        let y = rows.firstIndex { $0.contains("✗ missed ACCOUNT_CHANGED (not running)") && $0.hasPrefix("│") }!
        let x = column(of: "✗ missed", in: rows[y])!
        #expect(rows[y + 1].contains("→ getCurrentAccount"), "the miss is followed by what the app did since")
        #expect(frame.grid[x + 2, y].style == m.theme.dim, "a miss answered since is history, not a warning")
    }

    @Test func f1ExplainsTheCountAndTheMarksAt80x24() {
        var m = FaultScreens.dropped()
        m.press("<F1>")
        var seen = m.screen()
        for _ in 0..<12 { m.press("<PgDn>"); seen += m.screen() }
        for mark in ["exposed: N  another user's items this device can read now, shown or kept (a)",
                     "Pane history: oldest first, the latest at the bottom; +N earlier: f zooms",
                     "✗ missed (why)  a notification the app did not get then, and why",
                     "✗ no msauth query  msauth is not in the app's LSApplicationQueriesSchemes",
                     "●  online (o toggles; ○ OFFLINE when not)"] {
            #expect(seen.contains(mark), "F1 does not say: \(mark)")
        }
        #expect(HelpView.legend.allSatisfy { TextWidth.of($0) <= 76 })
    }

    @Test func f8WithNothingHeldSaysHowToHold() {
        var m = FaultScreens.chatFocused()
        m.press("h<F8>")
        #expect(m.notice?.text == "Nothing is held: F7 turns on step mode, which holds each delivery until F8")
        #expect(m.screen().contains("Nothing is held: F7 turns on"))
        m.press("<F7><F8>")
        #expect(m.notice?.text.hasPrefix("Nothing held yet: step mode holds each delivery") == true)
    }

    @Test func theNarrowPaneDrawsAClickableFaultsButton() {
        var m = Screens.leakWorkspaceOne()                 // Handbook focused, a 24-column pane
        let frame = m.render(width: 80, height: 24)
        let y = frame.grid.lines.firstIndex { $0.contains("[faults]") }
        #expect(y != nil, "\(frame.grid.text)")
        guard let y else { return }
        let x = column(of: "[faults]", in: frame.grid.lines[y])! + 1
        #expect(frame.hitMap.target(x: x, y: y) == .appCommand(.faultsMenu, app: "handbook"))
        _ = m.handle(.mouse(MouseEvent(x: x, y: y)), shown: frame)
        #expect(m.faults.menu != nil)
    }

    /// The dialog's rows run together, borders and indents left out, so wrapped sentences read whole.
    private func joined(_ screen: String) -> String {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }.filter { !$0.isEmpty }
            .joined(separator: " ").replacingOccurrences(of: "  ", with: " ")
    }

    /// Log out cou1 with Notes and a developer's program (Docs/bridge-protocol.md) open.
    private func logOutForecast() -> String {
        var m = ExternalScreens.running()
        m.press("hm<Enter>")
        #expect(m.confirmation != nil)
        return m.screen()
    }

    @Test func aBlockIsASentenceATrainerCanSay() {
        let text = joined(logOutForecast())
        #expect(!text.contains("blocked: device checked in"), "\(text)")
        #expect(text.contains("then it stays blocked until someone checks the device out"), "\(text)")
    }

    @Test func aLeakAFaultCausesNamesTheFault() {
        var m = FaultScreens.chatFocused()
        m.press("l!<Enter>u")                               // Chat in front, a drop armed on it, its sign-out
        let text = joined(m.screen())
        #expect(text.contains("LEAK: shows cou1's data because of injected fault #1 (drop)"), "\(text)")
    }

    @Test func aProgramsForecastNamesOnlyWhatTheSDKDelivers() {
        let screen = logOutForecast()
        let rows = screen.split(separator: "\n").map(String.init)
        let first = rows.firstIndex { $0.contains("│ My app ") }
        #expect(first != nil, "\(screen)")
        guard let first else { return }
        var sentence = ""
        for row in rows[first...] {
            if row.count < 14 || (row != rows[first] && !row.hasPrefix("  │         ")) { break }
            sentence += " " + row.dropFirst(12).trimmingCharacters(in: CharacterSet(charactersIn: "│ "))
        }
        #expect(sentence.contains("at its next foreground the SDK delivers controllerDidWipeCurrentUserData"), "\(sentence)")
        #expect(sentence.contains("what it keeps, deletes or shows is its own code's choice"), "\(sentence)")
        for fate in ["holds", "sealed", "deletes cou1", "LEAK"] { #expect(!sentence.contains(fate), "\(sentence)") }
    }
}
