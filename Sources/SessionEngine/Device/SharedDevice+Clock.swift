extension SharedDevice {
    /// Moves the simulator's clock forward. Past the inactivity timeout (counted from the
    /// last input) a checked-out device locks; lockouts end when their time comes.
    public mutating func advanceClock(by seconds: Double) -> Result<DeviceState, Refusal> {
        guard seconds > 0 else { return .success(state) }
        let before = (revision: revision, content: contentRevision, findings: snapshot.findings)
        // The clock stops at `SimInstant.latest`: a device saved past it would reopen as damaged.
        let target = min(now.adding(seconds: seconds), SimInstant.latest)
        // Injected faults' timers (Docs/faults.md) due before the inactivity lock come first.
        if snapshot.faults != nil {
            var lockAt: SimInstant?
            if case .checkedOut = state, profile.hasInactivityLock { lockAt = snapshot.lastActivity.adding(seconds: policy.inactivityTimeout) }
            runFaultTimers(through: target, before: lockAt)
        }
        if case let .checkedOut(user) = state, profile.hasInactivityLock {
            let lockAt = snapshot.lastActivity.adding(seconds: policy.inactivityTimeout)
            if lockAt <= target {
                snapshot.now = max(now, lockAt)
                snapshot.state = .locked(user)
                logEvent(.event, "inactivity lock: no input for \(formatDuration(seconds: policy.inactivityTimeout)); app UIs locked")
                cover(.inactivityLock)
                lockDismissedPrompt()
                announceDataAccessLocked()
            }
        }
        for (user, record) in snapshot.failedAttempts.sorted(by: { $0.key < $1.key }) {
            if let until = record.lockedUntil, until > now, until <= target {
                snapshot.now = until
                logEvent(.event, "lockout of \(user) ended")
                snapshot.failedAttempts[user] = nil
            }
        }
        // Managed Home Screen's screensaver, countdown dialog and automatic sign-out.
        if snapshot.managedHomeScreen != nil { runManagedHomeScreenTimers(through: target) }
        if snapshot.faults != nil { runFaultTimers(through: target) }
        let timersWrote = revision != before.revision
        snapshot.now = target
        let moved = revision
        audit()
        // Only the clock moved when no timer wrote the snapshot and the audit's one write kept
        // the findings as they were: `contentRevision` stays, and a second of a device of
        // 10,000 apps costs the next frame the clock's cells (Docs/performance.md, "Frames").
        // Anything else the audit wrote (a line, a count) counts as a change.
        if !timersWrote, revision == moved &+ 1, snapshot.findings == before.findings { contentRevision = before.content }
        return .success(state)
    }

    /// A person pressed a key or clicked: the inactivity timer restarts. On Managed Home Screen
    /// the input may close the screensaver, which shows the apps again: audited then.
    public mutating func userActivity() {
        let before = state
        touch()
        if state != before { audit() }
    }

    /// The connectivity toggle.
    public mutating func goOnline() -> Result<DeviceState, Refusal> { setOnline(true) }
    public mutating func goOffline() -> Result<DeviceState, Refusal> { setOnline(false) }

    private mutating func setOnline(_ value: Bool) -> Result<DeviceState, Refusal> {
        touch()
        guard snapshot.online != value else { return .success(state) }
        snapshot.online = value
        logEvent(.event, value ? "device online" : "device offline")
        cover(value ? CoverageKey.goOnline : .goOffline)
        return .success(state)
    }
}
