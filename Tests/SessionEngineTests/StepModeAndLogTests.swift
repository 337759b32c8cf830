import Testing
@testable import SessionEngine

/// Step mode (held deliveries) and the event log.
@Suite struct StepModeAndLogTests {
    @Test func heldDeliveriesAreReleasedOneAtATimeInOrder() {
        var d = Fixtures.staged(.entraIOS, apps: ["chat", "mail"])
        var inbox = Inbox()
        _ = d.launch("mail"); _ = d.launch("chat")
        _ = inbox.take(d, "mail"); _ = inbox.take(d, "chat")
        _ = d.background("chat")
        d.setDeliveryMode(.held)
        _ = d.signIn(user: "cou1", password: "cou1", from: .app("mail"))
        // mail came to the foreground to ask for the token (its own check is held too), then
        // the notification went to chat (background, capability) and mail (foreground), in app order.
        #expect(d.heldDeliveries == [Delivery(app: "mail", kind: .accountCheck(coldStart: false)),
                                     Delivery(app: "chat", kind: .accountChanged), Delivery(app: "mail", kind: .accountChanged)])
        #expect(d.app("mail")!.currentUser == "cou1")  // the token response reached mail directly
        #expect(inbox.take(d, "chat") == [])
        #expect(d.hasHeldDelivery("chat") && d.isPending(d.app("chat")!))
        #expect(d.releaseNextDelivery() == .success(Delivery(app: "mail", kind: .accountCheck(coldStart: false))))
        #expect(d.releaseNextDelivery() == .success(Delivery(app: "chat", kind: .accountChanged)))
        #expect(inbox.take(d, "chat") == [accountChanged])
        #expect(inbox.take(d, "mail") == [])
        #expect(d.app("chat")!.currentUser == "cou1")
        #expect(d.releaseNextDelivery() == .success(Delivery(app: "mail", kind: .accountChanged)))
        #expect(inbox.take(d, "mail") == [accountChanged])
        #expect(d.releaseNextDelivery() == .failure(.nothingHeld))
    }

    @Test func workspaceOneOpportunitiesCanBeHeldToo() {
        var d = Fixtures.staged()
        var inbox = Inbox()
        _ = d.checkOut("cou1"); _ = d.launch("notes"); _ = d.logOut(); _ = d.checkOut("cou2")
        _ = inbox.take(d, "notes")
        d.setDeliveryMode(.held)
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [])
        #expect(d.app("notes")!.lifecycle == .foreground)
        #expect(d.isPending(d.app("notes")!))
        d.setDeliveryMode(.immediate)  // leaving step mode releases everything
        #expect(inbox.take(d, "notes") == [wipe, userChange])
        #expect(d.heldDeliveries.isEmpty)
    }

    @Test func heldDeliveryToATerminatedAppIsDropped() {
        var d = Fixtures.staged()
        d.setDeliveryMode(.held)
        _ = d.launch("notes")
        _ = d.terminate("notes")
        #expect(d.heldDeliveries.isEmpty)
    }

    @Test func theEventLogRecordsEventsDeliveriesAndCallbacksInOrderWithSimulatorTime() {
        var d = Fixtures.staged(apps: ["notes"])
        let mark = d.log.nextSeq
        _ = d.advanceClock(by: 30)
        _ = d.checkOut("cou1")
        _ = d.launch("notes")
        _ = d.goOffline()
        _ = d.logOut()
        _ = d.checkOut("cou2")
        let lines = d.log.entries(after: mark - 1).map { "\($0.time) \($0.kind.rawValue) \($0.text)" }
        #expect(lines == [
            "08:00:30 event check out: device checked out to cou1",
            "08:00:30 event not broadcast: Workspace ONE apps notice when they next come to the foreground or start cold",
            "08:00:30 event launch notes (cold start)",
            "08:00:30 lifecycle notes: foreground (cold start)",
            "08:00:30 callback notes ← controllerDidFinishInitialCheck(error: nil)",
            "08:00:30 event device offline",
            "08:00:30 lifecycle notes: background",
            "08:00:30 event log out: cou1 checked the device in",
            "08:00:30 event not broadcast: Workspace ONE apps notice when they next come to the foreground or start cold",
            "08:00:30 refused checkOut refused: The device is offline: check-out needs a connection to the console.",
        ])
        #expect(d.log.entries.map(\.seq) == Array(1...d.log.entries.count))
    }

    @Test func availableTransitionsFollowTheState() {
        var d = Fixtures.device()
        #expect(d.availableTransitions.map(\.id) == [.enroll])
        d = Fixtures.staged()
        #expect(d.availableTransitions.map(\.id) == [.checkOut, .enterpriseWipe])
        _ = d.checkOut("cou1")
        #expect(d.availableTransitions.map(\.id) == [.logOut, .inactivityLock, .enterpriseWipe])
        _ = d.advanceClock(by: 300)
        #expect(d.availableTransitions.map(\.id) == [.unlock, .enterpriseWipe])
    }

    @Test func applyDispatchesEveryActionThroughItsEvent() {
        var d = Fixtures.device()
        #expect(d.apply(.enroll(group: "FRONTLINE", user: "stage", password: "stage")).outcome == .accepted)
        #expect(d.apply(.completeEnrollment).outcome == .accepted)
        #expect(d.apply(.checkIn).outcome == .refused(.notCheckedOut))
        #expect(d.apply(.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil)).outcome == .accepted)
        #expect(d.apply(.launch("notes")).outcome == .accepted)
        #expect(d.apply(.suspend("notes")).outcome == .accepted)
        #expect(d.apply(.terminate("notes")).outcome == .accepted)
        #expect(d.apply(.background("notes")).outcome == .refused(.appNotRunning("notes")))
        #expect(d.apply(.advanceClock(seconds: 300)).outcome == .accepted)
        #expect(d.state == .locked("cou1"))
        #expect(d.apply(.unlock("cou1")).outcome == .accepted)
        #expect(d.apply(.logOut).outcome == .accepted)
        #expect(d.apply(.signIn(user: "cou1", password: "cou1", from: .broker)).outcome == .refused(.notSupported(action: "global sign-in", profile: .workspaceOne)))
    }
}

extension DeviceAction {
    /// Scenarios call the Hub's log out "checkIn".
    static var checkIn: DeviceAction { .logOut }
}

@Suite struct HeldDeliveryAuditTests {
    @Test func anAppMidNoticeInStepModeIsPendingNotLeaking() {
        var d = Fixtures.staged()
        _ = d.checkOut("cou1"); _ = d.launch("notes")
        _ = d.advanceClock(by: 300)
        #expect(d.state == .locked("cou1"))
        d.setDeliveryMode(.held)
        _ = d.enterpriseWipe()
        #expect(d.heldDeliveries == [Delivery(app: "notes", kind: .sdkOpportunity(coldStart: false))])
        #expect(d.isPending(d.app("notes")!))
        #expect(d.findings.allSatisfy { $0.severity != .visibleLeak })
        _ = d.releaseNextDelivery()
        #expect(d.block(of: d.app("notes")!) == .checkedIn)
        #expect(d.findings.isEmpty)
    }
}
