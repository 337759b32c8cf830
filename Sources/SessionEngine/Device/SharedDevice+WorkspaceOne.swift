extension SharedDevice {
    /// **check out** in the Hub: Group ID (when the tenant prompts for it), user name,
    /// password, then the app passcode when the policy requires one. Needs the console.
    ///
    /// With `passcode` nil and a policy that requires one, valid credentials give
    /// `.passcodeRequired` without counting a failure: the Hub then asks for the passcode.
    public mutating func checkOut(group: String?, user: String, password: Secret, passcode: Secret? = nil) -> Result<DeviceState, Refusal> {
        guard profile.id == .workspaceOne else { return refuse("checkOut", .notSupported(action: "check out", profile: profile.id)) }
        switch state {
        case .checkedIn: break
        case .unenrolled: return refuse("checkOut", .notEnrolled)
        case .enrolling: return refuse("checkOut", .enrollmentInProgress)
        case let .checkedOut(u): return refuse("checkOut", .alreadyCheckedOut(u))
        case let .locked(u): return refuse("checkOut", .lockedDevice(u))
        }
        openBroker()
        guard online else { return refuse("checkOut", .offline("check-out")) }
        if tenant.promptsForGroupID {
            guard let g = group, !g.isEmpty else { return refuse("checkOut", .missingGroupID) }
            guard tenant.group(g) != nil else { return refuse("checkOut", .unknownGroup(g)) }
        }
        let account: TenantUser
        switch authenticate(user: user, password: password) {
        case .success(let u): account = u
        case .failure(let r): return refuse("checkOut", r)
        }
        if let problem = validateNewPasscode(passcode) { return refuse("checkOut", problem) }
        beginSession(account.id, passcode: policy.requiresAppPasscode ? passcode : nil)
        if snapshot.enrollment?.mode == .singleUser && snapshot.enrollment?.assignedUser == nil {
            snapshot.enrollment?.assignedUser = account.id
            logEvent(.event, "Single User Device: assigned to \(account.id) for good")
        }
        logEvent(.event, "check out: device checked out to \(account.id)\(account.isStagingUser ? " (the staging user, authenticating a second time)" : "")")
        cover(.checkOut)
        announceAccountChange()
        audit()
        return .success(state)
    }

    /// **log out** in the Hub's menu: the device is checked in. Refused while locked
    /// (004: "Check-in requires unlock") and on a Single User Device. Works offline: the
    /// Hub enters the checked-in state at once and tells the console when it can.
    public mutating func logOut() -> Result<DeviceState, Refusal> {
        guard profile.id == .workspaceOne else { return refuse("logOut", .notSupported(action: "log out", profile: profile.id)) }
        switch state {
        case let .checkedOut(u):
            if snapshot.enrollment?.mode == .singleUser { return refuse("logOut", .singleUserDevice(u)) }
            openBroker()
            endSession(.logOut)
            logEvent(.event, "log out: \(u) checked the device in")
            sessionEndedDuringRoundTrip(of: u)
            cover(.logOut)
            // No broker is told: a silent request in flight finishes after the check-in.
            interruptTokensInFlight(signedOut: u)
            announceAccountChange()
            audit()
            return .success(state)
        case let .locked(u): return refuse("logOut", .lockedDevice(u))
        case .unenrolled: return refuse("logOut", .notEnrolled)
        case .enrolling: return refuse("logOut", .enrollmentInProgress)
        case .checkedIn: return refuse("logOut", .notCheckedOut)
        }
    }

    /// **unlock** after an inactivity lock, with the app passcode when the policy sets one,
    /// else the user's password. Offline, the UI first switches to the Hub and then back
    /// to the app (004, "Offline unlock switches to Hub").
    public mutating func unlock(_ secret: Secret) -> Result<UnlockOutcome, Refusal> {
        guard case let .locked(user) = state else { return refuse("unlock", .notLocked) }
        if let until = attempts(of: user).lockedUntil { return refuse("unlock", .accountLockedOut(user, until: until)) }
        let ok: Bool
        if let hash = snapshot.session?.passcodeHash {
            ok = deps.hasher.verify(secret, against: hash)
        } else {
            ok = tenant.user(user).map { deps.hasher.verify(secret, against: $0.passwordHash) } ?? false
        }
        guard ok else {
            let usesPasscode = snapshot.session?.passcodeHash != nil
            return refuse("unlock", recordFailure(for: user, wrong: usesPasscode ? { .wrongPasscode(attemptsLeft: $0) } : { .wrongCredentials(attemptsLeft: $0) }))
        }
        snapshot.failedAttempts[user] = nil
        let returnTo = snapshot.foreground
        var viaHub = false
        if !online, returnTo != .hub {
            viaHub = true
            snapshot.foreground = .hub
            logEvent(.event, "offline unlock: the UI switched to the \(profile.brokerName)")
        }
        snapshot.state = .checkedOut(user)
        snapshot.lastActivity = now
        if viaHub {
            // Still checked out, so the UI switches back to the app (004).
            snapshot.foreground = returnTo
            logEvent(.event, "unlocked; the device is still checked out, so the UI switched back to \(returnTo.appID ?? "the Hub")")
        } else {
            logEvent(.event, "unlocked: \(user)")
        }
        cover(.unlock)
        announceDataAccessUnlocked()
        audit()
        return .success(UnlockOutcome(user: user, viaHub: viaHub, returnedTo: returnTo))
    }

    /// **enterprise wipe** from the console: ends any session (even a locked one) and
    /// reaches apps exactly as a check-in does (004: the SDK posts the same notification).
    /// The console's command needs the device online.
    public mutating func enterpriseWipe() -> Result<DeviceState, Refusal> {
        guard profile.hasEnterpriseWipe else { return refuse("enterpriseWipe", .notSupported(action: "enterprise wipe", profile: profile.id)) }
        guard state.isEnrolled else { return refuse("enterpriseWipe", state == .unenrolled ? .notEnrolled : .enrollmentInProgress) }
        guard online else { return refuse("enterpriseWipe", .offline("the console's wipe command")) }
        if let user = state.user {
            endSession(.enterpriseWipe)
            logEvent(.event, "enterprise wipe from the console: \(user)'s session ended, device checked in")
            sessionEndedDuringRoundTrip(of: user)
        } else {
            snapshot.marks.wipes = snapshot.marks.wipes.incremented
            logEvent(.event, "enterprise wipe from the console: managed app data will be wiped")
        }
        cover(.enterpriseWipe)
        // A check-in happens in the Hub, so no app is in front; the console's wipe can arrive
        // while an app is. Its SDK is active and acts on the wipe at once rather than showing
        // the previous user's data on a checked-in device until its next foreground.
        if let id = snapshot.foreground.appID { scheduleForegroundDelivery(id, coldStart: false) }
        audit()
        return .success(state)
    }

    // MARK: session bookkeeping shared by both profiles

    mutating func beginSession(_ user: UserID, passcode: Secret?) {
        snapshot.session = Session(user: user, startedAt: now, passcodeHash: passcode.map { deps.hasher.hash($0) })
        snapshot.marks.checkOuts = snapshot.marks.checkOuts.incremented
        snapshot.history.append(SessionRecord(user: user, checkedOutAt: now))
        snapshot.state = .checkedOut(user)
        snapshot.lastActivity = now
        ensureExternalKeys(for: user)
    }

    mutating func endSession(_ ending: SessionRecord.Ending) {
        if let user = state.user { snapshot.previousAccount = user }
        // Whoever signed an app in alone before this session is, from now on, a previous user too.
        if snapshot.tokens?.signedInAlone != nil { snapshot.tokens!.signedInAlone = nil }
        snapshot.session = nil
        managedHomeScreenSignedOut()
        snapshot.marks.wipes = snapshot.marks.wipes.incremented
        if let last = snapshot.history.indices.last, snapshot.history[last].endedAt == nil {
            snapshot.history[last].endedAt = now
            snapshot.history[last].ending = ending
        }
        snapshot.state = .checkedIn
    }
}

/// The result of a successful unlock.
public struct UnlockOutcome: Equatable, Sendable {
    public var user: UserID
    /// Offline: the UI went through the Hub first.
    public var viaHub: Bool
    /// Where the UI returned to.
    public var returnedTo: Foreground
}
