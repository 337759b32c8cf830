import Testing
@testable import SessionEngine

/// The account removed in the Authenticator behind the SDK's back (Docs/faults.md,
/// "account-removed-behind-sdk"): no notification, so each app keeps the data it shows until
/// its own code asks `getCurrentAccount` (Microsoft Learn, shared device mode for iOS).
@Suite struct AccountRemovalTests {
    @Test func noAppIsToldAndEachKeepsItsDataUntilItsOwnCheck() {
        var d = SSO.device(.entraIOS, ["chat", "tasks"])
        #expect(d.signIn(user: "cou1", password: "cou1") == .success(.checkedOut("cou1")))
        _ = d.launch("chat")
        _ = d.launch("tasks")
        #expect(d.app("chat")!.currentUser == "cou1")
        #expect(d.app("tasks")!.currentUser == "cou1")
        var t = Trail(d)
        var inbox = Inbox()
        _ = inbox.take(d, "chat"); _ = inbox.take(d, "tasks")
        #expect(d.removeAccountInAuthenticator() == .success(.checkedIn))
        #expect(t.take(d) == [
            "tasks: background",
            "cou1's account removed in Authenticator, behind the SDK's back: nobody is signed in; no SHARED_MODE_CURRENT_ACCOUNT_CHANGED posted",
            "chat, tasks still show cou1's data: no app was told",
            "exposure: chat keeps cou1's 2 items in plaintext while nobody is signed in",
            "exposure: tasks keeps cou1's 2 items in plaintext while nobody is signed in",
        ])
        #expect(inbox.take(d, "chat") == [])
        #expect(inbox.take(d, "tasks") == [])
        #expect(d.state == .checkedIn)
        #expect(d.currentAccount == (nil, "cou1"))
        #expect(d.snapshot.history.last?.ending == .accountRemoved)
        #expect(d.snapshot.coverage(of: .race("account-removed-behind-sdk")) == 1)
        // The broker's account is gone: a silent request needs the person.
        #expect(d.acquireTokenSilently("chat") == .success(.failed(.interactionRequired(.signedOut("cou1")))))
        _ = t.take(d)
        // Tasks never checks the account after start-up: in front, it shows cou1's tasks to whoever holds the device.
        #expect(d.launch("tasks") == .success(.foreground))
        #expect(t.take(d) == [
            "launch tasks",
            "tasks: foreground (resumed)",
            "LEAK: tasks shows cou1's 2 items while nobody is signed in",
        ])
        // Chat checks at its foreground and clears.
        #expect(d.launch("chat") == .success(.foreground))
        #expect(t.take(d) == [
            "tasks: background",
            "launch chat",
            "chat: foreground (resumed)",
            "chat → getCurrentAccount (foreground): current: nil, previous: cou1",
            "exposure cleared in chat: it holds nothing of cou1's now",
        ])
        #expect(d.app("chat")!.currentUser == nil)
        #expect(d.app("tasks")!.currentUser == "cou1")
    }

    @Test func refusedWhereThereIsNoAccountToRemove() {
        var ws1 = Fixtures.staged(apps: ["notes"])
        #expect(ws1.removeAccountInAuthenticator() == .failure(.notSupported(action: "removing the account in the Authenticator", profile: .workspaceOne)))
        var entra = SSO.device(.entraIOS, ["chat"])
        #expect(entra.removeAccountInAuthenticator() == .failure(.notCheckedOut))
        #expect(entra.log.entries(after: 0).last?.text == "removeAccountInAuthenticator refused: The device is not checked out.")
    }
}
