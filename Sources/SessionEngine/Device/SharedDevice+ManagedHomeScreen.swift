/// Managed Home Screen as the launcher (android-mhs): its sign-in name, the session PIN, the
/// screensaver and the automatic sign-out with its countdown dialog (Microsoft Learn, "Configure
/// the Microsoft Managed Home Screen app for Android Enterprise"). Signing in and out is the
/// global sign-in and sign-out every Entra profile shares; MHS adds only what is its own, and
/// only while its sign-in is enabled ("This setting can only be used if Enable sign in has been
/// set to True").
extension SharedDevice {
    /// The tenant's Managed Home Screen configuration.
    public var managedHomeScreenPolicy: ManagedHomeScreenPolicy { tenant.managedHomeScreen }

    /// Whether Managed Home Screen's sign-in and everything behind it apply to this device.
    public var hasManagedHomeScreenSignIn: Bool { profile.launcher == .managedHomeScreen && managedHomeScreenPolicy.enableSignIn }

    /// MHS's state for the signed-in worker; nil on a profile without Managed Home Screen.
    public var managedHomeScreen: ManagedHomeScreenState? {
        guard profile.launcher == .managedHomeScreen else { return nil }
        return snapshot.managedHomeScreen ?? .signedOut
    }

    /// The countdown dialog's number (whole seconds left, rounded up); nil when it is not shown.
    public var autoSignOutSecondsLeft: Int? {
        guard let at = snapshot.managedHomeScreen?.autoSignOutAt else { return nil }
        return Int(max(0, at.seconds(since: now)).rounded(.up))
    }

    /// Simulator seconds until the countdown dialog's number next changes: the terminal wakes
    /// then, so the seconds tick on screen. Nil when the dialog is not shown.
    public var secondsUntilCountdownTick: Double? {
        guard let at = snapshot.managedHomeScreen?.autoSignOutAt else { return nil }
        let left = max(0, at.seconds(since: now))
        let whole = left.rounded(.up)
        return whole == 0 ? 0 : left - (whole - 1)
    }

    /// Whether leaving the screensaver now needs the session PIN: one is set, the policy's
    /// `enable_PIN_to_resume` is on, and the device has been idle at least
    /// `minimum_inactive_time_before_session_pin_required` (or was, when the person came back).
    public var screensaverAsksForSessionPIN: Bool {
        guard let mhs = snapshot.managedHomeScreen, mhs.screensaver else { return false }
        return mhs.screensaverNeedsPIN || pinNeeded(afterIdle: now.seconds(since: snapshot.lastActivity))
    }

    /// Whether coming back after `idle` seconds needs the session PIN.
    private func pinNeeded(afterIdle idle: Double) -> Bool {
        let p = managedHomeScreenPolicy
        return snapshot.managedHomeScreen?.sessionPINHash != nil && p.enablePINToResume
            && idle >= Double(p.minimumInactiveTimeBeforeSessionPINRequired)
    }

    /// Wrong session PINs left before the automatic sign-out; nil: infinite tries.
    public var sessionPINAttemptsLeft: Int? {
        guard let limit = managedHomeScreenPolicy.sessionPINAttemptLimit else { return nil }
        return max(0, limit - (snapshot.managedHomeScreen?.failedPINAttempts ?? 0))
    }

    /// Whether a person's input now changes the device (`userActivity`): it restarts an
    /// inactivity timer, closes the countdown dialog or leaves the screensaver.
    public var reactsToUserActivity: Bool {
        if secondsUntilInactivityLock != nil { return true }
        guard let mhs = snapshot.managedHomeScreen, state.user != nil else { return false }
        return mhs.screensaver || mhs.autoSignOutAt != nil || managedHomeScreenPolicy.showsScreenSaver
            || managedHomeScreenPolicy.signsOutAutomatically
    }

    /// Simulator seconds until inactivity next changes an android-mhs device: the screensaver,
    /// the countdown dialog, or (while it shows) the automatic sign-out. Nil when nothing is due.
    public var secondsUntilManagedHomeScreenTimer: Double? {
        nextManagedHomeScreenTimer().map { max(0, $0.at.seconds(since: now)) }
    }

    // MARK: events

    /// **Create session PIN** on MHS's prompt after sign-in: checked against
    /// `minimum_length_for_session_PIN` and `session_PIN_complexity`, then kept only as a hash.
    public mutating func setSessionPIN(_ pin: Secret) -> Result<DeviceState, Refusal> {
        guard hasManagedHomeScreenSignIn else {
            return refuse("setSessionPIN", .notSupported(action: "the session PIN of Managed Home Screen", profile: profile.id))
        }
        guard case let .checkedOut(user) = state else {
            if case .locked = state { return refuse("setSessionPIN", .sessionPINAlreadySet) }
            return refuse("setSessionPIN", state.isEnrolled ? .notCheckedOut : .notEnrolled)
        }
        guard snapshot.managedHomeScreen?.mustSetSessionPIN == true else {
            return refuse("setSessionPIN", managedHomeScreenPolicy.asksForSessionPIN ? .sessionPINAlreadySet : .sessionPINNotEnabled)
        }
        if let problem = managedHomeScreenPolicy.problem(withSessionPIN: pin) { return refuse("setSessionPIN", problem) }
        touch()
        let hash = deps.hasher.hash(pin)
        snapshot.managedHomeScreen?.sessionPINHash = hash
        snapshot.managedHomeScreen?.mustSetSessionPIN = false
        logEvent(.event, "session PIN set for \(user) on \(Self.managedHomeScreenName) (kept as a hash; cleared at sign-out)")
        cover(.setSessionPIN)
        audit()
        return .success(state)
    }

    /// **Enter session PIN** to leave the screensaver. A wrong one counts; at
    /// `max_number_of_attempts_for_session_PIN` the worker is signed out ("before getting
    /// automatically logged out from Managed Home Screen"), a global sign-out.
    public mutating func enterSessionPIN(_ pin: Secret) -> Result<DeviceState, Refusal> {
        guard hasManagedHomeScreenSignIn else {
            return refuse("enterSessionPIN", .notSupported(action: "the session PIN of Managed Home Screen", profile: profile.id))
        }
        guard case let .locked(user) = state, let hash = snapshot.managedHomeScreen?.sessionPINHash, snapshot.managedHomeScreen?.screensaver == true else {
            return refuse("enterSessionPIN", .noSessionPINPrompt)
        }
        snapshot.lastActivity = now
        guard deps.hasher.verify(pin, against: hash) else {
            let used = (snapshot.managedHomeScreen?.failedPINAttempts ?? 0) + 1
            snapshot.managedHomeScreen?.failedPINAttempts = used
            guard let limit = managedHomeScreenPolicy.sessionPINAttemptLimit, used >= limit else {
                return refuse("enterSessionPIN", .wrongSessionPIN(attemptsLeft: sessionPINAttemptsLeft))
            }
            logEvent(.event, "wrong session PIN \(used) times (max_number_of_attempts_for_session_PIN \(limit)): \(Self.managedHomeScreenName) signs \(user) out")
            closeScreensaver(to: user)
            _ = signOut(from: .broker, taking: .tooManyPINAttempts)
            return refuse("enterSessionPIN", .sessionPINAttemptsExhausted(maximum: limit))
        }
        snapshot.managedHomeScreen?.failedPINAttempts = 0
        closeScreensaver(to: user)
        logEvent(.event, "session PIN accepted: \(user) resumes on \(Self.managedHomeScreenName)")
        cover(.resumeWithSessionPIN)
        audit()
        return .success(state)
    }

    /// **Dismiss** on the automatic sign-out's countdown dialog: the session goes on and the
    /// inactivity timer restarts.
    public mutating func dismissAutoSignOut() -> Result<DeviceState, Refusal> {
        guard hasManagedHomeScreenSignIn else {
            return refuse("dismissAutoSignOut", .notSupported(action: "the automatic sign-out of Managed Home Screen", profile: profile.id))
        }
        guard snapshot.managedHomeScreen?.autoSignOutAt != nil, state.user != nil else { return refuse("dismissAutoSignOut", .noAutoSignOutCountdown) }
        closeCountdown(because: "dismissed")
        audit()
        return .success(state)
    }

    // MARK: what the engine's other events do on MHS

    static let managedHomeScreenName = "Managed Home Screen"

    /// After a global sign-in on android-mhs: MHS asks for a session PIN when the policy wants one
    /// ("The Session PIN prompt will appear before end-user gets access to the home screen").
    mutating func managedHomeScreenSignedIn(_ user: UserID) {
        guard hasManagedHomeScreenSignIn else { return }
        let asks = managedHomeScreenPolicy.asksForSessionPIN
        snapshot.managedHomeScreen = ManagedHomeScreenState(mustSetSessionPIN: asks)
        if asks { logEvent(.event, "\(Self.managedHomeScreenName) asks \(user) to create a session PIN before the home screen") }
    }

    /// At any sign-out: the session PIN, its attempts, the screensaver and the countdown go
    /// ("is cleared upon sign-out").
    mutating func managedHomeScreenSignedOut() {
        guard let mhs = snapshot.managedHomeScreen else { return }
        snapshot.managedHomeScreen = nil
        if mhs.sessionPINHash != nil { logEvent(.event, "session PIN cleared at sign-out") }
    }

    /// A person's input on MHS: closes the countdown dialog (the timer restarts) and leaves a
    /// screensaver that does not ask for the PIN. `touch()` calls it after restarting the timer.
    mutating func managedHomeScreenSawActivity(idleBefore idle: Double) {
        guard let mhs = snapshot.managedHomeScreen, let user = state.user else { return }
        if mhs.autoSignOutAt != nil { closeCountdown(because: "closed by input") }
        if mhs.screensaver {
            if mhs.screensaverNeedsPIN || pinNeeded(afterIdle: idle) {
                snapshot.managedHomeScreen?.screensaverNeedsPIN = true
            } else {
                closeScreensaver(to: user)
                logEvent(.event, "screensaver closed by input: \(user) resumes on \(Self.managedHomeScreenName)")
                cover(.leaveScreensaver)
            }
        }
    }

    /// Fires MHS's timers due by `target`, in time order: the screensaver, the countdown dialog,
    /// the automatic sign-out. Called by `advanceClock`; moves `now` to each.
    mutating func runManagedHomeScreenTimers(through target: SimInstant) {
        var guardCount = 0
        while let next = nextManagedHomeScreenTimer(), next.at <= target, guardCount < 4 {
            guardCount += 1
            snapshot.now = max(now, next.at)
            guard let user = state.user else { return }
            let p = managedHomeScreenPolicy
            switch next.timer {
            case .screensaver:
                snapshot.managedHomeScreen?.screensaver = true
                snapshot.state = .locked(user)
                logEvent(.event, "screensaver: no input for \(formatDuration(seconds: Double(p.inactiveTimeToShowScreenSaver))) (inactive_time_to_show_screen_saver)")
                cover(.screensaver)
            case .countdown:
                let at = now.adding(seconds: Double(p.autoSignOutTimeToGiveUserNotice))
                snapshot.managedHomeScreen?.autoSignOutAt = at
                logEvent(.event, "automatic sign-out in \(p.autoSignOutTimeToGiveUserNotice) s: no input for \(formatDuration(seconds: Double(p.inactiveTimeToSignOut))) (inactive_time_to_signout); the countdown dialog shows")
                cover(.autoSignOutCountdown)
            case .signOut:
                logEvent(.event, "automatic sign-out: the countdown of \(p.autoSignOutTimeToGiveUserNotice) s ran out; \(Self.managedHomeScreenName) signs \(user) out")
                closeScreensaver(to: user)
                _ = signOut(from: .broker, taking: .autoSignOut)
                return
            }
        }
    }

    // MARK: helpers

    private enum ManagedHomeScreenTimer { case screensaver, countdown, signOut }

    /// The next timer of MHS and when it fires, counted from the last input.
    private func nextManagedHomeScreenTimer() -> (timer: ManagedHomeScreenTimer, at: SimInstant)? {
        guard hasManagedHomeScreenSignIn, let mhs = snapshot.managedHomeScreen, state.user != nil else { return nil }
        let p = managedHomeScreenPolicy
        if let at = mhs.autoSignOutAt { return (.signOut, at) }
        var next: (timer: ManagedHomeScreenTimer, at: SimInstant)?
        if p.signsOutAutomatically {
            next = (.countdown, snapshot.lastActivity.adding(seconds: Double(p.inactiveTimeToSignOut)))
        }
        if p.showsScreenSaver, !mhs.screensaver, case .checkedOut = state {
            let at = snapshot.lastActivity.adding(seconds: Double(p.inactiveTimeToShowScreenSaver))
            if next.map({ at <= $0.at }) ?? true { next = (.screensaver, at) }
        }
        return next
    }

    private mutating func closeCountdown(because why: String) {
        snapshot.managedHomeScreen?.autoSignOutAt = nil
        snapshot.lastActivity = now
        logEvent(.event, "automatic sign-out countdown \(why): the session goes on; the inactivity timer restarts")
        cover(.dismissAutoSignOut)
    }

    private mutating func closeScreensaver(to user: UserID) {
        guard snapshot.managedHomeScreen?.screensaver == true else { return }
        snapshot.managedHomeScreen?.screensaver = false
        snapshot.managedHomeScreen?.screensaverNeedsPIN = false
        if case .locked = state { snapshot.state = .checkedOut(user) }
        snapshot.lastActivity = now
    }
}
