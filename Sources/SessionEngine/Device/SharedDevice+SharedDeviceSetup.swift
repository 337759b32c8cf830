/// The MDM set-up of Entra shared device mode (002) on an entra-ios device: whether its
/// registration put it in shared device mode, and the MDM taking the configuration away later.
extension SharedDevice {
    /// The registration's outcome on entra-ios (nil on workspace-one and before registration).
    /// A device saved before the set-up was modelled registered in shared device mode.
    public var sharedModeRegistration: SharedModeRegistration? {
        guard profile.id == .entraIOS, let enrollment = snapshot.enrollment else { return nil }
        return enrollment.sharedDeviceMode ?? SharedModeRegistration(brokenRules: [])
    }

    /// The rule of the MDM set-up that kept this entra-ios device out of shared device mode when
    /// it registered; nil when it is in shared device mode (or is not an entra-ios device).
    public var notInSharedDeviceModeBecause: SharedDeviceMisconfiguration? { sharedModeRegistration?.firstBrokenRule }

    /// The device mode and why, in one line: the broker's page shows it.
    public var deviceModeSummary: String {
        guard let registration = sharedModeRegistration, state.isEnrolled else { return "not registered yet" }
        return registration.summary
    }

    /// The set-up the MDM has for this device now: the tenant's, less what it removed since.
    public var currentSharedDeviceSetup: SharedDeviceSetup {
        (sharedModeRegistration?.removedAfterRegistration ?? []).reduce(tenant.sharedDeviceSetup) { $0.removing($1) }
    }

    /// The registration (002): the Authenticator reads the MDM's set-up once, when the device
    /// registers. A set-up that breaks a rule still registers the device, but not in shared
    /// device mode: MSAL's `getDeviceInformation` says `default` and no sign-out is global.
    mutating func registerSharedDeviceMode() {
        let setup = tenant.sharedDeviceSetup
        let broken = setup.misconfigurations
        snapshot.enrollment?.sharedDeviceMode = SharedModeRegistration(brokenRules: broken)
        if let first = broken.first {
            logEvent(.event, "registration: not in shared device mode: \(first) (\(first.tag))")
            for rule in broken.dropFirst() { logEvent(.event, "registration: also \(rule) (\(rule.tag))") }
            cover(.registration(brokenRule: first.kind))
        } else {
            logEvent(.event, "registration: the MDM set-up follows 002 (SSO plug-in profile, Authenticator sharedDeviceMode = true, iOS \(setup.iOSVersion)): shared device mode")
            cover(.registration(brokenRule: nil))
        }
    }

    /// The install steps of an entra-ios registration, as the MDM's set-up makes them.
    func sharedDeviceInstallSteps() -> [String] {
        let setup = tenant.sharedDeviceSetup
        let key = setup.authenticator?.sharedDeviceMode.map { "\($0)" } ?? "not set"
        return [profile.installSteps[0],
                setup.authenticator == nil ? "Authenticator not pushed by the MDM" : "Install Authenticator",
                "Set MDM key sharedDeviceMode = \(key)",
                setup.ssoExtension == nil ? "No SSO extension profile" : "Install SSO extension profile"]
    }

    /// **removeSharedDeviceConfiguration** (entra-ios): the MDM removes the Enterprise SSO
    /// plug-in profile or the Authenticator's `sharedDeviceMode` configuration from the
    /// registered device. The known issue: a device in shared device mode stays in it (the
    /// MSAL for iOS tracker, "Microsoft Authenticator App always in Shared Mode on the device
    /// even after Shared Device Mode configuration removed"; Docs/decisions.md links it) until
    /// it is reset and registered again (Microsoft Learn, "Set up an iOS device in shared
    /// device mode").
    public mutating func removeSharedDeviceConfiguration(_ part: SharedDeviceConfigurationPart) -> Result<SharedModeRegistration, Refusal> {
        let event = StepName.removeSharedDeviceConfiguration.rawValue
        guard profile.id == .entraIOS else {
            return refuse(event, .notSupported(action: "removing the shared device mode configuration", profile: profile.id))
        }
        switch state {
        case .unenrolled: return refuse(event, .notEnrolled)
        case .enrolling: return refuse(event, .enrollmentInProgress)
        default: break
        }
        guard var registration = sharedModeRegistration else { return refuse(event, .notEnrolled) }
        if registration.removedAfterRegistration.contains(part) {
            logEvent(.event, "MDM: \(part.label) was already removed from this device; nothing changes")
            audit()
            return .success(registration)
        }
        registration.removedAfterRegistration.append(part)
        snapshot.enrollment?.sharedDeviceMode = registration
        logEvent(.event, "MDM removed \(part.label) from the registered device")
        if let rule = registration.firstBrokenRule {
            logEvent(.event, "the device was registered without shared device mode (\(rule.tag)) and stays so")
        } else {
            logEvent(.event, "known issue (MSAL for iOS: the Authenticator stays in shared mode after its configuration is removed): the device stays in shared device mode until it is reset and registered again")
        }
        cover(.sharedDeviceConfigurationRemoved(part))
        audit()
        return .success(registration)
    }
}
