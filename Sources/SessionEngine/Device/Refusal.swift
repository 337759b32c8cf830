/// Why the engine refused an event. Every case reads as a sentence a person understands.
public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    case offline(String)
    case notEnrolled
    case alreadyEnrolled
    case enrollmentInProgress
    case missingGroupID
    case unknownGroup(String)
    case notAStagingUser(UserID)
    case wrongCredentials(attemptsLeft: Int)
    case accountLockedOut(UserID, until: SimInstant)
    case passcodeRequired(minLength: Int)
    case passcodeTooShort(minLength: Int)
    case alreadyCheckedOut(UserID)
    case notCheckedOut
    case lockedDevice(UserID)
    case notLocked
    case wrongPasscode(attemptsLeft: Int)
    case singleUserDevice(UserID)
    case unknownApp(AppID, valid: [AppID])
    case appNotInstalled(AppID)
    case appNotRunning(AppID)
    case notSupported(action: String, profile: ProfileID)
    case nothingHeld
    case noSSOConfiguration(AppID)
    case noTokenRequest
    case tokenRequestPending(AppID)
    case notSignedInToApp(AppID)
    /// Typing a draft needs the app in front, usable, and showing a user (`reason` says which is missing).
    case cannotWriteDraft(AppID, reason: String)
    /// An injected fault that cannot act on this app, and why.
    case faultNotApplicable(AppID, FaultKind, why: String)
    /// No armed fault has this number.
    case noSuchFault(Int)
    /// Nothing is armed on the app.
    case noFaultArmed(AppID)
    /// Managed Home Screen: the new session PIN is shorter than `minimum_length_for_session_PIN`.
    case sessionPINTooShort(minLength: Int)
    /// Managed Home Screen: the new session PIN breaks `session_PIN_complexity` (`rule`: the part broken).
    case sessionPINTooSimple(complexity: SessionPINComplexity, rule: String)
    /// Managed Home Screen: the session PIN is already set for this sign-in.
    case sessionPINAlreadySet
    /// Managed Home Screen: the policy asks for no session PIN.
    case sessionPINNotEnabled
    /// Managed Home Screen: no screensaver is asking for the session PIN.
    case noSessionPINPrompt
    /// Managed Home Screen: a wrong session PIN; nil attempts left: infinite tries.
    case wrongSessionPIN(attemptsLeft: Int?)
    /// Managed Home Screen: the last wrong session PIN allowed; the worker was signed out.
    case sessionPINAttemptsExhausted(maximum: Int)
    /// Managed Home Screen: no automatic sign-out countdown is showing.
    case noAutoSignOutCountdown

    /// What kind of refusal this is, without its values; its raw value is the tag.
    public enum Kind: String, CaseIterable, Sendable {
        case offline
        case notEnrolled = "not-enrolled"
        case alreadyEnrolled = "already-enrolled"
        case enrollmentInProgress = "enrollment-in-progress"
        case missingGroupID = "missing-group-id"
        case unknownGroup = "unknown-group"
        case notAStagingUser = "not-a-staging-user"
        case wrongCredentials = "wrong-credentials"
        case accountLockedOut = "locked-out"
        case passcodeRequired = "passcode-required"
        case passcodeTooShort = "passcode-too-short"
        case alreadyCheckedOut = "already-checked-out"
        case notCheckedOut = "not-checked-out"
        case lockedDevice = "locked"
        case notLocked = "not-locked"
        case wrongPasscode = "wrong-passcode"
        case singleUserDevice = "single-user-device"
        case unknownApp = "unknown-app"
        case appNotInstalled = "app-not-installed"
        case appNotRunning = "app-not-running"
        case notSupported = "not-supported"
        case nothingHeld = "nothing-held"
        case noSSOConfiguration = "no-sso-configuration"
        case noTokenRequest = "no-token-request"
        case tokenRequestPending = "token-request-pending"
        case notSignedInToApp = "not-signed-in-to-app"
        case cannotWriteDraft = "cannot-write-draft"
        case faultNotApplicable = "fault-not-applicable"
        case noSuchFault = "no-such-fault"
        case noFaultArmed = "no-fault-armed"
        case sessionPINTooShort = "session-pin-too-short"
        case sessionPINTooSimple = "session-pin-too-simple"
        case sessionPINAlreadySet = "session-pin-already-set"
        case sessionPINNotEnabled = "session-pin-not-enabled"
        case noSessionPINPrompt = "no-session-pin-prompt"
        case wrongSessionPIN = "wrong-session-pin"
        case sessionPINAttemptsExhausted = "session-pin-attempts-exhausted"
        case noAutoSignOutCountdown = "no-auto-sign-out-countdown"

        /// A failed credential check (a wrong secret, or a lockout), as opposed to a refusal
        /// given before any secret is checked (offline, unknown group, …). A wrong secret
        /// always costs a full key derivation: failures are never remembered.
        public var isCredentialFailure: Bool {
            switch self {
            case .wrongCredentials, .wrongPasscode, .accountLockedOut, .wrongSessionPIN, .sessionPINAttemptsExhausted: true
            default: false
            }
        }

        /// A refusal given after the secret was checked and found right: the user is no
        /// staging user, or the new app passcode is missing or too short. Every other kind but
        /// a credential failure is given before any secret is looked at.
        public var followsCredentialCheck: Bool {
            switch self {
            case .notAStagingUser, .passcodeRequired, .passcodeTooShort, .sessionPINTooShort, .sessionPINTooSimple: true
            default: false
            }
        }
    }

    /// The refusal's kind.
    public var kind: Kind {
        switch self {
        case .offline: .offline
        case .notEnrolled: .notEnrolled
        case .alreadyEnrolled: .alreadyEnrolled
        case .enrollmentInProgress: .enrollmentInProgress
        case .missingGroupID: .missingGroupID
        case .unknownGroup: .unknownGroup
        case .notAStagingUser: .notAStagingUser
        case .wrongCredentials: .wrongCredentials
        case .accountLockedOut: .accountLockedOut
        case .passcodeRequired: .passcodeRequired
        case .passcodeTooShort: .passcodeTooShort
        case .alreadyCheckedOut: .alreadyCheckedOut
        case .notCheckedOut: .notCheckedOut
        case .lockedDevice: .lockedDevice
        case .notLocked: .notLocked
        case .wrongPasscode: .wrongPasscode
        case .singleUserDevice: .singleUserDevice
        case .unknownApp: .unknownApp
        case .appNotInstalled: .appNotInstalled
        case .appNotRunning: .appNotRunning
        case .notSupported: .notSupported
        case .nothingHeld: .nothingHeld
        case .noSSOConfiguration: .noSSOConfiguration
        case .noTokenRequest: .noTokenRequest
        case .tokenRequestPending: .tokenRequestPending
        case .notSignedInToApp: .notSignedInToApp
        case .cannotWriteDraft: .cannotWriteDraft
        case .faultNotApplicable: .faultNotApplicable
        case .noSuchFault: .noSuchFault
        case .noFaultArmed: .noFaultArmed
        case .sessionPINTooShort: .sessionPINTooShort
        case .sessionPINTooSimple: .sessionPINTooSimple
        case .sessionPINAlreadySet: .sessionPINAlreadySet
        case .sessionPINNotEnabled: .sessionPINNotEnabled
        case .noSessionPINPrompt: .noSessionPINPrompt
        case .wrongSessionPIN: .wrongSessionPIN
        case .sessionPINAttemptsExhausted: .sessionPINAttemptsExhausted
        case .noAutoSignOutCountdown: .noAutoSignOutCountdown
        }
    }

    /// A short, stable tag for coverage and scenarios (`refused: offline`).
    public var tag: String { kind.rawValue }

    /// The refusal in a few words (`no MSAL configuration`): what check-app's table writes
    /// after a program's refused call.
    public var shortReason: String {
        switch self {
        case .noSSOConfiguration: "no MSAL configuration"
        default: String(tag.map { $0 == "-" ? " " : $0 })
        }
    }

    /// A refused credential check as values (why, attempts left, lockout end), for a prompt
    /// to render; nil for every other refusal.
    public var credentialFailure: CredentialFailure? {
        switch self {
        case let .wrongCredentials(left): CredentialFailure(reason: .wrongCredentials, attemptsLeft: left)
        case let .wrongPasscode(left): CredentialFailure(reason: .wrongPasscode, attemptsLeft: left)
        case let .accountLockedOut(user, until): CredentialFailure(reason: .lockedOut, user: user, attemptsLeft: 0, lockedUntil: until)
        default: nil
        }
    }

    public var description: String {
        switch self {
        case let .offline(action): "The device is offline: \(action) needs a connection to the console."
        case .notEnrolled: "The device is not enrolled yet: enroll it with a staging user first."
        case .alreadyEnrolled: "The device is already enrolled."
        case .enrollmentInProgress: "Enrollment is still installing the profile."
        case .missingGroupID: "Enter the Group ID first."
        case let .unknownGroup(id): "Group ID '\(id)' is not known to the console."
        case let .notAStagingUser(u): "\(u) is not a staging user and cannot enroll devices."
        case let .wrongCredentials(left):
            left == 1 ? "Wrong user name or password. 1 attempt left before lockout."
                : "Wrong user name or password. \(left) attempts left before lockout."
        case let .accountLockedOut(u, until): "Account \(u) is locked out until \(until) after too many failed attempts."
        case let .passcodeRequired(n): "The policy requires an app passcode of at least \(n) digits."
        case let .passcodeTooShort(n): "The app passcode must be at least \(n) digits."
        case let .alreadyCheckedOut(u): "The device is already checked out to \(u): log out first."
        case .notCheckedOut: "The device is not checked out."
        case let .lockedDevice(u): "The device is locked (\(u)): unlock it first; check-in requires unlock."
        case .notLocked: "The device is not locked."
        case let .wrongPasscode(left):
            left == 1 ? "Wrong passcode. 1 attempt left before lockout." : "Wrong passcode. \(left) attempts left before lockout."
        case let .singleUserDevice(u): "This is a Single User Device, assigned to \(u) for good: it cannot be checked in."
        case let .unknownApp(id, valid): "Unknown app '\(id)'; installed apps: \(valid.joined(separator: ", "))."
        case let .appNotInstalled(id): "\(id) is not installed: the device installs its apps during enrollment."
        case let .appNotRunning(id): "\(id) is not running."
        case let .notSupported(action, profile): "\(action) is not part of the \(profile.rawValue) profile."
        case .nothingHeld: "No held deliveries to release."
        case let .noSSOConfiguration(id): "\(id) has no single sign-on configuration: it asks for no tokens."
        case .noTokenRequest: "No sign-in prompt is waiting."
        case let .tokenRequestPending(id): "A sign-in prompt for \(id) is waiting: finish or cancel it first."
        case let .notSignedInToApp(id): "No account is signed in to \(id)."
        case let .cannotWriteDraft(id, reason): "Cannot type in \(id): \(reason)."
        case let .faultNotApplicable(_, kind, why): "Cannot arm \(kind.rawValue): \(why)."
        case let .noSuchFault(id): "No fault #\(id) is armed (it fired or was disarmed)."
        case let .noFaultArmed(id): "No fault is armed on \(id)."
        case let .sessionPINTooShort(n): n == 1 ? "The session PIN needs at least 1 character." : "The session PIN needs at least \(n) characters."
        case let .sessionPINTooSimple(complexity, rule): "The session PIN must be \(complexity.label): \(rule)."
        case .sessionPINAlreadySet: "The session PIN is already set for this sign-in; it is cleared at sign-out."
        case .sessionPINNotEnabled: "The policy asks for no session PIN (enable_session_PIN is off)."
        case .noSessionPINPrompt: "No screensaver is asking for the session PIN."
        case let .wrongSessionPIN(left):
            switch left {
            case nil: "Wrong session PIN. Try again."
            case 1?: "Wrong session PIN. 1 attempt left before automatic sign-out."
            case let n?: "Wrong session PIN. \(n) attempts left before automatic sign-out."
            }
        case let .sessionPINAttemptsExhausted(n): "Wrong session PIN \(n) times: you were signed out; sign in again."
        case .noAutoSignOutCountdown: "No automatic sign-out countdown is showing."
        }
    }
}
