import Testing
@testable import SessionEngine

/// 003 under shared device mode (entra-ios, 000–002): the broker's account is the device's.
@Suite struct SSOSharedDeviceTests {
    /// The first broker sign-in is the device-wide sign-in: every app that uses the broker
    /// gets the account silently; an embedded-flow app does not.
    @Test func theFirstBrokerSignInServesEveryEligibleApp() {
        var d = SSO.device(.entraIOS, ["chat", "mail", "roster", "till"])
        var t = Trail(d)
        #expect(d.beginTokenRequest("roster") == .success(.awaiting(PendingTokenRequest(app: "roster", place: .broker, phase: .brokerInFront, isGlobalSignIn: true))))
        #expect(d.foreground == .hub)
        #expect(d.state == .checkedIn)
        _ = t.take(d)
        #expect(d.completeTokenRequest(user: "cou1", password: "cou1") == .success(.token("cou1", .brokerPrompt)))
        #expect(t.take(d) == [
            "global sign-in from roster through Authenticator: cou1 is the device's current account",
            "roster: foreground (back from the broker)",
            "Authenticator returns to roster through x-msauth-roster://com.contoso.roster",
            "roster → getCurrentAccount (foreground): current: cou1, previous: nil",
            "roster → acquireToken: cou1's token: prompted in the broker",
            "posted SHARED_MODE_CURRENT_ACCOUNT_CHANGED",
            "chat missed SHARED_MODE_CURRENT_ACCOUNT_CHANGED (not running)",
            "mail missed SHARED_MODE_CURRENT_ACCOUNT_CHANGED (not running)",
            "roster ← SHARED_MODE_CURRENT_ACCOUNT_CHANGED",
            "roster → getCurrentAccount (notification): current: cou1, previous: nil",
            "till missed SHARED_MODE_CURRENT_ACCOUNT_CHANGED (no listener registered)",
        ])
        #expect(d.state == .checkedOut("cou1"))
        #expect(d.snapshot.coverage["signIn"] == 1)
        _ = d.launch("chat"); _ = d.launch("till"); _ = t.take(d)
        #expect(d.acquireTokenSilently("chat") == .success(.token("cou1", .broker)))
        #expect(d.acquireTokenSilently("till") == .success(.failed(.interactionRequired(.noToken))))
        // A second broker request offers the device's account; another user is refused.
        #expect(d.beginTokenRequest("chat") == .success(.awaiting(PendingTokenRequest(app: "chat", place: .broker, phase: .brokerInFront, accounts: ["cou1"]))))
        #expect(d.completeTokenRequest(user: "cou2", password: "cou2") == .success(.failed(.otherAccountSignedIn("cou1"))))
        #expect(d.foreground == .app("chat"))
        #expect(d.state == .checkedOut("cou1"))
    }

    /// Global sign-out removes the account from every app that takes part; the embedded
    /// app keeps its own session, and the leak audit catches it.
    @Test func globalSignOutLeavesEmbeddedAppsSignedIn() {
        var d = SSO.device(.entraIOS, ["chat", "roster", "till"])
        _ = d.beginTokenRequest("roster"); _ = d.completeTokenRequest(user: "cou1", password: "cou1")
        _ = d.launch("chat"); _ = d.acquireTokenSilently("chat")
        _ = d.beginTokenRequest("till"); _ = d.completeTokenRequest(user: "cou1", password: "cou1")
        #expect(d.tokenStatus(of: "till") == .valid(account: "cou1", source: .inAppPrompt))
        #expect(d.findings.isEmpty)
        var t = Trail(d)
        #expect(d.signOut(from: .broker) == .success(.checkedIn))
        #expect(t.take(d) == [
            "till: background",
            "global sign-out from broker: cou1's account and cached tokens removed for every app (app data stays)",
            "global sign-out deleted cou1's tokens in keychain group com.contoso.frontline",
            "global sign-out deleted cou1's tokens in keychain group com.contoso.roster",
            "posted SHARED_MODE_CURRENT_ACCOUNT_CHANGED",
            "chat ← SHARED_MODE_CURRENT_ACCOUNT_CHANGED",
            "chat → getCurrentAccount (notification): current: nil, previous: cou1",
            "roster ← SHARED_MODE_CURRENT_ACCOUNT_CHANGED",
            "roster → getCurrentAccount (notification): current: nil, previous: cou1",
            "till missed SHARED_MODE_CURRENT_ACCOUNT_CHANGED (no listener registered)",
            // One exposure of cou1's, naming all it keeps, in Entra's words.
            "exposure: till keeps cou1's 1 item in plaintext and cou1's token while nobody is signed in",
        ])
        #expect(d.tokenStatus(of: "chat") == .failed(.interactionRequired(.signedOut("cou1"))))
        #expect(d.tokenStatus(of: "roster") == .failed(.interactionRequired(.signedOut("cou1"))))
        #expect(d.tokenStatus(of: "till") == .valid(account: "cou1", source: .inAppPrompt))
        #expect(d.acquireTokenSilently("chat") == .success(.failed(.interactionRequired(.signedOut("cou1")))))
        _ = d.signIn(user: "cou2", password: "cou2")
        _ = t.take(d)
        _ = d.launch("till")
        // One leak for one exposure: cou1's item and token, to cou2, counted once.
        #expect(t.take(d).suffix(2) == ["till: foreground (resumed)", "LEAK: till shows cou1's 1 item to cou2 and uses cou1's token"])
        #expect(d.findings.first == LeakFinding(app: "till", severity: .visibleLeak, owners: ["cou1"], currentUser: "cou2", itemCount: 1, token: true))
        #expect(d.snapshot.leakCount == 1)
        // Signing out of till ends it.
        #expect(d.removeAccount("till") == .success(TokenRemoval(group: "com.contoso.till", account: "cou1", by: "till", at: d.now, affected: [])))
        #expect(!d.findings.contains { $0.token == true })
    }

    /// A remove in one broker app is local: the broker still holds the device's account.
    @Test func aRemoveInABrokerAppIsLocal() {
        var d = SSO.device(.entraIOS, ["chat", "mail", "tasks"])
        _ = d.signIn(user: "cou1", password: "cou1", from: .app("chat"))
        #expect(d.tokenStatus(of: "chat") == .valid(account: "cou1", source: .brokerPrompt))
        _ = d.launch("tasks")
        #expect(d.acquireTokenSilently("tasks") == .success(.token("cou1", .keychainGroup(SSO.suiteGroup))))
        _ = d.removeAccount("chat")
        #expect(d.tokenStatus(of: "tasks") == .removed(account: "cou1", by: "chat"))
        #expect(d.refreshInBackground("tasks") == .success(.failed(.interactionRequired(.tokensRemoved(by: "chat", account: "cou1")))))
        #expect(d.acquireTokenSilently("chat") == .success(.token("cou1", .broker)))
        // The broker's token is cached in the group again, for tasks too.
        #expect(d.acquireTokenSilently("tasks") == .success(.token("cou1", .keychainGroup(SSO.suiteGroup))))
    }
}
