import Foundation

/// Drives the Hub through its screens the way a person does, waiting after each step for
/// the screen that proves it happened.
struct HubDriver {
    let tmux: Tmux

    /// Seconds to wait for a screen (`Tmux.patience`).
    static let patience = Tmux.patience

    @discardableResult
    func waitFor(_ text: String) async throws -> String { try await tmux.waitFor(text, timeout: Self.patience) }

    /// Fills the focused form's fields in order; Enter moves to the next field and submits after the last.
    func fill(_ values: String...) throws {
        for value in values {
            try tmux.type(value)
            try tmux.send("Enter")
        }
    }

    func enroll() async throws {
        try await waitFor("Enroll this device")
        try fill("FRONTLINE", "stage", "stage")
        try await waitFor("Checked in (staged)")
    }

    func checkOut(_ user: String) async throws {
        try await waitFor("Checked in (staged)")
        try fill("FRONTLINE", user, user)
        try await waitFor("Checked out to \(user)")
    }

    /// Waits for a pane whose title names `app` and shows `lifecycle`.
    func waitForPane(_ app: String, _ lifecycle: String) async throws {
        try await tmux.waitUntil("\(app) \(lifecycle)", timeout: Self.patience) { screen in
            screen.split(separator: "\n").contains { $0.contains("┌ \(app) ·") && $0.contains(lifecycle) }
        }
    }

    /// Quits with F10, answering the question hubsim asks in the middle of a walk (Docs/decisions.md, "Confirmations"):
    /// returns once hubsim left its screen.
    func quit() async throws {
        try tmux.send("F10")
        var answered = false
        try await tmux.wait("hubsim to quit", check: { () throws -> Bool? in
            if try tmux.format("#{alternate_on}") == "0" { return true }
            if !answered, try tmux.screen().contains("Quit hubsim?") {
                try tmux.send("Enter")
                answered = true
            }
            return nil
        }, describe: { try tmux.screen() })
    }

    /// Clicks the first place the screen shows `text` (at its first column).
    func click(_ text: String) async throws {
        _ = try await waitFor(text)
        guard let at = try tmux.locate(text) else { throw Tmux.Timeout(waitingFor: "'\(text)' to click", screen: try tmux.screen()) }
        try tmux.click(x: at.x + 1, y: at.y)
    }
}
