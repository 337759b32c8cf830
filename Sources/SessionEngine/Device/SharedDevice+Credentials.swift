extension SharedDevice {
    /// The console's credential check, with failed-attempt counting and lockout.
    /// Returns the user on success; on failure, the refusal to report.
    mutating func authenticate(user name: String, password: Secret, staging: Bool = false) -> Result<TenantUser, Refusal> {
        let id = UserID(name)
        if let until = attempts(of: id).lockedUntil { return .failure(.accountLockedOut(id, until: until)) }
        if let user = tenant.user(id), deps.hasher.verify(password, against: user.passwordHash) {
            if staging && !user.isStagingUser { return .failure(.notAStagingUser(id)) }
            snapshot.failedAttempts[id] = nil
            return .success(user)
        }
        return .failure(recordFailure(for: id, wrong: { .wrongCredentials(attemptsLeft: $0) }))
    }

    /// Counts a failed attempt; past the policy's limit the account is locked out.
    mutating func recordFailure(for id: UserID, wrong: (Int) -> Refusal) -> Refusal {
        var record = snapshot.failedAttempts[id] ?? FailedAttempts()
        if let until = record.lockedUntil, until <= now { record = FailedAttempts() }
        record.count = record.count.incremented
        if record.count >= policy.failedAttemptLimit {
            let until = now.adding(seconds: policy.lockoutDuration)
            record.lockedUntil = until
            snapshot.failedAttempts[id] = record
            logEvent(.event, "\(id) locked out for \(formatDuration(seconds: policy.lockoutDuration)) after \(record.count) failed attempts")
            cover(.accountLockout)
            return .accountLockedOut(id, until: until)
        }
        snapshot.failedAttempts[id] = record
        return wrong(policy.failedAttemptLimit - record.count)
    }

    /// Checks an app passcode against the policy before it is set.
    func validateNewPasscode(_ passcode: Secret?) -> Refusal? {
        guard profile.hasInactivityLock, let min = policy.appPasscodeMinLength else { return nil }
        guard let passcode, !passcode.isEmpty else { return .passcodeRequired(minLength: min) }
        guard passcode.isAllDigits, passcode.count >= min else { return .passcodeTooShort(minLength: min) }
        return nil
    }
}
