import Testing
@testable import SessionEngine

/// Delivery faults (Docs/faults.md): drop, delay, duplicate and reorder act on a delivery
/// before step mode holds or applies it, on both profiles. Every state change and every
/// delivered callback is asserted in order.
@Suite struct FaultsDeliveryTests {
    static func faultLines(_ d: SharedDevice, after mark: Int) -> [String] { FaultsArmingTests.faultLines(d, after: mark) }

    /// entra-ios, cou1 signed in; chat (background, listens) and roster (foreground) running.
    static func entra() -> (SharedDevice, Inbox) {
        var d = Fixtures.staged(.entraIOS, apps: ["chat", "roster"])
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.launch("chat"); _ = d.launch("roster")
        var inbox = Inbox()
        _ = inbox.take(d, "chat"); _ = inbox.take(d, "roster")
        return (d, inbox)
    }

    /// workspace-one: cou1 used notes, checked in; cou2 checked out; notes in the background.
    static func workspaceOne() -> (SharedDevice, Inbox) {
        var d = Fixtures.staged(apps: ["notes"])
        _ = d.checkOut("cou1"); _ = d.launch("notes"); _ = d.background("notes")
        _ = d.logOut(); _ = d.checkOut("cou2")
        var inbox = Inbox()
        _ = inbox.take(d, "notes")
        return (d, inbox)
    }

    @Test func aDroppedNotificationNeverArrives() {
        var (d, inbox) = Self.entra()
        _ = d.armFault(InjectedFault(.drop), on: "chat")
        let mark = d.log.nextSeq
        #expect(d.signOut() == .success(.checkedIn))
        #expect(inbox.take(d, "chat") == [])
        #expect(inbox.take(d, "roster") == [accountChanged])
        #expect(d.app("chat")!.currentUser == "cou1" && d.app("chat")!.storage.count == 2)
        #expect(d.app("roster")!.currentUser == nil)
        #expect(d.armedFaults.isEmpty)
        let effect = d.faultEffects(of: "chat")
        #expect(effect.map(\.during) == [.signOut])
        #expect(effect.map(\.delivery) == ["chat: \(accountChanged)"])
        #expect(effect.map(\.consequence) == ["chat never gets \(accountChanged): chat still holds cou1's 2 items, shows cou1's data"])
        #expect(d.snapshot.coverage(of: .fault(.drop, during: .signOut)) == 1)
        #expect(Self.faultLines(d, after: mark) == [
            "fault #1 fired: chat: \(accountChanged) dropped (injected)",
            "fault #1: chat never gets \(accountChanged): chat still holds cou1's 2 items, shows cou1's data",
        ])
        // The audit names the fault: a reader tells it from a bug.
        #expect(d.log.entries(after: mark - 1).filter { $0.kind == .exposure }.map(\.text) == [
            "exposure: chat keeps cou1's 2 items in plaintext while nobody is signed in — injected fault #1 (drop) dropped chat: \(accountChanged) at signOut",
        ])
    }

    @Test func aDroppedSDKCheckLeavesTheNextUserLookingAtThePreviousUsersData() {
        var (d, inbox) = Self.workspaceOne()
        _ = d.armFault(InjectedFault(.drop), on: "notes")
        #expect(d.launch("notes") == .success(.foreground))
        #expect(inbox.take(d, "notes") == [])
        #expect(d.app("notes")!.currentUser == "cou1")
        let verdict = d.verdict(of: d.app("notes")!)
        #expect(verdict.kind == .leak)
        #expect(verdict.sentence == "LEAK: shows cou1's 3 items: injected fault #1 (drop) dropped notes: foreground (SDK check) at checkOut; \(wipe) not delivered yet (no foreground since)")
        #expect(d.findings.map(\.app) == ["notes"])
        #expect(d.log.entries.last { $0.kind == .leak }?.text == "LEAK: notes shows cou1's 3 items to cou2 — injected fault #1 (drop) dropped notes: foreground (SDK check) at checkOut")
        // Its next chance delivers as usual: the fault was one-shot.
        _ = d.background("notes"); _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [wipe, userChange])
        #expect(d.findings.isEmpty)
    }

    @Test func aDelayedDeliveryArrivesWhenTheClockReachesIt() {
        var (d, inbox) = Self.workspaceOne()
        _ = d.armFault(InjectedFault(.delay, seconds: 30), on: "notes")
        let mark = d.log.nextSeq
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [])
        #expect(d.snapshot.faults?.delayed.map(\.due) == [SimInstant.shiftStart.adding(seconds: 30)])
        #expect(d.verdict(of: d.app("notes")!).kind == .leak)
        _ = d.advanceClock(by: 29)
        #expect(inbox.take(d, "notes") == [])
        _ = d.advanceClock(by: 5)
        #expect(inbox.take(d, "notes") == [wipe, userChange])
        #expect(d.now == SimInstant.shiftStart.adding(seconds: 34))
        #expect(d.app("notes")!.log.last { $0.kind == .callback }?.time == SimInstant.shiftStart.adding(seconds: 30))
        #expect(d.findings.isEmpty)
        #expect(Self.faultLines(d, after: mark) == [
            "fault #1 fired: notes: foreground (SDK check) delayed to 08:00:30 (injected)",
            "fault #1: notes gets its SDK's check at the foreground only at 08:00:30; until then notes still holds cou1's 3 items, shows cou1's data",
            "fault #1: the delayed notes: foreground (SDK check) arrives (injected)",
        ])
        #expect(d.faultEffects.map(\.consequence) == ["notes got its SDK's check at the foreground late, at 08:00:30; then notes holds nobody else's readable data"])
        #expect(d.snapshot.faults?.delayed == [])
    }

    @Test func aDuplicatedNotificationArrivesTwice() {
        var (d, inbox) = Self.entra()
        _ = d.armFault(InjectedFault(.duplicate), on: "chat")
        _ = d.signOut()
        #expect(inbox.take(d, "chat") == [accountChanged, accountChanged])
        #expect(inbox.take(d, "roster") == [accountChanged])
        #expect(d.app("chat")!.currentUser == nil && d.app("chat")!.storage.isEmpty)
        #expect(d.faultEffects.map(\.consequence) == ["chat got \(accountChanged) twice; after the second, chat holds nobody else's readable data"])
        #expect(d.snapshot.coverage(of: .fault(.duplicate, during: .signOut)) == 1)
    }

    @Test func aReorderedNotificationArrivesAfterTheNextDelivery() {
        var (d, inbox) = Self.entra()
        _ = d.armFault(InjectedFault(.reorder), on: "chat")
        let mark = d.log.nextSeq
        _ = d.signOut()
        #expect(inbox.take(d, "chat") == [accountChanged])
        #expect(inbox.take(d, "roster") == [accountChanged])
        // The broadcast goes in app order (chat, roster): chat's arrives after roster's.
        let received = d.log.entries(after: mark - 1).filter { $0.kind == .notification }.map(\.app)
        #expect(received == ["roster", "chat"])
        #expect(Self.faultLines(d, after: mark) == [
            "fault #1 fired: chat: \(accountChanged) held back until the next delivery has arrived (injected)",
            "fault #1: chat gets \(accountChanged) after the next delivery; until then chat still holds cou1's 2 items, shows cou1's data",
            "fault #1: chat: \(accountChanged) arrives after roster: \(accountChanged) (reordered, injected)",
        ])
        #expect(d.snapshot.faults?.heldBack == [])
    }

    /// The global sign-out removes the account's tokens for every app (reference 000) whether or
    /// not the notification arrives: a dropped notification leaves the data, not the token.
    @Test func aDroppedNotificationLeavesTheDataButNotTheToken() {
        var (d, _) = Self.entra()
        #expect(d.acquireTokenSilently("chat").failureTag == nil)
        #expect(d.app("chat")!.tokenAccount == "cou1")
        _ = d.armFault(InjectedFault(.drop), on: "chat")
        _ = d.signOut()
        #expect(d.app("chat")!.tokenAccount == nil)
        #expect(d.faultEffects.map(\.consequence) == ["chat never gets \(accountChanged): chat still holds cou1's 2 items, shows cou1's data"])
        // The audit's exposures name the fault that left cou1's items behind.
        let kept = d.exposures.filter { $0.app == "chat" && $0.owner == "cou1" }
        #expect(kept.count == 2)
        #expect(kept.allSatisfy { $0.why.hasPrefix("injected fault #1 (drop)") }, "\(kept.map(\.why))")
    }

    @Test func aDuplicatedSDKCheckFindsNothingNewTheSecondTime() {
        var (d, inbox) = Self.workspaceOne()
        _ = d.armFault(InjectedFault(.duplicate), on: "notes")
        _ = d.launch("notes")
        // The SDK compares the session history: the second check has nothing to call back.
        #expect(inbox.take(d, "notes") == [wipe, userChange])
        #expect(d.app("notes")!.currentUser == "cou2")
        #expect(d.faultEffects.map(\.consequence) == ["notes got its SDK's check at the foreground twice; after the second, notes holds nobody else's readable data"])
        #expect(d.snapshot.coverage(of: .fault(.duplicate, during: .checkOut)) == 1)
    }

    @Test func aReorderedSDKCheckWaitsForTheNextDeliveryToAnyApp() {
        var d = Fixtures.staged(apps: ["notes", "timeclock"])
        _ = d.checkOut("cou1"); _ = d.launch("notes"); _ = d.launch("timeclock")
        _ = d.background("notes"); _ = d.background("timeclock")
        _ = d.logOut(); _ = d.checkOut("cou2")
        var inbox = Inbox()
        _ = inbox.take(d, "notes"); _ = inbox.take(d, "timeclock")
        _ = d.armFault(InjectedFault(.reorder), on: "notes")
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [])
        #expect(d.app("notes")!.currentUser == "cou1")
        #expect(d.verdict(of: d.app("notes")!).kind == .leak)
        let mark = d.log.nextSeq
        _ = d.launch("timeclock")
        #expect(inbox.take(d, "timeclock") == [wipe, userChange])
        #expect(inbox.take(d, "notes") == [wipe, userChange])
        let received = d.log.entries(after: mark - 1).filter { $0.kind == .callback }.map(\.app)
        #expect(received == ["timeclock", "timeclock", "notes", "notes"])
        #expect(d.app("notes")!.currentUser == "cou2")
    }

    @Test func stepModeShowsTheInterleavingFaultsCause() {
        var (d, inbox) = Self.entra()
        _ = d.armFault(InjectedFault(.duplicate), on: "chat")
        d.setDeliveryMode(.held)
        _ = d.signOut()
        // A duplicate is two held deliveries.
        #expect(d.heldDeliveries == [Delivery(app: "chat", kind: .accountChanged), Delivery(app: "chat", kind: .accountChanged),
                                     Delivery(app: "roster", kind: .accountChanged)])
        #expect(d.releaseNextDelivery() == .success(Delivery(app: "chat", kind: .accountChanged)))
        #expect(inbox.take(d, "chat") == [accountChanged])
        #expect(d.releaseNextDelivery() == .success(Delivery(app: "chat", kind: .accountChanged)))
        #expect(inbox.take(d, "chat") == [accountChanged])
        #expect(d.releaseNextDelivery() == .success(Delivery(app: "roster", kind: .accountChanged)))
        #expect(inbox.take(d, "roster") == [accountChanged])

        // A reordered one is held behind the next; a delayed one joins the queue when its time comes.
        _ = d.signIn(user: "cou2", password: "cou2")
        #expect(d.heldDeliveries == [Delivery(app: "chat", kind: .accountChanged), Delivery(app: "roster", kind: .accountChanged)])
        while case .success = d.releaseNextDelivery() {}
        _ = inbox.take(d, "chat"); _ = inbox.take(d, "roster")
        _ = d.armFault(InjectedFault(.reorder), on: "chat")
        _ = d.armFault(InjectedFault(.delay, seconds: 60), on: "roster")
        _ = d.signOut()
        // chat's is held back behind the next delivery, roster's delayed: nothing arrived yet.
        #expect(d.heldDeliveries == [])
        _ = d.advanceClock(by: 60)
        #expect(d.heldDeliveries == [Delivery(app: "roster", kind: .accountChanged), Delivery(app: "chat", kind: .accountChanged)])
        #expect(inbox.take(d, "chat") == [] && inbox.take(d, "roster") == [])
        _ = d.releaseNextDelivery(); _ = d.releaseNextDelivery()
        #expect(inbox.take(d, "roster") == [accountChanged])
        #expect(inbox.take(d, "chat") == [accountChanged])
        #expect(d.faultEffects.map(\.fault.id) == [1, 2, 3])
    }

    @Test func faultsOnOneAppFireInArmingOrderOnePerDelivery() {
        var (d, inbox) = Self.entra()
        _ = d.armFault(InjectedFault(.drop), on: "chat")
        _ = d.armFault(InjectedFault(.duplicate), on: "chat")
        _ = d.signOut()
        #expect(inbox.take(d, "chat") == [])
        #expect(d.armedFaults.map(\.fault.kind) == [.duplicate])
        _ = d.signIn(user: "cou2", password: "cou2")
        #expect(inbox.take(d, "chat") == [accountChanged, accountChanged])
        #expect(d.faultEffects.map(\.kind) == [.drop, .duplicate])
        #expect(d.faultEffects.map(\.during) == [.signOut, .signIn])
        #expect(d.armedFaults.isEmpty)
    }

    @Test func aDisarmedFaultNeverFires() {
        var (d, inbox) = Self.entra()
        let armed = d.armFault(InjectedFault(.drop), on: "chat")
        #expect(d.disarmFault(try! armed.get().id).failureTag == nil)
        _ = d.signOut()
        #expect(inbox.take(d, "chat") == [accountChanged])
        #expect(d.faultEffects.isEmpty)
    }
}
