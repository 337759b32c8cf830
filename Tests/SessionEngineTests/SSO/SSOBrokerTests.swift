import Testing
@testable import SessionEngine

/// Broker-assisted sign-in (003): what each broken step of the set-up does, in order.
@Suite struct SSOBrokerTests {
    /// No URL scheme: the SDK refuses before leaving the app (no round trip).
    @Test func withoutItsURLSchemeTheAppNeverLeaves() {
        var d = SSO.device(.workspaceOne, [SSO.app("roster") { $0.urlSchemes = [] }])
        _ = d.launch("roster")
        var t = Trail(d)
        let problem = SSOMisconfiguration.urlSchemeNotRegistered(scheme: "x-msauth-roster", bundleID: "com.contoso.roster")
        #expect(d.beginTokenRequest("roster") == .success(.finished(.failed(.misconfigured(problem)))))
        #expect(t.take(d) == [
            "roster → acquireToken (interactive, AD_CREDENTIALS_AUTO)",
            "roster: the SDK does not leave the app: URL scheme `x-msauth-roster` is not registered by `com.contoso.roster` (CFBundleURLSchemes)",
            "roster → acquireToken: failed: misconfigured: URL scheme `x-msauth-roster` is not registered by `com.contoso.roster` (CFBundleURLSchemes)",
        ])
        #expect(d.foreground == .app("roster"))
        #expect(d.tokenStatus(of: "roster") == .failed(.misconfigured(problem)))
        #expect(d.acquireTokenSilently("roster") == .success(.failed(.misconfigured(problem))))
    }

    /// The OS reports the real bundle ID: a redirect naming another bundle is refused by
    /// the broker, after the round trip.
    @Test func aRedirectNamingAnotherBundleIsRefused() {
        var d = SSO.device(.workspaceOne, [SSO.app("chat") { $0.bundleID = "com.contoso.chat2" }])
        _ = d.launch("chat")
        var t = Trail(d)
        let problem = SSOMisconfiguration.redirectNamesOtherBundle(redirectURI: "x-msauth-contoso://com.contoso.chat", bundleID: "com.contoso.chat2")
        #expect(d.beginTokenRequest("chat") == .success(.finished(.failed(.misconfigured(problem)))))
        #expect(t.take(d) == [
            "chat → acquireToken (interactive, AD_CREDENTIALS_AUTO)",
            "chat: background (broker round trip)",
            "chat to the background: Authenticator in front (broker round trip)",
            "Authenticator refuses the request of com.contoso.chat2: redirect URI `x-msauth-contoso://com.contoso.chat` names another bundle; the OS reports `com.contoso.chat2`",
            "chat: foreground (back from the broker)",
            "Authenticator returns to chat through x-msauth-contoso://com.contoso.chat",
            "chat → getCurrentAccount (foreground): current: nil, previous: nil",
            "chat → acquireToken: failed: misconfigured: redirect URI `x-msauth-contoso://com.contoso.chat` names another bundle; the OS reports `com.contoso.chat2`",
        ])
        #expect(d.tokenStore.brokerAccounts.isEmpty)
    }

    /// No `msauth` in LSApplicationQueriesSchemes: the broker check fails and the SDK falls
    /// back to the embedded flow, saying so; the token comes from a prompt in the app.
    @Test func withoutMsauthTheSDKFallsBackToEmbedded() {
        var d = SSO.device(.workspaceOne, ["tasks"])
        _ = d.launch("tasks")
        var t = Trail(d)
        let fallback = SSOMisconfiguration.msauthNotQueried(bundleID: "com.contoso.tasks")
        #expect(d.beginTokenRequest("tasks") == .success(.awaiting(PendingTokenRequest(app: "tasks", place: .inApp, phase: .promptInApp, fellBack: fallback))))
        #expect(t.take(d) == [
            "tasks → acquireToken (interactive, AD_CREDENTIALS_AUTO)",
            "tasks: canOpenURL(msauth://) failed, the SDK falls back to the embedded flow: `msauth` is missing from LSApplicationQueriesSchemes of `com.contoso.tasks`: falls back to the embedded flow",
            "tasks shows its own sign-in prompt (embedded flow)",
        ])
        #expect(d.foreground == .app("tasks"))
        #expect(d.cancelTokenRequest() == .success(.failed(.canceled)))
        #expect(t.take(d) == ["tasks → acquireToken: failed: the person cancelled the prompt"])
        #expect(d.cancelTokenRequest() == .failure(.noTokenRequest))
        _ = d.beginTokenRequest("tasks")
        #expect(d.completeTokenRequest(user: "cou1", password: "cou1") == .success(.token("cou1", .inAppPrompt, fellBack: fallback)))
    }

    /// Certificate-based auth needs msauth://code/<url-encoded redirect> in the app and under
    /// the client ID, and the broker.
    @Test func certificateAuthNeedsItsRedirectAndTheBroker() {
        var d = SSO.device(.workspaceOne, [SSO.app("roster") { $0.redirectURIs = ["x-msauth-roster://com.contoso.roster"] },
                                           SSO.app("till") { $0.certificateAuth = true }])
        var t = Trail(d)
        let code = "msauth://code/x-msauth-roster%3A%2F%2Fcom.contoso.roster"
        let missing = SSOMisconfiguration.certificateRedirectMissing(expected: code, clientID: "9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02", inApp: true)
        #expect(d.beginTokenRequest("roster") == .success(.finished(.failed(.misconfigured(missing)))))
        #expect(t.take(d).filter { $0.hasPrefix("Authenticator") } == [
            "Authenticator refuses the request of com.contoso.roster: certificate auth needs redirect URI `\(code)` in the app",
            "Authenticator returns to roster through x-msauth-roster://com.contoso.roster",
        ])
        #expect(d.beginTokenRequest("till") == .success(.finished(.failed(.misconfigured(.certificateAuthNeedsBroker(mode: .embedded))))))
        #expect(t.take(d).last == "till → acquireToken: failed: misconfigured: certificate auth needs the broker, but the flow is embedded (AD_CREDENTIALS_EMBEDDED)")
    }

    /// What the simulator cannot do at all is refused, not reported as an SDK failure.
    @Test func refusals() {
        var d = SSO.device(.workspaceOne, [Fixtures.catalogue.app("notes")!, SSO.app("mail"), SSO.app("chat")])
        #expect(d.acquireTokenSilently("notes") == .failure(.noSSOConfiguration("notes")))
        #expect(d.beginTokenRequest("nope") == .failure(.unknownApp("nope", valid: ["notes", "mail", "chat"])))
        #expect(d.completeTokenRequest(user: "cou1", password: "cou1") == .failure(.noTokenRequest))
        #expect(d.refreshInBackground("mail") == .failure(.appNotRunning("mail")))
        _ = d.goOffline()
        #expect(d.beginTokenRequest("mail") == .failure(.offline("an interactive sign-in")))
        _ = d.goOnline()
        _ = d.beginTokenRequest("mail")
        #expect(d.beginTokenRequest("chat") == .failure(.tokenRequestPending("mail")))
        #expect(d.log.entries.last?.text == "acquireTokenInteractively refused: A sign-in prompt for mail is waiting: finish or cancel it first.")
        #expect(d.snapshot.coverage["refused:acquireTokenInteractively:token-request-pending"] == 1)
    }
}

extension SSOBrokerTests {
    /// A prompt ends with its app: terminated while the broker waits, nothing is left pending.
    @Test func aPromptEndsWithItsApp() {
        var d = SSO.device(.workspaceOne, ["roster"])
        _ = d.beginTokenRequest("roster")
        #expect(d.foreground == .authenticator)
        var t = Trail(d)
        #expect(d.terminate("roster") == .success(.terminated))
        #expect(t.take(d) == ["roster: terminated", "roster terminated", "the sign-in prompt for roster ended with its process"])
        #expect(d.pendingTokenRequest == nil)
        #expect(d.foreground == .hub)
        #expect(d.completeTokenRequest(user: "cou1", password: "cou1") == .failure(.noTokenRequest))
    }
}
