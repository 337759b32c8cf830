import Testing
@testable import SessionEngine

/// The `token-in-flight` fault: an app's silent token request still under way when the session
/// ends. Entra's global sign-out cancels it first (MSAL common for Android, "Add
/// CommandDispatcher methods to stop and reset silent request executor"); a Workspace ONE
/// check-in tells no broker, and the request comes back after it.
@Suite struct FaultsTokenInFlightTests {
    static func rosterSignedIn() -> SharedDevice {
        var d = Fixtures.staged(.entraIOS, apps: ["roster", "chat"])
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.launch("roster")
        return d
    }

    @Test func theGlobalSignOutInterruptsTheRequestAndNoTokenIsWrittenBack() throws {
        var d = Self.rosterSignedIn()
        let armed = try d.armFault(InjectedFault(.tokenInFlight), on: "roster").get()
        // The request leaves for the broker and stays in flight: no answer, no token yet.
        #expect(d.acquireTokenSilently("roster") == .success(.failed(.inFlight)))
        #expect(d.tokenStatus(of: "roster") == .failed(.inFlight))
        #expect(d.armedFaults.isEmpty)
        #expect(d.snapshot.faults?.tokensInFlight?.map(\.app) == ["roster"])
        #expect(d.snapshot.faults?.tokensInFlight?.first?.answer == .token(TokenGrant(account: "cou1", source: .broker)))
        #expect(d.faultEffects.first?.consequence == "roster's silent request is in flight: cou1's token comes back when the session ends")
        let calls = d.app("roster")!.log.filter { $0.kind == .call }.map { "\($0.name): \($0.detail)" }
        #expect(calls.last == "acquireTokenSilent: failed: still in flight: no answer yet")
        // cou1 signs out: the broker cancels the request before it signs out.
        _ = d.signOut(from: .broker)
        #expect(d.tokenStatus(of: "roster") == .failed(.interrupted(by: "cou1")))
        #expect(d.app("roster")!.token?.account == nil)
        #expect(d.snapshot.faults?.tokensInFlight == [])
        #expect(d.snapshot.tokens?.keychains.values.joined().contains { $0.account == "cou1" } != true)
        let effect = try #require(d.faultEffects.first)
        // Armed after the last transition: it fired during none.
        #expect(effect.fault == armed && effect.kind == .tokenInFlight && effect.during == nil)
        #expect(effect.consequence == "the global sign-out of cou1 cancelled roster's silent request: it got 'interrupted', and no token of cou1's was written back")
        #expect(d.snapshot.coverage(of: .fault(.tokenInFlight, during: nil)) == 1)
        #expect(d.log.entries.filter { $0.kind == .fault }.map(\.text) == [
            "fault #1 (token-in-flight) armed on roster",
            "fault #1 fired: roster's acquireTokenSilent stays in flight (injected)",
            "fault #1: " + effect.consequence + " (injected)",
        ])
        // The next silent request is an ordinary one: nobody signed in, interaction required.
        #expect(d.acquireTokenSilently("roster") == .success(.failed(.interactionRequired(.signedOut("cou1")))))
    }

    @Test func aRequestWhoseAppEndedComesBackToNobody() throws {
        var d = Self.rosterSignedIn()
        _ = d.armFault(InjectedFault(.tokenInFlight), on: "roster")
        _ = d.acquireTokenSilently("roster")
        _ = d.terminate("roster")
        _ = d.signOut(from: .broker)
        #expect(d.faultEffects.first?.consequence == "roster stopped before its silent request came back: no token, no error")
        #expect(d.snapshot.faults?.tokensInFlight == [])
    }

    @Test func aCheckInTellsNoBrokerAndTheRequestComesBackAfterIt() throws {
        var d = Fixtures.staged(.workspaceOne, apps: ["roster", "notes"])
        _ = d.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1")
        _ = d.launch("roster")
        _ = d.armFault(InjectedFault(.tokenInFlight), on: "roster")
        let answer = d.acquireTokenSilently("roster")
        #expect(answer == .success(.failed(.inFlight)))
        let kept = try #require(d.snapshot.faults?.tokensInFlight?.first?.answer)
        _ = d.openBroker()
        _ = d.logOut()
        // Its answer lands after the check-in, as it was when the request left.
        #expect(d.app("roster")!.token?.last == kept)
        #expect(d.faultEffects.first?.consequence.hasPrefix("roster's silent request came back after cou1 checked in") == true)
    }

    @Test func onlyAnAppWithTokensCanBeArmed() {
        var d = Fixtures.staged(.workspaceOne, apps: ["notes", "roster"])
        #expect(d.armFault(InjectedFault(.tokenInFlight), on: "notes") == .failure(.faultNotApplicable("notes", .tokenInFlight,
                why: "notes asks for no tokens (no MSAL token set-up): pick an app with single sign-on")))
        #expect(InjectedFault(parsing: "token-in-flight") == InjectedFault(.tokenInFlight))
        #expect(InjectedFault(.tokenInFlight).label == "token-in-flight")
        #expect(TokenFailure.interrupted(by: "cou1").tag == "interrupted" && TokenFailure.inFlight.tag == "in-flight")
    }
}
