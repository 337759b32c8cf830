import Testing
@testable import SessionEngine

/// Each app's verdict (Docs/app-developers.md, "Reading a pane") through a check-in and a check-out of a second user, for
/// both profiles: received, will notice, missed, not integrated, will leak before the leak.
@Suite struct VerdictTests {
    private func verdicts(_ d: SharedDevice) -> [String] { d.verdicts.map { "\($0.app): \($0.verdict.kind.rawValue)" } }
    private func verdict(_ d: SharedDevice, _ id: AppID) -> AppVerdict { d.verdict(of: d.app(id)!) }

    @Test func workspaceOneCheckInThenASecondUser() {
        var d = Fixtures.staged(apps: ["notes", "scanner", "handbook", "reports", "inventory", "forms"])
        #expect(verdicts(d) == ["notes: notStarted", "scanner: notStarted", "handbook: notStarted", "reports: notStarted",
                                "inventory: notStarted", "forms: notIntegrated"])
        _ = d.checkOut("cou1")
        for id in ["notes", "scanner", "handbook", "reports", "forms"] { _ = d.launch(id) }
        d.openBroker()
        // A first start is a start, not an account change: only the initial check came.
        #expect(verdicts(d) == ["notes: started", "scanner: started", "handbook: started", "reports: started",
                                "inventory: notStarted", "forms: notIntegrated"])
        #expect(verdict(d, "notes") == AppVerdict(kind: .started, receivedAt: .shiftStart, via: ["\(API.didFinishInitialCheck)(error: nil)"]))

        _ = d.advanceClock(by: 60)
        #expect(d.logOut() == .success(.checkedIn))
        // Checked in: nobody is shown the faulty app's copy yet, so nothing is certain.
        #expect(verdicts(d) == ["notes: willNotice", "scanner: willNotice", "handbook: willNotice", "reports: willNotice",
                                "inventory: notStarted", "forms: notIntegrated"])
        #expect(verdict(d, "notes").next == .foreground)
        #expect(d.leakCounts == (0, 0))

        _ = d.advanceClock(by: 60)
        _ = d.checkOut("cou2")
        // cou2 is checked out: handbook ignores the wipe and lists cou1's plaintext copy at its
        // next foreground. Certain before it happens.
        #expect(verdicts(d) == ["notes: willNotice", "scanner: willNotice", "handbook: willLeak", "reports: willNotice",
                                "inventory: notStarted", "forms: notIntegrated"])
        let willLeak = verdict(d, "handbook")
        #expect(willLeak.owners == ["cou1"] && willLeak.next == .foreground)
        #expect(willLeak.cause == "ignores \(API.didWipeCurrentUserData) (deliberate fault)")
        #expect(d.leakCounts == (0, 1))

        _ = d.advanceClock(by: 60)
        _ = d.launch("notes")
        #expect(verdict(d, "notes") == AppVerdict(kind: .received, receivedAt: SimInstant.shiftStart.adding(seconds: 180),
                                                  via: [API.didWipeCurrentUserData, API.didDetectUserChange]))
        _ = d.launch("scanner")
        _ = d.launch("handbook")
        #expect(verdicts(d) == ["notes: received", "scanner: received", "handbook: leak", "reports: willNotice",
                                "inventory: notStarted", "forms: notIntegrated"])
        #expect(verdict(d, "handbook").owners == ["cou1"])
        #expect(d.leakCounts == (1, 0))
    }

    @Test func entraSignOutThenASecondUser() {
        var d = Fixtures.staged(.entraIOS, apps: ["chat", "mail", "tasks", "forms"])
        #expect(d.signIn(user: "cou1", password: "cou1") == .success(.checkedOut("cou1")))
        // Not running at the sign-in: each missed the notification and reads the account at start.
        #expect(verdicts(d) == ["chat: missed", "mail: missed", "tasks: missed", "forms: notIntegrated"])
        #expect(verdict(d, "chat") == AppVerdict(kind: .missed, missed: .notRunning, next: .coldStart))
        #expect(verdict(d, "tasks").missed == .notListening)
        for id in ["chat", "mail", "tasks", "forms"] { _ = d.launch(id) }
        d.openBroker()
        #expect(verdicts(d) == ["chat: started", "mail: started", "tasks: started", "forms: notIntegrated"])
        #expect(verdict(d, "mail").via == [API.getCurrentAccount])

        _ = d.advanceClock(by: 60)
        #expect(d.signOut() == .success(.checkedIn))
        // chat hears it in the background; mail cannot run there and notices at its next
        // foreground; tasks never asks again and shows cou1's tasks at its next foreground.
        #expect(verdicts(d) == ["chat: received", "mail: missed", "tasks: willLeak", "forms: notIntegrated"])
        #expect(verdict(d, "chat") == AppVerdict(kind: .received, receivedAt: SimInstant.shiftStart.adding(seconds: 60),
                                                 via: [API.accountChangedNotification, API.getCurrentAccount]))
        #expect(verdict(d, "mail") == AppVerdict(kind: .missed, missed: .noBackgroundCapability, next: .foreground))
        let tasks = verdict(d, "tasks")
        #expect(tasks.kind == .willLeak && tasks.owners == ["cou1"] && tasks.missed == .notListening)
        #expect(tasks.cause == "missed \(API.accountChangedNotification) (no listener registered); never calls \(API.getCurrentAccount) after start-up")
        #expect(d.app("forms")!.log.last == AppLogEntry(time: d.now, kind: .missed, name: API.accountChangedNotification, detail: "no SDK"))
        #expect(d.leakCounts == (0, 1))

        _ = d.advanceClock(by: 60)
        #expect(d.signIn(user: "cou2", password: "cou2") == .success(.checkedOut("cou2")))
        #expect(verdicts(d) == ["chat: received", "mail: missed", "tasks: willLeak", "forms: notIntegrated"])
        _ = d.launch("mail")
        #expect(verdict(d, "mail").kind == .received)
        _ = d.launch("tasks")
        #expect(verdicts(d) == ["chat: received", "mail: received", "tasks: leak", "forms: notIntegrated"])
        #expect(d.leakCounts == (1, 0))
    }

    @Test func stepModeHoldsAVerdictUntilRelease() {
        var d = Fixtures.staged(apps: ["notes"])
        _ = d.checkOut("cou1")
        d.setDeliveryMode(.held)
        _ = d.launch("notes")
        #expect(verdict(d, "notes") == AppVerdict(kind: .held, next: .release))
        _ = d.releaseNextDelivery()
        #expect(verdict(d, "notes").kind == .started)
    }

    /// A start that finds the device checked in is blocked, not "received": the initial check
    /// reported `sharedDeviceNotCheckedOut`, and only a relaunch after a check-out helps.
    @Test func aColdStartWhileCheckedInIsBlockedNotReceived() {
        var d = Fixtures.staged(apps: ["notes"])
        _ = d.launch("notes")
        #expect(verdict(d, "notes") == AppVerdict(kind: .blocked, receivedAt: .shiftStart,
                                                  via: ["\(API.didFinishInitialCheck)(error: \(API.sharedDeviceNotCheckedOut))"], next: .relaunch))
        #expect(verdict(d, "notes").sentence == "blocked until relaunch: \(API.didFinishInitialCheck)(error: \(API.sharedDeviceNotCheckedOut))")
    }

    /// A later start that cleans a previous user's data did learn of a change: received.
    @Test func aStartThatClearsAPreviousUsersDataIsReceived() {
        var d = Fixtures.staged(.entraIOS, apps: ["mail"])
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.launch("mail")
        _ = d.terminate("mail")
        _ = d.advanceClock(by: 60)
        _ = d.signOut()
        _ = d.signIn(user: "cou2", password: "cou2")
        _ = d.launch("mail")
        #expect(verdict(d, "mail").kind == .received)
        #expect(verdict(d, "mail").via == [API.getCurrentAccount])
    }

    @Test func aColdStartWhileCheckedInWaitsForARelaunch() {
        var d = Fixtures.staged(apps: ["notes"])
        _ = d.launch("notes")
        _ = d.checkOut("cou1")
        #expect(verdict(d, "notes") == AppVerdict(kind: .willNotice, next: .relaunch))
    }

    /// The audit's rows: the shown leak first, then what is kept in plaintext, each with whose
    /// data, since when and why.
    @Test func exposuresSayWhoseSinceWhenAndWhy() {
        var d = Fixtures.staged(apps: ["scanner", "handbook"])
        _ = d.checkOut("cou1")
        _ = d.launch("scanner"); _ = d.launch("handbook")
        _ = d.advanceClock(by: 30)
        _ = d.logOut()
        let checkIn = d.now
        _ = d.checkOut("cou2")
        #expect(d.exposures.map(\.app) == ["scanner", "scanner", "handbook", "handbook"])
        #expect(d.exposures.allSatisfy { $0.owner == "cou1" && $0.since == checkIn && !$0.shown })
        _ = d.launch("handbook")
        let rows = d.exposures
        #expect(rows.map(\.text) == ["Bookmarks of cou1", "Training progress of cou1", "Beep volume 7 (cou1)", "Default aisle 12 (cou1)"])
        #expect(rows.map(\.shown) == [true, true, false, false])
        #expect(rows[0].why == "ignores \(API.didWipeCurrentUserData) (deliberate fault)")
        #expect(rows[2].why == "keeps preferences by design (retain-preferences), unencrypted")
    }
}
