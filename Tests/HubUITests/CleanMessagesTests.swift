import HubUI
import SessionEngine
import Testing

/// Issue 15, item 6: messages said once, whole, at 80x24.
@Suite struct CleanMessagesTests {
    @Test func helpNotesAreDrawnOnce() {
        var m = Screens.home()
        m.press("<F1>")
        for _ in 0..<6 { m.press("<PgDn>") }
        let screen = m.screen()
        #expect(screen.contains("• works here now."))
        #expect(!screen.contains("now. works"), "\(screen)")
        #expect(screen.contains("Mouse: click panes, fields, buttons and hint-line entries."))
    }

    @Test func theEventLogScrolledToItsTopHasNoBlankRows() {
        var m = Screens.home()
        m.press("<F2>")
        for _ in 0..<20 { m.press("<PgUp>") }
        let rows = m.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The log's box spans the right of rows 1…22; inside it, rows 2…21.
        let inside = rows[2...21].map { String($0.dropFirst(33).dropLast()) }
        #expect(inside.first?.hasPrefix("08:00:00 enroll: stage") == true, "\(inside)")
        #expect(inside.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(inside)")
    }

    @Test func narrowPaneTitlesKeepTheirSeparator() {
        let screen = Screens.lockScreenRefusal().screen()
        #expect(screen.contains("Inventory·not running"))
        #expect(!screen.contains("Inventory──"))
    }
}
