import Foundation
import FuzzSupport
import Testing

/// A fault armed from the faults menu with the mouse, on the real binary (Docs/faults.md):
/// entra-ios with Chat and Roster, both listening for the account change. cou1 signs in and
/// both apps start, holding cou1's data; Chat's `[faults]` button and the menu's drop row arm
/// a dropped delivery on Chat; in step mode the global sign-out's deliveries are released one
/// at a time with F8 (Roster's arrives, Chat's never does); Chat's pane then shows cou1's
/// items kept and the injected fault, and the audit's finding names the fault.
@Suite("A fault armed from the menu, end to end", .offThePool)
struct FaultMenuWalkTests {
    @Test func aDropArmedByMouseAndWalkedInStepModeShowsTheExposureAndTheFault() async throws {
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral", "--profile", "entra-ios", "--apps", "chat,roster"] + HubsimPane.cheapTenant)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.waitFor("Enroll this device")
        try hub.fill("stage", "stage")
        try hub.fill("cou1", "cou1")
        try await hub.waitFor("Current account: cou1")
        // Chat, then Roster, started; the keyboard back on Chat's pane.
        try tmux.send("Tab", "Enter")
        try await hub.waitForPane("Chat", "foreground")
        try tmux.send("Tab", "Enter")
        try await hub.waitForPane("Roster", "foreground")
        try tmux.send("BTab")
        // Chat's pane (the upper one) has the keyboard: its border holds the buttons, Roster's not.
        try await tmux.waitUntil("Chat's pane focused", timeout: HubDriver.patience) { screen in
            let rows = screen.split(separator: "\n")
            guard let buttons = rows.firstIndex(where: { $0.contains("[faults]") }),
                  let roster = rows.firstIndex(where: { $0.contains("┌ Roster") }) else { return false }
            return buttons < roster && screen.contains("Messages of cou1")
        }

        // The pane's button opens the menu; its drop row arms the fault; the pane says so.
        try await hub.click("[faults]")
        try await hub.waitFor("Faults for Chat")
        try await hub.click("▸ drop")
        try await hub.waitFor("⚡ fault armed: #1 drop")
        #expect(!(try tmux.screen().contains("Faults for Chat")), "choosing a row closed the menu")

        // The Hub (the broker), step mode on, the global sign-out: step mode holds its
        // deliveries and asks nothing.
        try tmux.send("h")
        try await hub.waitForPane("Roster", "background")
        try tmux.send("F7")
        try await hub.waitFor("STEP: 0 held")
        try tmux.send("Enter")
        try await hub.waitFor("No account signed in")
        // Each held delivery released one at a time, F8 after F8, each release seen on the
        // status line's count: Roster's arrives, Chat's was dropped before step mode held it.
        var held = try Self.heldCount(tmux.screen())
        #expect(held >= 1, "the sign-out's delivery to Roster is held for release")
        while held > 0 {
            try tmux.send("F8")
            let next = held - 1
            try await tmux.waitUntil("STEP: \(next) held", timeout: HubDriver.patience) { (try? Self.heldCount($0)) == next }
            held = next
        }
        // Chat's pane: the fault that fired, and cou1's items it still keeps.
        let pane = try await tmux.waitUntil("Chat's pane naming the injected fault", timeout: HubDriver.patience) {
            $0.contains("⚡ injected fault #1 (drop) at signOut") && $0.contains("exposure: cou1's 2 items")
        }
        #expect(pane.contains("Messages of cou1"))
        #expect(!pane.contains("⚡ fault armed"), "the fault fired: nothing is armed any more")

        // The audit (the sign-in form has the letters: Chat's pane takes the keyboard first).
        try tmux.send("Tab", "a")
        // The audit covers the panes: the fault named there is the audit's, not the pane's badge.
        let audit = try await tmux.waitUntil("the audit's finding naming the fault", timeout: HubDriver.patience) {
            $0.contains("┌ Audit") && !$0.contains("⚡") && $0.contains("injected fault #1 (drop)")
        }
        #expect(audit.contains("cou1"))
        try await hub.quit()
    }

    /// The status line's `STEP: N held`.
    static func heldCount(_ screen: String) throws -> Int {
        guard let r = screen.range(of: #"STEP: (\d+) held"#, options: .regularExpression) else {
            throw Tmux.Timeout(waitingFor: "STEP: N held", screen: screen)
        }
        return Int(screen[r].dropFirst(6).prefix { $0.isNumber }) ?? -1
    }
}
