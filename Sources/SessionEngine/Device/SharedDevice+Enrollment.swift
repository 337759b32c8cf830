extension SharedDevice {
    /// **enroll**: staging credentials (and Group ID for Workspace ONE) are validated online,
    /// then the profile installs step by step (`installNextProfileStep`).
    public mutating func enroll(group: String?, user: String, password: Secret) -> Result<DeviceState, Refusal> {
        switch state {
        case .unenrolled: break
        case .enrolling: return refuse("enroll", .enrollmentInProgress)
        default: return refuse("enroll", .alreadyEnrolled)
        }
        guard online else { return refuse("enroll", .offline("enrollment")) }
        var groupID: String?
        if profile.usesGroupID {
            guard let g = group, !g.isEmpty else { return refuse("enroll", .missingGroupID) }
            guard let known = tenant.group(g) else { return refuse("enroll", .unknownGroup(g)) }
            groupID = known.id
        }
        let staging: TenantUser
        switch authenticate(user: user, password: password, staging: true) {
        case .success(let u): staging = u
        case .failure(let r): return refuse("enroll", r)
        }
        guard case let .staging(mode) = staging.role else { return refuse("enroll", .notAStagingUser(staging.id)) }
        snapshot.enrollment = Enrollment(stagingUser: staging.id, group: groupID, mode: mode, enrolledAt: now)
        let profileSteps = profile.id == .entraIOS ? sharedDeviceInstallSteps() : profile.installSteps
        // Android: the broker registers the device after the apps are pushed (`androidRegistrationSteps`).
        let registration = profile.platform == .android ? Self.androidRegistrationSteps.map(\.step) : []
        let steps = profileSteps + snapshot.appSet.map { "Push app: \($0.name)" } + registration
        snapshot.state = .enrolling(EnrollmentProgress(steps: steps, completed: 1))
        logEvent(.event, "enroll: \(staging.id) (staging, \(mode.rawValue)) accepted\(groupID.map { " for group \($0)" } ?? ""); installing the profile")
        // entra-ios: the device registers now, and the MDM's set-up decides its mode (002).
        if profile.id == .entraIOS { registerSharedDeviceMode() }
        cover(.enroll)
        audit()
        return .success(state)
    }

    /// One step of profile installation: restrictions, certificates, then each app pushed.
    /// The last step puts the device in the checked-in (staged) state.
    public mutating func installNextProfileStep() -> Result<DeviceState, Refusal> {
        guard case var .enrolling(progress) = state else {
            return refuse("installProfile", state == .unenrolled ? .notEnrolled : .alreadyEnrolled)
        }
        // What the step changed: the app it pushed and one sent to the background.
        var touched = [snapshot.foreground.appID]
        if let step = progress.current {
            let appStepIndex = progress.completed - profile.installSteps.count
            if appStepIndex >= 0 && appStepIndex < snapshot.appSet.count {
                snapshot.apps.append(AppRuntime(definition: snapshot.appSet[appStepIndex]))
                // The new app's place only: rebuilding the whole index at every step made
                // enrolling N apps cost N² lookups.
                indexLastApp()
                let installed = snapshot.apps[snapshot.apps.count - 1].id
                touched.append(installed)
                // Delivery faults the app's entry lists are armed as it is installed
                // (Assets/scenarios/README.md, "Faults"), each logged as any arming is.
                for fault in snapshot.appSet[appStepIndex].deliveryFaults ?? [] { _ = armFault(fault, on: installed) }
            }
            logEvent(.event, "profile install: \(step)")
            androidRegistrationStep(at: progress.completed)
            progress.completed = progress.completed.incremented
        }
        if progress.isFinished {
            snapshot.state = .checkedIn
            // An app pushed earlier may have been launched meanwhile: it goes to the background
            // as the Hub comes to the front, so no app stays "in the foreground" behind it.
            sendForegroundAppToBackground()
            snapshot.foreground = .hub
            logEvent(.event, "enrollment complete: device checked in (staged); the \(profile.brokerName) shows the credential prompt")
            cover(.installProfile)
        } else {
            snapshot.state = .enrolling(progress)
        }
        audit(touching: touched)
        return .success(state)
    }

    /// Runs the remaining install steps at once (headless runs and tests).
    public mutating func completeEnrollment() -> Result<DeviceState, Refusal> {
        while case .enrolling = state {
            if case let .failure(r) = installNextProfileStep() { return .failure(r) }
        }
        return state == .checkedIn ? .success(state) : refuse("installProfile", .notEnrolled)
    }
}
