import Testing
@testable import SessionEngine

/// The broker's round trip interrupted when the session ends (Docs/faults.md,
/// "broker-interrupted-by-check-in"): the request outlives the session in the Authenticator,
/// and the app that comes back to the front without its response gets MSAL's
/// "application did not receive response from broker" (Docs/faults.md).
@Suite struct BrokerInterruptionTests {
    /// Workspace ONE: the Hub's check-in does not reach the Authenticator; the next user opens
    /// Chat, which comes to the front without a response and fails the request.
    @Test func aCheckInLeavesTheRoundTripWaitingAndTheNextForegroundEndsIt() {
        var d = SSO.device(.workspaceOne, ["chat"])
        _ = d.launch("chat")
        #expect(d.beginTokenRequest("chat") == .success(.awaiting(PendingTokenRequest(app: "chat", place: .broker, phase: .brokerInFront))))
        #expect(d.foreground == .authenticator)
        var t = Trail(d)
        #expect(d.logOut() == .success(.checkedIn))
        #expect(t.take(d) == [
            "log out: cou1 checked the device in",
            "chat's round trip still waits in Authenticator: the Intelligent Hub's session end does not reach it",
            "MSAL apps are not told: \(SDKRules.whyNotTold(.workspaceOne, .msal) ?? "")",
        ])
        #expect(d.pendingTokenRequest == PendingTokenRequest(app: "chat", place: .broker, phase: .brokerInFront))
        #expect(d.snapshot.coverage(of: .race("broker-interrupted-by-check-in")) == 1)
        #expect(d.checkOut("cou2") == .success(.checkedOut("cou2")))
        _ = t.take(d)
        #expect(d.launch("chat") == .success(.foreground))
        #expect(t.take(d) == [
            "launch chat",
            "chat: foreground (resumed)",
            "chat → getCurrentAccount (foreground): current: nil, previous: nil",
            "chat came to the front without Authenticator's response: MSAL ends the request",
            "chat → acquireToken: failed: application did not receive response from broker (MSAL -42700)",
        ])
        #expect(d.pendingTokenRequest == nil)
        #expect(d.tokenStatus(of: "chat") == .failed(.brokerResponseNotReceived))
        #expect(d.app("chat")!.currentUser == nil)
        #expect(d.findings.isEmpty)
    }

    /// Entra: the global sign-out takes the account the broker offered; its prompt now asks
    /// for credentials, and the next user's answer is the device-wide sign-in, whose token
    /// goes to the app that asked before the sign-out.
    @Test func aGlobalSignOutWithdrawsTheOfferedAccount() {
        var d = SSO.device(.entraIOS, ["chat", "mail"])
        #expect(d.signIn(user: "cou1", password: "cou1") == .success(.checkedOut("cou1")))
        _ = d.launch("chat")
        #expect(d.acquireTokenSilently("chat") == .success(.token("cou1", .broker)))
        #expect(d.beginTokenRequest("chat") == .success(.awaiting(PendingTokenRequest(app: "chat", place: .broker, phase: .brokerInFront, accounts: ["cou1"]))))
        var t = Trail(d)
        #expect(d.signOut(from: .broker) == .success(.checkedIn))
        #expect(t.take(d) == [
            "global sign-out from broker: cou1's account and cached tokens removed for every app (app data stays)",
            "global sign-out deleted cou1's tokens in keychain group com.contoso.frontline",
            "Authenticator withdraws cou1 from chat's round trip: cou1 is signed out; its prompt asks for credentials now",
            "posted SHARED_MODE_CURRENT_ACCOUNT_CHANGED",
            "chat ← SHARED_MODE_CURRENT_ACCOUNT_CHANGED",
            "chat → getCurrentAccount (notification): current: nil, previous: cou1",
            "mail missed SHARED_MODE_CURRENT_ACCOUNT_CHANGED (not running)",
        ])
        #expect(d.pendingTokenRequest == PendingTokenRequest(app: "chat", place: .broker, phase: .brokerInFront, isGlobalSignIn: true))
        // The withdrawn account cannot be picked: without a password it is a failed sign-in.
        #expect(d.completeTokenRequest(user: "cou1", password: nil).failureKind == .wrongCredentials)
        #expect(d.state == .checkedIn)
        _ = t.take(d)
        #expect(d.completeTokenRequest(user: "cou2", password: "cou2") == .success(.token("cou2", .brokerPrompt)))
        #expect(d.state == .checkedOut("cou2"))
        #expect(d.tokenStatus(of: "chat") == .valid(account: "cou2", source: .brokerPrompt))
        #expect(d.app("chat")!.currentUser == "cou2")
        #expect(d.findings.isEmpty)
    }

    /// Entra: after the sign-out the next user opens Chat instead: MSAL fails the request,
    /// and Chat, which cleared cou1's data on the notification, shows nobody.
    @Test func theNextUserOpeningTheAppEndsTheRequest() {
        var d = SSO.device(.entraIOS, ["chat"])
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.launch("chat")
        _ = d.beginTokenRequest("chat")
        _ = d.signOut(from: .broker)
        var t = Trail(d)
        #expect(d.launch("chat") == .success(.foreground))
        #expect(t.take(d) == [
            "launch chat",
            "chat: foreground (resumed)",
            "chat → getCurrentAccount (foreground): current: nil, previous: cou1",
            "chat came to the front without Authenticator's response: MSAL ends the request",
            "chat → acquireToken: failed: application did not receive response from broker (MSAL -42700)",
        ])
        #expect(d.pendingTokenRequest == nil)
        #expect(d.tokenStatus(of: "chat") == .failed(.brokerResponseNotReceived))
        #expect(d.acquireTokenSilently("chat") == .success(.failed(.interactionRequired(.signedOut("cou1")))))
        #expect(d.findings.isEmpty)
    }
}

extension Result where Failure == Refusal {
    /// The refusal's kind, or nil when the event was accepted.
    var failureKind: Refusal.Kind? { if case let .failure(r) = self { r.kind } else { nil } }
}
