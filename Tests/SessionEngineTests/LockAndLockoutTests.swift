import Testing
@testable import SessionEngine

/// Inactivity lock, unlock (online and offline), check-in while locked, failed attempts and lockout.
@Suite struct LockAndLockoutTests {
    @Test func inactivityLocksOnTheSimulatorClockAndCheckInRequiresUnlock() {
        var d = Fixtures.staged()
        _ = d.checkOut("cou1")
        _ = d.launch("notes")
        #expect(d.secondsUntilInactivityLock == 300)
        #expect(d.advanceClock(by: 299) == .success(.checkedOut("cou1")))
        _ = d.launch("scanner")  // input restarts the timer
        #expect(d.advanceClock(by: 200) == .success(.checkedOut("cou1")))
        #expect(d.apply(.userActivity).outcome == .accepted)  // so does typing that changes nothing
        #expect(d.secondsUntilInactivityLock == 300)
        #expect(d.advanceClock(by: 99) == .success(.checkedOut("cou1")))
        #expect(d.advanceClock(by: 200) == .success(.checkedOut("cou1")))
        #expect(d.advanceClock(by: 1) == .success(.locked("cou1")))
        #expect(d.log.entries.last { $0.kind == .event }?.time == SimInstant.shiftStart.adding(seconds: 299 + 200 + 300))
        #expect(d.block(of: d.app("scanner")!) == .locked)
        #expect(d.logOut() == .failure(.lockedDevice("cou1")))
        #expect(Refusal.lockedDevice("cou1").description.contains("check-in requires unlock"))
        #expect(d.unlock("cou1") == .success(UnlockOutcome(user: "cou1", viaHub: false, returnedTo: .app("scanner"))))
        #expect(d.state == .checkedOut("cou1"))
        #expect(d.logOut() == .success(.checkedIn))
        #expect(d.snapshot.coverage["inactivityLock"] == 1 && d.snapshot.coverage["unlock"] == 1)
        #expect(d.snapshot.coverage["refused:logOut:locked"] == 1)
    }

    /// Warping again and again stops at `SimInstant.latest`, the last time a saved device
    /// may hold (a later one would reopen as damaged), and the lock still happens on the way.
    @Test func theClockStopsAtTheLatestInstantADeviceCanBeSavedWith() {
        var d = Fixtures.staged()
        _ = d.checkOut("cou1")
        let tenYears = 315_360_000.0
        for _ in 0..<101 { _ = d.advanceClock(by: tenYears) }
        #expect(d.now == SimInstant.latest)
        #expect(d.now.isPlausible)
        #expect(d.state == .locked("cou1"))
        #expect(d.advanceClock(by: 1) == .success(.locked("cou1")))
        #expect(d.now == SimInstant.latest)
    }

    /// A second in which only the clock moves leaves `contentRevision` where it was (what the
    /// front end worked out from the device stands); `revision` moves (the device is saved),
    /// and so does `contentRevision` at any other change, the lock a second brings included.
    @Test func aSecondThatOnlyMovesTheClockKeepsTheContentRevision() {
        var d = Fixtures.staged()
        _ = d.checkOut("cou1")
        _ = d.launch("notes")
        let revision = d.revision, content = d.contentRevision
        #expect(d.advanceClock(by: 1) == .success(.checkedOut("cou1")))
        #expect(d.revision != revision)
        #expect(d.contentRevision == content)
        // Input restarts the inactivity timer: a change of the device.
        #expect(d.apply(.userActivity).outcome == .accepted)
        #expect(d.contentRevision != content)
        let afterInput = d.contentRevision
        #expect(d.advanceClock(by: 298) == .success(.checkedOut("cou1")))
        #expect(d.contentRevision == afterInput)
        // The second that brings the inactivity lock changes what the device shows.
        #expect(d.advanceClock(by: 2) == .success(.locked("cou1")))
        #expect(d.contentRevision != afterInput)
        // A revision once left is never taken again: the next change moves past every one seen.
        let locked = d.contentRevision
        _ = d.advanceClock(by: 1)
        #expect(d.contentRevision == locked)
        _ = d.goOffline()
        #expect(d.contentRevision > locked)
    }

    @Test func offlineUnlockGoesThroughTheHubAndBackToTheApp() {
        var d = Fixtures.staged()
        _ = d.checkOut("cou1")
        _ = d.launch("notes")
        _ = d.advanceClock(by: 300)
        _ = d.goOffline()
        #expect(d.state == .locked("cou1"))
        #expect(d.unlock("cou1") == .success(UnlockOutcome(user: "cou1", viaHub: true, returnedTo: .app("notes"))))
        #expect(d.foreground == .app("notes"))
        let texts = d.log.entries.suffix(2).map(\.text)
        #expect(texts == ["offline unlock: the UI switched to the Intelligent Hub",
                          "unlocked; the device is still checked out, so the UI switched back to notes"])
    }

    @Test func unlockUsesTheAppPasscodeWhenThePolicySetsOne() {
        var d = Fixtures.device(tenant: Fixtures.strictTenant)
        _ = d.enroll(group: "WAREHOUSE", user: "stage", password: "stage")
        _ = d.completeEnrollment()
        _ = d.checkOut(group: "WAREHOUSE", user: "cou1", password: "cou1", passcode: "8642")
        _ = d.advanceClock(by: 120)
        #expect(d.state == .locked("cou1"))
        #expect(d.unlock("cou1") == .failure(.wrongPasscode(attemptsLeft: 4)))
        #expect(d.unlock("8642").map(\.viaHub) == .success(false))
    }

    @Test func fiveFailuresLockTheAccountOutUntilTheLockoutExpires() {
        var d = Fixtures.device(tenant: Fixtures.cheapTenant())
        _ = d.enroll(group: "FRONTLINE", user: "stage", password: "stage")
        _ = d.completeEnrollment()
        var results: [Result<DeviceState, Refusal>] = []
        for _ in 1...5 { results.append(d.checkOut(group: "FRONTLINE", user: "cou1", password: "wrong")) }
        let until = SimInstant.shiftStart.adding(seconds: 60)
        #expect(results == [.failure(.wrongCredentials(attemptsLeft: 4)), .failure(.wrongCredentials(attemptsLeft: 3)),
                            .failure(.wrongCredentials(attemptsLeft: 2)), .failure(.wrongCredentials(attemptsLeft: 1)),
                            .failure(.accountLockedOut("cou1", until: until))])
        // Even the right password is refused during the lockout; other users are not affected.
        #expect(d.checkOut("cou1") == .failure(.accountLockedOut("cou1", until: until)))
        #expect(d.attempts(of: "cou1").left == 0 && d.attempts(of: "cou1").lockedUntil == until)
        #expect(d.attempts(of: "cou2").left == 5)
        _ = d.advanceClock(by: 59)
        #expect(d.checkOut("cou1") == .failure(.accountLockedOut("cou1", until: until)))
        _ = d.advanceClock(by: 1)
        #expect(d.log.entries.last?.text == "lockout of cou1 ended")
        #expect(d.attempts(of: "cou1").left == 5)
        #expect(d.checkOut("cou1") == .success(.checkedOut("cou1")))
        #expect(d.snapshot.coverage["accountLockout"] == 1)
        #expect(d.snapshot.coverage["refused:checkOut:wrong-credentials"] == 4)
        #expect(d.snapshot.coverage["refused:checkOut:locked-out"] == 3)
    }

    @Test func anUnknownUserIsRefusedLikeAWrongPassword() {
        var d = Fixtures.device(tenant: Fixtures.cheapTenant())
        _ = d.enroll(group: "FRONTLINE", user: "stage", password: "stage")
        _ = d.completeEnrollment()
        #expect(d.checkOut(group: "FRONTLINE", user: "nobody", password: "x") == .failure(.wrongCredentials(attemptsLeft: 4)))
    }

    @Test func successResetsTheFailedAttemptCount() {
        var d = Fixtures.device(tenant: Fixtures.cheapTenant())
        _ = d.enroll(group: "FRONTLINE", user: "stage", password: "stage")
        _ = d.completeEnrollment()
        _ = d.checkOut(group: "FRONTLINE", user: "cou1", password: "bad")
        _ = d.checkOut(group: "FRONTLINE", user: "cou1", password: "bad")
        #expect(d.attempts(of: "cou1").left == 3)
        _ = d.checkOut("cou1")
        #expect(d.attempts(of: "cou1").left == 5)
    }
}
