import Testing
@testable import SessionEngine

/// Each SDK's rules where that SDK is in charge, and nowhere else: an MSAL app beside the
/// Workspace ONE Hub is not in shared device mode (Microsoft's shared device mode for iOS:
/// only there does `getCurrentAccount` give the device's account), and a Workspace ONE SDK
/// app on an Entra device has no Hub to tell it of a check-in or check-out (the Workspace ONE
/// SDK documentation, shared devices). Every event-log line is asserted, in order.
@Suite struct ProfileBoundaryTests {
    /// Beside the Hub, an MSAL app nobody signed in to learns nobody from the check-outs:
    /// at its cold start, at a foreground, after cou1's check-out and after cou2's.
    @Test func anMSALAppBesideTheHubShowsNobodysDataAfterCheckOuts() {
        var d = Fixtures.staged(apps: ["roster", "till"])
        var t = Trail(d)
        #expect(d.checkOut("cou1") == .success(.checkedOut("cou1")))
        #expect(t.take(d) == [
            "check out: device checked out to cou1",
            "MSAL apps are not told: not in shared device mode, so a Hub check-out or check-in tells MSAL nothing",
        ])
        #expect(d.launch("till") == .success(.foreground))
        #expect(t.take(d) == [
            "launch till (cold start)", "till: foreground (cold start)",
            "till → getCurrentAccount (cold start): current: nil, previous: nil",
        ])
        #expect(d.launch("roster") == .success(.foreground))
        #expect(t.take(d) == [
            "till: background", "launch roster (cold start)", "roster: foreground (cold start)",
            "roster → getCurrentAccount (cold start): current: nil, previous: nil",
        ])
        #expect(d.logOut() == .success(.checkedIn))
        #expect(d.checkOut("cou2") == .success(.checkedOut("cou2")))
        _ = t.take(d)
        #expect(d.launch("roster") == .success(.foreground))
        #expect(t.take(d) == [
            "launch roster", "roster: foreground (resumed)",
            "roster → getCurrentAccount (foreground): current: nil, previous: nil",
        ])
        for id in ["roster", "till"] {
            let app = d.app(id)!
            #expect(app.currentUser == nil)
            #expect(app.storage.allSatisfy { $0.owner == nil })
            #expect(!app.log.contains { $0.kind == .notification || $0.kind == .callback })
        }
        #expect(d.findings.isEmpty)
        #expect(d.snapshot.leakCount == 0)
        #expect(d.verdict(of: d.app("roster")!).kind == .notTold)
    }

    /// Whoever signed in to an MSAL app beside the Hub stays signed in through check-ins:
    /// the audit reports it once the device has another user, with what leaks and why.
    @Test func anMSALSignInBesideTheHubOutlivesTheCheckIn() {
        var d = SSO.device(.workspaceOne, ["roster"])
        _ = d.beginTokenRequest("roster"); _ = d.completeTokenRequest(user: "cou1", password: "cou1")
        #expect(d.app("roster")!.currentUser == "cou1")
        #expect(d.findings.isEmpty)
        _ = d.logOut()
        #expect(d.findings == [LeakFinding(app: "roster", severity: .atRestExposure, owners: ["cou1"], currentUser: nil, itemCount: 1, token: true)])
        _ = d.checkOut("cou2")
        var t = Trail(d)
        #expect(d.launch("roster") == .success(.foreground))
        #expect(t.take(d) == [
            "launch roster", "roster: foreground (resumed)",
            "roster → getCurrentAccount (foreground): current: cou1, previous: nil",
            "LEAK: roster shows cou1's 1 item to cou2 and uses cou1's token",
        ])
        let v = d.verdict(of: d.app("roster")!)
        #expect(v.kind == .leak)
        #expect(v.sentence == "LEAK: shows cou1's 1 item, uses cou1's token: not in shared device mode, so a Hub check-out or check-in tells MSAL nothing; it keeps cou1's sign-in")
        #expect(d.snapshot.leakCount == 1)
    }

    /// On an Entra device a Workspace ONE SDK app gets no Workspace ONE callbacks from a
    /// launch, a global sign-in, a sign-out, another user's sign-in or a foreground: only its
    /// initial check, without an error. It keeps its first user's data and shows it to cou2.
    @Test func aWorkspaceOneAppOnAnEntraDeviceGetsNoWorkspaceOneCallbacks() {
        var d = Fixtures.staged(.entraIOS, apps: ["notes", "chat"])
        var inbox = Inbox()
        var t = Trail(d)
        #expect(d.launch("notes") == .success(.foreground))
        #expect(t.take(d) == [
            "launch notes (cold start)", "notes: foreground (cold start)",
            "notes ← \(initialOK)",
        ])
        #expect(inbox.take(d, "notes") == [initialOK])
        #expect(d.block(of: d.app("notes")!) == nil)
        #expect(d.app("notes")!.currentUser == nil)

        #expect(d.signIn(user: "cou1", password: "cou1") == .success(.checkedOut("cou1")))
        #expect(t.take(d) == [
            "notes: background",
            "global sign-in from broker: cou1 is the device's current account",
            "WS1 SDK apps are not told: no Hub here, so a global sign-in or sign-out tells the Workspace ONE SDK nothing",
            "posted SHARED_MODE_CURRENT_ACCOUNT_CHANGED",
            "chat missed SHARED_MODE_CURRENT_ACCOUNT_CHANGED (not running)",
        ])
        #expect(d.launch("notes") == .success(.foreground))
        #expect(t.take(d) == ["launch notes", "notes: foreground (resumed)"])
        #expect(inbox.take(d, "notes").isEmpty)
        #expect(d.app("notes")!.currentUser == "cou1")  // its first user

        #expect(d.signOut() == .success(.checkedIn))
        #expect(d.signIn(user: "cou2", password: "cou2") == .success(.checkedOut("cou2")))
        #expect(inbox.take(d, "notes").isEmpty)
        _ = t.take(d)
        #expect(d.launch("notes") == .success(.foreground))
        #expect(t.take(d) == [
            "launch notes", "notes: foreground (resumed)",
            "LEAK: notes shows cou1's 3 items to cou2",
        ])
        #expect(inbox.take(d, "notes").isEmpty)
        #expect(!d.app("notes")!.log.contains { [wipe, userChange].contains($0.name) || $0.kind == .missed })
        #expect(d.verdict(of: d.app("notes")!).sentence
                == "LEAK: shows cou1's 3 items: no Hub here, so a global sign-in or sign-out tells the Workspace ONE SDK nothing; it keeps cou1's data")

        // A relaunch is another initial check, still without an error, and the same user.
        _ = d.terminate("notes"); _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [initialOK])
        #expect(d.app("notes")!.currentUser == "cou1")
        #expect(d.snapshot.leakCount == 1)
    }

    /// Signing yourself in through an app, with nobody signed in globally, is not a leak; the
    /// same token is one once another user signs in.
    @Test func yourOwnSignInIsNotALeak() {
        var d = SSO.device(.entraIOS, ["tasks"])
        // Tasks's broker set-up is broken (msauth not queried): its own prompt signs cou1 in,
        // for Tasks only.
        _ = d.beginTokenRequest("tasks")
        let outcome = try? d.completeTokenRequest(user: "cou1", password: "cou1").get()
        #expect(outcome?.grant?.account == "cou1")
        #expect(outcome?.grant?.source == .inAppPrompt)
        #expect(d.state == .checkedIn)
        #expect(d.app("tasks")!.currentUser == "cou1")
        #expect(d.findings.isEmpty)
        _ = d.background("tasks")
        #expect(d.findings.isEmpty)
        #expect(d.snapshot.leakCount == 0)
        #expect(!d.log.entries.contains { $0.kind == .leak || $0.kind == .exposure })

        var t = Trail(d)
        #expect(d.signIn(user: "cou2", password: "cou2") == .success(.checkedOut("cou2")))
        _ = t.take(d)
        _ = d.launch("tasks")
        #expect(t.take(d).suffix(1) == ["LEAK: tasks shows cou1's 2 items to cou2 and uses cou1's token"])
        #expect(d.snapshot.leakCount == 1)
    }

    /// One exposure is counted once, whatever the events and lifecycle changes while it lasts;
    /// it counts again only after the app held nothing of that owner's.
    @Test func aLeakIsCountedOncePerAppAndOwner() {
        var d = Fixtures.staged(.entraIOS, apps: ["notes"])
        _ = d.signIn(user: "cou1", password: "cou1"); _ = d.launch("notes")
        _ = d.signOut(); _ = d.signIn(user: "cou2", password: "cou2")
        _ = d.launch("notes")
        #expect(d.snapshot.leakCount == 1)
        for _ in 0..<3 { _ = d.background("notes"); _ = d.launch("notes") }
        _ = d.signOut(); _ = d.signIn(user: "cou2", password: "cou2"); _ = d.launch("notes")
        #expect(d.snapshot.leakCount == 1)
        #expect(d.log.entries.filter { $0.kind == .leak }.count == 1)
        #expect(!d.log.entries.contains { $0.text.contains("×0") })
    }
}
