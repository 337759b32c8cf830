import Foundation
import FuzzSupport
import Testing

/// Docs/app-developers.md's "Single sign-on across your apps: a walk", key for key at 80x24: every line it
/// quotes is on the screen it says (the pane's token line in its 80-column wording), and the
/// app its SSO map step names (Tasks) is one its first step installs.
@Suite("The app developers' single sign-on walk at 80x24", .offThePool)
struct ReadmeSSOWalkTests {
    @Test func everyQuotedLineIsOnTheScreen() async throws {
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral", "--apps", "chat,mail,tasks,roster,till"])
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.enroll()
        try await hub.checkOut("cou1")
        try await hub.waitFor("✗ no msauth query")                                   // 1
        try tmux.send("Tab", "i")                                               // 2
        try await hub.waitFor("Sign in for Chat")
        try await hub.waitFor("┌ Authenticator (broker) ")
        try hub.fill("cou1", "cou1")
        try await hub.waitFor("token: broker prompt")
        try tmux.send("Tab", "i")                                               // 3
        try await hub.waitFor("token: keychain group")
        try tmux.send("Tab", "Tab", "i")                                        // 4
        try await hub.waitFor("Holds cou1: pick it, no")
        try tmux.send("Enter")
        try await hub.waitFor("token: cou1 · broker")
        try tmux.send("Tab", "i")                                               // 5
        try await hub.waitFor("Till · its own sign-in")
        try hub.fill("cou1", "cou1")
        try await hub.waitFor("token: cou1 · prompted in the app")
        try tmux.send("BTab", "BTab", "BTab", "x")                              // 6
        try await hub.waitFor("Remove cou1 from Mail?")
        try tmux.send("Enter")
        try await hub.waitFor("token removed by mail")
        try await hub.waitForPane("Mail", "foreground")
        try tmux.send("BTab", "R")                                              // 7
        try await hub.waitFor("✗ removed by mail")
        try tmux.send("r")                                                      // 8
        try await hub.waitFor("✗ Tasks: `msauth` is missing from LSApplicationQueriesSchemes of")
        try await tmux.waitUntil("Mail's token line in the map", timeout: HubDriver.patience) { screen in
            if screen.contains("token: none (signed out of this app)") { return true }
            try? tmux.send("Down")
            return false
        }
        try await hub.quit()
    }
}
