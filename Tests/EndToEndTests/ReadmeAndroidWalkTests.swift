import Foundation
import FuzzSupport
import Testing

/// "A first shift change on Android" (Docs/trainers.md, where the README points to it), word for word at 80x24 on the real binary, for
/// both Android profiles: the keys it says to type and what it says you will see.
@Suite("README's Android walk end to end", .offThePool)
struct ReadmeAndroidWalkTests {
    @Test(arguments: ["entra-android", "android-mhs"])
    func theREADMEsAndroidWalk(profile: String) async throws {
        let mhs = profile == "android-mhs"
        // 1. `hubsim --ephemeral --profile entra-android` (or android-mhs).
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral", "--profile", profile])
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.waitFor("Enroll this device")
        // 2. Enroll with the staging user; the Authenticator registers the device and broadcasts.
        try hub.fill(contentsOf: ["stage", "stage"])
        try await hub.waitFor("Registration in shared mode")
        try await hub.waitFor("(SDM_REGISTERED)")
        // 3. Sign in cou1: the Authenticator's global sign-in, or Managed Home Screen's own.
        try await hub.waitFor(mhs ? "Managed Home Screen" : "No account signed in")
        try hub.fill(contentsOf: ["cou1", "cou1"])
        try await hub.waitFor(mhs ? "cou1 · " : "Current account: cou1")
        // 4. Open Chat: Tab and Enter (or Enter on its tile): it asks getCurrentAccountAsync.
        if mhs { try tmux.send("Enter") } else { try tmux.send("Tab", "Enter") }
        try await hub.waitForPane("Chat", "foreground")
        try await hub.waitFor("← changed: nil → cou1")
        // 5. h: back to the broker (or MHS); the global sign-out through the forecast.
        try tmux.send("h")
        try await hub.waitForPane("Chat", "background")
        try tmux.send(mhs ? "u" : "Enter")
        try await hub.waitFor("Sign cou1 out of every app?")
        try await hub.waitFor("GLOBAL_SIGN_OUT")
        try tmux.send("Enter")
        try await hub.waitFor(mhs ? "Sign in" : "No account signed in")
        try await hub.waitFor("← GLOBAL_SIGN_OUT")
        // 6. cou2 signs in; Chat is brought back and shows cou2's, nothing of cou1's.
        try hub.fill(contentsOf: ["cou2", "cou2"])
        try await hub.waitFor(mhs ? "cou2 · " : "Current account: cou2")
        if mhs { try tmux.send("Enter") } else { try tmux.send("Tab", "Enter") }
        try await hub.waitForPane("Chat", "foreground")
        let screen = try await hub.waitFor("Messages of cou2")
        #expect(!screen.contains("of cou1"), "Chat shows nothing of cou1's")
        // The paragraph after the walk (android-mhs): F6 to the countdown, whose seconds tick
        // on an idle screen (the terminal wakes for each), and Enter stays signed in.
        if mhs {
            try tmux.send("F6")
            // Each count is on screen for a second: a loaded runner may look only after several
            // have gone by, so the wait is for a count, then for a lower one.
            let first = try #require(Self.countdown(try await hub.waitFor("You will be signed out in ")))
            #expect((1...60).contains(first), "\(first)")
            try await tmux.waitUntil("the countdown to tick below \(first) s", timeout: HubDriver.patience) {
                (Self.countdown($0) ?? first) < first
            }
            try tmux.send("Enter")
            try await tmux.waitUntil("the countdown dismissed", timeout: HubDriver.patience) { !$0.contains("Stay signed in") }
            #expect(try tmux.screen().contains("cou2 · "), "still signed in")
        }
        // 7. S: the account removed in Settings: no broadcast.
        try tmux.send("S")
        try await hub.waitFor("Remove cou2 in Settings?")
        try tmux.send("Enter")
        try await hub.waitFor("no broadcast sent")
        #expect(!(try tmux.screen().contains("Attempts left")), "the walk never types a wrong password")
        // 8. F10 asks mid-walk; Enter quits.
        try tmux.send("F10")
        try await hub.waitFor("Quit hubsim?")
        try tmux.send("Enter")
        try await hub.waitFor("EXIT=0")
    }

    /// The seconds in "You will be signed out in N s" on `screen`, if it shows the countdown.
    static func countdown(_ screen: String) -> Int? {
        guard let range = screen.range(of: "You will be signed out in ") else { return nil }
        return Int(screen[range.upperBound...].prefix { $0.isNumber })
    }
}
