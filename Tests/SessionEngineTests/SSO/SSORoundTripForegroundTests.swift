import Testing
@testable import SessionEngine

/// The broker's redirect brings the app that asked back to the front, whatever the person
/// opened meanwhile: one app in front, the other goes to the background (found by the UI's
/// random walk: Roster opened while Chat's broker sign-in waited ended with two apps in front).
@Suite struct SSORoundTripForegroundTests {
    @Test func theAppOpenedMeanwhileGoesToTheBackgroundWhenTheBrokerReturns() {
        var d = SSO.device(.workspaceOne, ["chat", "roster"])
        _ = d.launch("chat")
        guard case .success(.awaiting) = d.beginTokenRequest("chat") else { Issue.record("no broker prompt"); return }
        #expect(d.foreground == .authenticator)
        _ = d.launch("roster")
        #expect(d.lifecycle(of: "roster") == .foreground)
        var t = Trail(d)
        #expect(d.cancelTokenRequest() == .success(.failed(.canceled)))
        #expect(t.take(d) == [
            "roster: background",
            "chat: foreground (back from the broker)",
            "Authenticator returns to chat through x-msauth-contoso://com.contoso.chat",
            "chat → getCurrentAccount (foreground): current: nil, previous: nil",
            "chat → acquireToken: failed: the person cancelled the prompt",
        ])
        #expect(d.lifecycle(of: "roster") == .background)
        #expect(d.foreground == .app("chat"))
        #expect(d.apps.filter { $0.lifecycle == .foreground }.map(\.id) == ["chat"])
    }
}
