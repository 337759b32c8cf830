import Testing
@testable import SessionEngine

/// The inactivity lock during an app's own sign-in prompt (Docs/faults.md,
/// "inactivity-lock-during-token-prompt"): the prompt is dismissed, MSAL's session is not
/// (Docs/faults.md, with the MSAL for iOS issue threads).
@Suite struct LockedPromptTests {
    @Test func theLockDismissesThePromptAndTheAppIsStuckUntilRestarted() {
        var d = SSO.device(.workspaceOne, ["till"])
        #expect(d.beginTokenRequest("till") == .success(.awaiting(PendingTokenRequest(app: "till", place: .inApp, phase: .promptInApp))))
        var t = Trail(d)
        #expect(d.advanceClock(by: d.policy.inactivityTimeout) == .success(.locked("cou1")))
        #expect(t.take(d) == [
            "inactivity lock: no input for \(formatDuration(seconds: d.policy.inactivityTimeout)); app UIs locked",
            "the inactivity lock dismissed till's sign-in prompt; MSAL still counts its interactive session as under way",
        ])
        #expect(d.pendingTokenRequest?.phase == .promptDismissed)
        #expect(d.tokenStatus(of: "till") == .inFlight(.promptDismissed))
        #expect(d.snapshot.coverage(of: .race("inactivity-lock-during-token-prompt")) == 1)
        guard case .success = d.unlock("cou1") else { Issue.record("unlock refused"); return }
        // Nothing is on screen to answer or cancel.
        #expect(d.completeTokenRequest(user: "cou1", password: "cou1") == .failure(.noTokenRequest))
        #expect(d.cancelTokenRequest() == .failure(.noTokenRequest))
        _ = t.take(d)
        #expect(d.beginTokenRequest("till") == .success(.finished(.failed(.interactiveSessionInProgress))))
        #expect(t.take(d) == [
            "till → acquireToken (interactive) while its dismissed session is still under way",
            "till → acquireToken: failed: only one interactive session is allowed at a time (MSAL -42402)",
        ])
        #expect(d.pendingTokenRequest?.phase == .promptDismissed)
        // Its process ends, and the session with it: the next request prompts again.
        #expect(d.terminate("till") == .success(.terminated))
        #expect(d.pendingTokenRequest == nil)
        #expect(d.beginTokenRequest("till") == .success(.awaiting(PendingTokenRequest(app: "till", place: .inApp, phase: .promptInApp))))
        #expect(d.completeTokenRequest(user: "cou1", password: "cou1") == .success(.token("cou1", .inAppPrompt)))
    }

    /// A broker prompt is the Authenticator's own screen: the lock does not dismiss it.
    @Test func aBrokerPromptOutlivesTheLock() {
        var d = SSO.device(.workspaceOne, ["chat"])
        _ = d.launch("chat")
        _ = d.beginTokenRequest("chat")
        #expect(d.advanceClock(by: d.policy.inactivityTimeout) == .success(.locked("cou1")))
        #expect(d.pendingTokenRequest?.phase == .brokerInFront)
        #expect(d.snapshot.coverage(of: .race("inactivity-lock-during-token-prompt")) == 0)
    }
}
