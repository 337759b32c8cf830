import Foundation
import FuzzSupport
import Testing

/// A pane zoomed and scrolled on the real binary at 80x24: a click on its title zooms it, the
/// keys and the wheel scroll its whole history, and the last page ends on the latest entry.
@Suite("Zoom end to end", .offThePool)
struct ZoomTests {
    @Test func clickATitleScrollToTheOldestEntryAndGoBack() async throws {
        let tmux = try await HubsimPane.start(width: 80, height: 24)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.enroll()
        try await hub.checkOut("cou1")
        try tmux.send("Tab", "Enter")
        try await hub.waitForPane("Notes", "foreground")
        try tmux.send("h")
        try await hub.waitForPane("Notes", "background")

        try await hub.click("Notes · background")
        try await hub.waitFor("Notes · WS1 SDK · background · zoomed")
        try tmux.send("f")
        try await hub.waitForPane("Notes", "background")

        // A shift change gives Notes a history longer than the zoom's 80x24 page.
        try await hub.click("[ Menu: Log Out… ]")
        try await hub.click("▸ Log Out")
        try await hub.click("[ Log out ]")
        try await hub.checkOut("cou2")
        try tmux.send("Tab", "Enter")
        try await hub.waitForPane("Notes", "foreground")
        try tmux.send("f")
        let zoomed = try await hub.waitFor("· zoomed")
        #expect(zoomed.contains("received"))

        // The history reads oldest first: the last page ends on the latest entry.
        func atLastPage(_ screen: String) -> Bool {
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard rows.count > 22, let m = rows[22].firstMatch(of: /rows (\d+)–(\d+) of (\d+)/) else { return false }
            return m.output.2 == m.output.3
        }
        try tmux.send("PageDown", "PageDown", "PageDown", "PageDown")
        let end = try await tmux.waitUntil("the last page", timeout: HubDriver.patience) { atLastPage($0) }
        let rows = end.split(separator: "\n", omittingEmptySubsequences: false)
        // The latest entry sits on the box's last inside row: nothing blank under it.
        #expect(!rows[21].trimmingCharacters(in: CharacterSet(charactersIn: "│ ")).isEmpty, "\(end)")
        try tmux.send("Up")
        _ = try await tmux.waitUntil("one row up", timeout: HubDriver.patience) { !atLastPage($0) }

        // The wheel (an SGR report, button 65: down) scrolls too, and stops at the last page.
        for _ in 0..<3 { try tmux.type("\u{1B}[<65;40;10M") }
        _ = try await tmux.waitUntil("the wheel back to the last page", timeout: HubDriver.patience) { atLastPage($0) }

        try tmux.send("Escape")
        try await hub.waitForPane("Notes", "foreground")
    }
}
