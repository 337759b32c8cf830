import Testing
@testable import SessionEngine

/// Non-broker SSO and the broker outside shared device mode (003), on a Workspace ONE device
/// with the Contoso suite beside the Hub. Each test follows every state change in order.
@Suite struct SSOSuiteTests {
    /// The first suite app goes through the broker (a prompt); the others of the group get
    /// the token silently from the keychain group; roster's round trip offers the account.
    @Test func oneSignInServesTheSuite() {
        var d = SSO.device(.workspaceOne, ["chat", "mail", "tasks", "roster"])
        var t = Trail(d)
        #expect(d.acquireTokenSilently("chat") == .failure(.appNotRunning("chat")))
        _ = t.take(d)
        let request = PendingTokenRequest(app: "chat", place: .broker, phase: .brokerInFront)
        #expect(d.beginTokenRequest("chat") == .success(.awaiting(request)))
        #expect(t.take(d) == [
            "launch chat (cold start)", "chat: foreground (cold start)",
            "chat → getCurrentAccount (cold start): current: nil, previous: nil",
            "chat → acquireToken (interactive, AD_CREDENTIALS_AUTO)",
            "chat: background (broker round trip)",
            "chat to the background: Authenticator in front (broker round trip)",
            "Authenticator asks for credentials for chat",
        ])
        #expect(d.foreground == .authenticator)
        #expect(d.tokenStatus(of: "chat") == .inFlight(.brokerInFront))
        #expect(d.completeTokenRequest(user: "cou1", password: "cou1") == .success(.token("cou1", .brokerPrompt)))
        #expect(t.take(d) == [
            "Authenticator holds cou1 now, for every app that uses the broker",
            "chat: foreground (back from the broker)",
            "Authenticator returns to chat through x-msauth-contoso://com.contoso.chat",
            "chat → getCurrentAccount (foreground): current: nil, previous: nil",
            "chat → acquireToken: cou1's token: prompted in the broker",
        ])
        // Beside the Hub, MSAL knows only the app's own sign-in: chat shows cou1 (and creates
        // cou1's items) once its own token request signed cou1 in, not at the check-out.
        #expect(d.app("chat")!.log.suffix(4).map { "\($0.kind.rawValue) \($0.name): \($0.detail)" } == [
            "lifecycle foreground: back from the broker",
            "call getCurrentAccount: foreground → current: nil, previous: nil",
            "call acquireToken: cou1's token: prompted in the broker",
            "data create: cou1 created 2 item(s)",
        ])
        #expect(d.foreground == .app("chat"))
        #expect(d.tokenStore.keychains[SSO.suiteGroup] == [CachedToken(clientID: SSO.suiteClient, account: "cou1", by: "chat", at: d.now)])

        _ = d.launch("mail"); _ = t.take(d)
        #expect(d.acquireTokenSilently("mail") == .success(.token("cou1", .keychainGroup(SSO.suiteGroup))))
        #expect(t.take(d) == ["mail → acquireTokenSilent: cou1's token: keychain group com.contoso.frontline"])
        #expect(d.tokenStatus(of: "mail") == .valid(account: "cou1", source: .keychainGroup(SSO.suiteGroup)))

        #expect(d.beginTokenRequest("roster") == .success(.awaiting(PendingTokenRequest(app: "roster", place: .broker, phase: .brokerInFront, accounts: ["cou1"]))))
        #expect(t.take(d).suffix(2) == ["roster to the background: Authenticator in front (broker round trip)", "Authenticator offers cou1 to roster"])
        #expect(d.completeTokenRequest(user: "cou1", password: nil) == .success(.token("cou1", .broker)))
        #expect(t.take(d) == [
            "roster: foreground (back from the broker)",
            "Authenticator returns to roster through x-msauth-roster://com.contoso.roster",
            "roster → getCurrentAccount (foreground): current: nil, previous: nil",
            "roster → acquireToken: cou1's token: broker",
        ])
        // roster keeps its tokens in its own keychain: it shares them with nobody.
        #expect(d.tokenStore.keychains["com.contoso.roster"]?.map(\.by) == ["roster"])
        #expect(d.findings.isEmpty)
    }

    /// 003's warning: a remove in one app deletes the tokens of its whole keychain group;
    /// the others fail at their next refresh. roster, in its own keychain, keeps its token.
    @Test func aRemoveInOneAppEmptiesItsGroup() {
        var d = SSO.device(.workspaceOne, ["chat", "mail", "tasks", "roster"])
        _ = d.beginTokenRequest("chat"); _ = d.completeTokenRequest(user: "cou1", password: "cou1")
        _ = d.launch("tasks"); _ = d.acquireTokenSilently("tasks")
        _ = d.beginTokenRequest("roster"); _ = d.completeTokenRequest(user: "cou1", password: nil)
        _ = d.launch("mail"); _ = d.acquireTokenSilently("mail")
        var t = Trail(d)
        let removal = TokenRemoval(group: SSO.suiteGroup, account: "cou1", by: "mail", at: d.now, affected: ["chat", "tasks"])
        #expect(d.removeAccount("mail") == .success(removal))
        #expect(t.take(d) == ["mail → removeAccount(cou1): deleted 1 token(s) of cou1 in keychain group com.contoso.frontline; chat, tasks fail at their next refresh"])
        #expect(d.app("mail")!.log.suffix(2).map(\.name) == ["removeAccount", "clear"])
        #expect(d.tokenStatus(of: "mail") == .none)
        #expect(d.tokenStatus(of: "chat") == .removed(account: "cou1", by: "mail"))
        #expect(d.tokenStatus(of: "tasks") == .removed(account: "cou1", by: "mail"))
        #expect(d.tokenStatus(of: "roster") == .valid(account: "cou1", source: .broker))
        #expect(d.refreshInBackground("chat") == .success(.failed(.interactionRequired(.tokensRemoved(by: "mail", account: "cou1")))))
        #expect(t.take(d) == ["chat → refresh (background): failed: interaction required: cou1's tokens were removed by mail"])
        #expect(d.app("chat")!.token?.account == nil)
        #expect(d.refreshInBackground("chat") == .failure(.notSignedInToApp("chat")))
        _ = t.take(d)
        #expect(d.refreshInBackground("roster") == .success(.token("cou1", .keychainGroup("com.contoso.roster"))))
        #expect(t.take(d) == ["roster → refresh (background): cou1's token: keychain group com.contoso.roster"])
        #expect(d.removeAccount("mail") == .failure(.notSignedInToApp("mail")))
    }

    /// Sharing needs the same client ID, each app's own redirect registered under it, and
    /// the same keychain group: break one and the app prompts on its own.
    @Test func eachSharingRuleBrokenAlone() {
        let embedded: (inout SSOConfiguration) -> Void = { $0.credentialMode = .embedded }
        var d = SSO.device(.workspaceOne, [
            SSO.app("chat", embedded),
            SSO.app("mail") { embedded(&$0); $0.keychainGroup = "com.contoso.mail" },
            SSO.app("tasks") { embedded(&$0); $0.clientID = "9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02"; $0.redirectURIs = ["x-msauth-roster://com.contoso.roster"] },
            SSO.app("roster") { embedded(&$0); $0.clientID = SSO.suiteClient; $0.keychainGroup = SSO.suiteGroup; $0.certificateAuth = false },
        ])
        _ = d.beginTokenRequest("chat"); _ = d.completeTokenRequest(user: "cou1", password: "cou1")
        for id in ["mail", "tasks", "roster"] { _ = d.launch(id) }
        var t = Trail(d)
        #expect(d.acquireTokenSilently("mail") == .success(.failed(.interactionRequired(.notShared(
            .keychainGroupDiffers(group: "com.contoso.mail", others: ["chat", "roster"], theirGroup: SSO.suiteGroup))))))
        #expect(d.acquireTokenSilently("tasks") == .success(.failed(.interactionRequired(.notShared(
            .clientIDDiffers(clientID: "9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02", others: ["chat", "roster"], theirClientID: SSO.suiteClient))))))
        // roster's own redirect is not registered under the suite's client ID.
        let unregistered = SSOMisconfiguration.redirectNotRegistered(redirectURI: "x-msauth-roster://com.contoso.roster", clientID: SSO.suiteClient)
        #expect(d.acquireTokenSilently("roster") == .success(.failed(.misconfigured(unregistered))))
        #expect(t.take(d) == [
            "mail → acquireTokenSilent: failed: interaction required: not shared, keychain group `com.contoso.mail` differs from `com.contoso.frontline` of chat, roster (same client ID): no shared tokens",
            "tasks → acquireTokenSilent: failed: interaction required: not shared, client `9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02` differs from `6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01` of chat, roster (same keychain group): no shared tokens",
            "roster → acquireTokenSilent: failed: misconfigured: redirect URI `x-msauth-roster://com.contoso.roster` is not registered under client `6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01`",
        ])
        // Its own prompt fails the same way: the server refuses the redirect.
        #expect(d.beginTokenRequest("roster") == .success(.finished(.failed(.misconfigured(unregistered)))))
        #expect(d.pendingTokenRequest == nil)
        // mail prompts on its own and then holds its own token.
        #expect(d.beginTokenRequest("mail") == .success(.awaiting(PendingTokenRequest(app: "mail", place: .inApp, phase: .promptInApp))))
        #expect(d.foreground == .app("mail"))
        #expect(d.completeTokenRequest(user: "cou1", password: "cou1") == .success(.token("cou1", .inAppPrompt)))
        #expect(d.tokenStore.keychains["com.contoso.mail"]?.map(\.by) == ["mail"])
    }

    /// `AD_CREDENTIALS_EMBEDDED` never calls the broker, even fully set up for it.
    @Test func embeddedNeverCallsTheBroker() {
        var d = SSO.device(.workspaceOne, [SSO.app("roster") { $0.credentialMode = .embedded; $0.certificateAuth = false }])
        var t = Trail(d)
        #expect(d.beginTokenRequest("roster") == .success(.awaiting(PendingTokenRequest(app: "roster", place: .inApp, phase: .promptInApp))))
        #expect(t.take(d) == [
            "launch roster (cold start)", "roster: foreground (cold start)",
            "roster → getCurrentAccount (cold start): current: nil, previous: nil",
            "roster → acquireToken (interactive, AD_CREDENTIALS_EMBEDDED)",
            "roster shows its own sign-in prompt (embedded flow)",
        ])
        // A wrong password is refused and the prompt stays.
        #expect(d.completeTokenRequest(user: "cou1", password: "nope") == .failure(.wrongCredentials(attemptsLeft: 4)))
        #expect(d.tokenStatus(of: "roster") == .inFlight(.promptInApp))
        #expect(d.completeTokenRequest(user: "cou1", password: "cou1") == .success(.token("cou1", .inAppPrompt)))
        #expect(d.tokenStore.brokerAccounts.isEmpty)
    }
}
