import Testing
@testable import SessionEngine

/// A refused credential check comes back as values (why, attempts left, lockout end), so a
/// prompt renders numbers rather than reading them out of a sentence.
@Suite struct CredentialFailureTests {
    @Test func wrongPasswordsCountDownThenLockTheAccountOut() {
        var d = Fixtures.device(tenant: Fixtures.cheapTenant())
        _ = d.enroll(group: "FRONTLINE", user: "stage", password: "stage")
        _ = d.completeEnrollment()
        var failures: [CredentialFailure?] = []
        for _ in 1...5 { failures.append(d.checkOut(group: "FRONTLINE", user: "cou1", password: "wrong").refusal?.credentialFailure) }
        let until = SimInstant.shiftStart.adding(seconds: 60)
        #expect(failures == [CredentialFailure(reason: .wrongCredentials, attemptsLeft: 4),
                             CredentialFailure(reason: .wrongCredentials, attemptsLeft: 3),
                             CredentialFailure(reason: .wrongCredentials, attemptsLeft: 2),
                             CredentialFailure(reason: .wrongCredentials, attemptsLeft: 1),
                             CredentialFailure(reason: .lockedOut, user: "cou1", attemptsLeft: 0, lockedUntil: until)])
        // During the lockout the right password gets the same lockout, with the same end.
        let locked = d.checkOut("cou1").refusal
        #expect(locked?.kind == .accountLockedOut)
        #expect(locked?.credentialFailure == CredentialFailure(reason: .lockedOut, user: "cou1", attemptsLeft: 0, lockedUntil: until))
    }

    @Test func aWrongPasscodeCountsAgainstTheSameLimit() {
        var d = Fixtures.device(tenant: Fixtures.strictTenant)
        _ = d.enroll(group: "WAREHOUSE", user: "stage", password: "stage")
        _ = d.completeEnrollment()
        _ = d.checkOut(group: "WAREHOUSE", user: "cou1", password: "cou1", passcode: "8642")
        _ = d.advanceClock(by: 120)
        let refusal = d.unlock("1111").refusal
        #expect(refusal?.kind == .wrongPasscode)
        #expect(refusal?.credentialFailure == CredentialFailure(reason: .wrongPasscode, attemptsLeft: 4))
    }

    @Test func onlyCredentialChecksAreCredentialFailures() {
        #expect(Refusal.offline("check-out").credentialFailure == nil)
        #expect(Refusal.unknownGroup("X").credentialFailure == nil)
        #expect(Refusal.Kind.allCases.filter(\.isCredentialFailure) == [.wrongCredentials, .accountLockedOut, .wrongPasscode,
                                                                    .wrongSessionPIN, .sessionPINAttemptsExhausted])
        // The kind's raw value is the tag scenarios and coverage use.
        #expect(Refusal.accountLockedOut("cou1", until: .shiftStart).tag == "locked-out")
        #expect(Set(Refusal.Kind.allCases.map(\.rawValue)).count == Refusal.Kind.allCases.count)
    }
}

private extension Result {
    var refusal: Failure? {
        if case let .failure(f) = self { return f }
        return nil
    }
}
