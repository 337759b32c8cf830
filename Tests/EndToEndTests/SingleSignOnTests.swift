import Foundation
import FuzzSupport
import Testing

/// Single sign-on on the real binary (ADAL cross-app single sign-on on iOS), workspace-one with the
/// Microsoft-SDK suite beside the Hub: check out, Chat asks for a token and is prompted in the
/// broker (Chat in the background, the Authenticator in front, then back), Mail gets one
/// silently from the suite's keychain group, Roster goes through the broker, which offers the
/// account it holds; then removing the account in Mail takes the group's tokens (Chat's
/// refresh fails) while Roster keeps its own.
@Suite("Single sign-on end to end", .offThePool)
struct SingleSignOnTests {
    @Test func suitePromptedThenSilentBrokerRoundTripAndRemoveAccount() async throws {
        // Wide enough for each token line's longest wording.
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral", "--apps", "chat,mail,roster,till"] + HubsimPane.cheapTenant, width: 170, height: 40)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.enroll()
        try await hub.checkOut("cou1")

        // Chat (first suite app): nothing cached, so the broker round trip with a password.
        try tmux.send("Tab", "i")
        try await hub.waitFor("Sign in for Chat")
        try await hub.waitFor("┌ Authenticator (broker) ")
        try await hub.waitForPane("Chat", "background")
        try tmux.type("cou1")
        try tmux.send("Enter")
        try tmux.type("cou1")
        let masked = try await hub.waitFor("••••")
        let passwordRow = masked.split(separator: "\n").first { $0.contains("••••") } ?? ""
        #expect(!passwordRow.contains("cou1"), "the password is masked")
        try tmux.send("Enter")
        try await hub.waitFor("token: cou1 · prompted in the broker")
        try await hub.waitForPane("Chat", "foreground")

        // Mail (second suite app): silently, from the keychain group Chat filled.
        try tmux.send("Tab", "i")
        let silent = try await hub.waitFor("token: cou1 · silent, keychain group com.contoso.frontline")
        #expect(!silent.contains("Sign in for Mail"), "no prompt for the second suite app")

        // Roster (a broker app with its own keychain): the round trip, the broker offers cou1.
        try tmux.send("Tab", "i")
        try await hub.waitFor("Sign in for Roster")
        try await hub.waitFor("Holds cou1: pick it, no password.")
        try await hub.waitForPane("Roster", "background")
        try tmux.send("Enter")
        try await hub.waitFor("token: cou1 · from the broker (Authenticator)")
        try await hub.waitForPane("Roster", "foreground")

        // Remove the account in Mail: the dialog forecasts Chat's loss, then the group loses it.
        try tmux.send("BTab", "x")
        try await hub.waitFor("Remove cou1 from Mail?")
        try await hub.waitFor("cou1's token gone from its keychain group")
        try tmux.send("Enter")
        try await hub.waitFor("token: cou1's removed by mail · fails at refresh")
        let after = try tmux.screen()
        #expect(after.contains("token: cou1 · from the broker (Authenticator)"), "Roster keeps its own token")

        // Chat's background refresh fails: its group's tokens are gone.
        try tmux.send("BTab", "R")
        try await hub.waitFor("✗ cou1's tokens removed by mail")
        #expect(try tmux.screen().contains("token: cou1 · from the broker (Authenticator)"))
        try await hub.quit()
    }
}
