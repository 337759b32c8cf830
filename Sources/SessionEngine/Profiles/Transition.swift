/// An arrow of a profile's state diagram (`F3`, the QA coverage map): an event that moves the
/// device from state to state. Each profile draws the transitions it has a label for, in this
/// order (`DeviceProfile.transitions`), and the engine counts each one taken
/// (`CoverageKey.transition`). Every property switches over the cases without a `default:`, so a
/// new transition does not compile until it says where it goes and which diagrams draw it.
public enum Transition: String, Codable, CaseIterable, Sendable {
    case enroll, installProfile, checkOut, logOut, inactivityLock, unlock, enterpriseWipe, signIn, signOut
    /// Managed Home Screen (Microsoft Learn, Managed Home Screen configuration): the session PIN
    /// created after sign-in, the screensaver after `inactive_time_to_show_screen_saver`, leaving
    /// it by input or with the session PIN, too many wrong PINs, the countdown dialog after
    /// `inactive_time_to_signout`, the dialog dismissed, and the automatic sign-out at its end.
    case setSessionPIN, screensaver, leaveScreensaver, resumeWithSessionPIN, tooManyPINAttempts
    case autoSignOutCountdown, dismissAutoSignOut, autoSignOut
    /// Android: the work account removed in the system's Settings > Accounts, which sends no
    /// broadcast (MSAL for Android common library, its end-to-end test of an account removed
    /// in Settings: the app finds the account gone only when it next asks).
    case removeAccountFromSettings

    /// The states it leaves.
    public var from: [DeviceState.Kind] {
        switch self {
        case .enroll: [.unenrolled]
        case .installProfile: [.enrolling]
        case .checkOut, .signIn: [.checkedIn]
        case .logOut, .signOut, .inactivityLock, .removeAccountFromSettings: [.checkedOut]
        case .unlock: [.locked]
        case .enterpriseWipe: [.checkedIn, .checkedOut, .locked]
        case .setSessionPIN, .screensaver: [.checkedOut]
        case .leaveScreensaver, .resumeWithSessionPIN, .tooManyPINAttempts: [.locked]
        case .autoSignOutCountdown, .dismissAutoSignOut, .autoSignOut: [.checkedOut, .locked]
        }
    }

    /// The state it enters.
    public var to: DeviceState.Kind {
        switch self {
        case .enroll: .enrolling
        case .installProfile, .logOut, .signOut, .enterpriseWipe, .removeAccountFromSettings: .checkedIn
        case .checkOut, .signIn, .unlock: .checkedOut
        case .inactivityLock: .locked
        case .setSessionPIN, .leaveScreensaver, .resumeWithSessionPIN, .autoSignOutCountdown, .dismissAutoSignOut: .checkedOut
        case .screensaver: .locked
        case .tooManyPINAttempts, .autoSignOut: .checkedIn
        }
    }

    /// Its label on `profile`'s diagram, in the words of the profile's documentation; nil
    /// where the profile has no such transition.
    public func label(on profile: ProfileID) -> String? {
        let workspaceOne = profile.family == .workspaceOne
        // Not `DeviceProfile.named(profile).launcher`: the profiles' diagrams are built from this.
        let mhs = profile == .androidMHS
        return switch self {
        case .enroll: workspaceOne ? "enroll" : "register (shared device mode)"
        case .installProfile: "profile installed"
        case .checkOut: workspaceOne ? "check out" : nil
        case .logOut: workspaceOne ? "log out (check in)" : nil
        case .inactivityLock: workspaceOne ? "inactivity lock" : nil
        case .unlock: workspaceOne ? "unlock" : nil
        case .enterpriseWipe: workspaceOne ? "enterprise wipe" : nil
        case .signIn: workspaceOne ? nil : "global sign-in"
        case .signOut: workspaceOne ? nil : "global sign-out"
        case .setSessionPIN: mhs ? "session PIN created" : nil
        case .screensaver: mhs ? "screensaver" : nil
        case .leaveScreensaver: mhs ? "screensaver closed by input" : nil
        case .resumeWithSessionPIN: mhs ? "session PIN entered" : nil
        case .tooManyPINAttempts: mhs ? "too many PIN attempts: sign-out" : nil
        case .autoSignOutCountdown: mhs ? "auto sign-out countdown" : nil
        case .dismissAutoSignOut: mhs ? "countdown dismissed" : nil
        case .autoSignOut: mhs ? "automatic sign-out" : nil
        case .removeAccountFromSettings: profile.platform == .android ? "account removed in Settings" : nil
        }
    }

    /// `profile`'s diagram: the transitions it has a label for, in this order.
    static func diagram(of profile: ProfileID) -> [TransitionSpec] {
        allCases.compactMap { t in t.label(on: profile).map { TransitionSpec(id: t, label: $0, from: t.from, to: t.to) } }
    }
}
