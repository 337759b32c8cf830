import HubUI
import SessionEngine
import Testing

/// Messages (Docs/decisions.md, the front end): said once, whole, at 80x24.
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
        // The log's box spans the right of rows 1…22; inside it, the filter bar on row 2, then
        // the entries on rows 3…21.
        #expect(rows[2].dropFirst(33).hasPrefix("A app: all"))
        let inside = rows[3...21].map { String($0.dropFirst(33).dropLast()) }
        #expect(inside.first?.hasPrefix("08:00:00 enroll: stage") == true, "\(inside)")
        #expect(inside.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(inside)")
    }

    @Test func narrowPaneTitlesKeepTheirSeparator() {
        let screen = Screens.lockScreenRefusal().screen()
        #expect(screen.contains("Inventory·not running"))
        #expect(!screen.contains("Inventory──"))
    }

    @Test func aShortPaneShowsItsExposureOnTheUserRowAndKeepsItsItems() {
        let m = ConsistencyScreens.paneExposure()
        #expect(m.device.findings.contains { $0.app == "scanner" && $0.severity == .atRestExposure })
        let rows = m.screen().split(separator: "\n").map(String.init)
        #expect(rows[2].contains("│user: cou2 kept cou1×2│"), "\(rows[2])")
        #expect(!m.screen().contains("exposure:"))
        // The items come right under the user row, not pushed down by a banner.
        #expect(rows[3].contains("│• Scan log of cou2"), "\(rows[3])")
        // Tall panes keep the banner.
        #expect(m.render(width: 120, height: 40).grid.text.contains("│exposure: cou1 ×2"))
    }

    @Test func theEventLogsKindColumnNeverRunsIntoItsText() {
        var m = ConfirmationTests.entraSignedIn()
        m.press("h<Enter><Enter><F2>")   // the broker's global sign-out, confirmed: Chat is notified
        let text = m.render(width: 120, height: 40).grid.text
        #expect(text.contains("notification chat ← SHARED_MODE_CURRENT_ACCOUNT_CHANGED"))
        #expect(!text.contains("notificationchat"))
    }
}
