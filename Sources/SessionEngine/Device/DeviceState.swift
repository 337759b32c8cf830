/// The device's state, shared by both profiles (signed out is `checkedIn`, signed in is
/// `checkedOut(user)`).
public enum DeviceState: Codable, Equatable, Sendable, CustomStringConvertible {
    case unenrolled
    case enrolling(EnrollmentProgress)
    case checkedIn
    case checkedOut(UserID)
    /// Inactivity lock: the session continues but app UIs are locked until unlock.
    case locked(UserID)

    public var kind: Kind {
        switch self {
        case .unenrolled: .unenrolled
        case .enrolling: .enrolling
        case .checkedIn: .checkedIn
        case .checkedOut: .checkedOut
        case .locked: .locked
        }
    }

    /// The user whose session is running (checked out or locked).
    public var user: UserID? {
        switch self {
        case let .checkedOut(u), let .locked(u): u
        default: nil
        }
    }

    public var isEnrolled: Bool { kind == .checkedIn || kind == .checkedOut || kind == .locked }

    public var description: String {
        switch self {
        case let .checkedOut(u): "checkedOut(\(u))"
        case let .locked(u): "locked(\(u))"
        default: kind.rawValue
        }
    }

    /// The state without its data, for diagrams and coverage.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case unenrolled, enrolling, checkedIn, checkedOut, locked
    }
}

/// Profile installation after a staging user's credentials were accepted (004, Description).
public struct EnrollmentProgress: Codable, Equatable, Sendable {
    public var steps: [String]
    public var completed: Int
    public init(steps: [String], completed: Int = 0) { self.steps = steps; self.completed = completed }
    public var isFinished: Bool { completed >= steps.count }
    public var current: String? { isFinished ? nil : steps[completed] }
}

/// Who enrolled the device and what that made of it.
public struct Enrollment: Codable, Equatable, Sendable {
    public var stagingUser: UserID
    public var group: String?
    public var mode: StagingMode
    public var enrolledAt: SimInstant
    /// Single User Devices: the first user who authenticated after enrollment, for good.
    public var assignedUser: UserID?
    /// entra-ios: whether the registration put the device in shared device mode, and why not
    /// (nil on workspace-one, and on devices saved before the MDM set-up was modelled: those
    /// registered in shared device mode).
    public var sharedDeviceMode: SharedModeRegistration?

    public init(stagingUser: UserID, group: String?, mode: StagingMode, enrolledAt: SimInstant, assignedUser: UserID? = nil) {
        self.stagingUser = stagingUser; self.group = group; self.mode = mode; self.enrolledAt = enrolledAt
        self.assignedUser = assignedUser
    }
}

/// The running session: who checked out, when, and the hash of the app passcode they set.
public struct Session: Codable, Equatable, Sendable {
    public var user: UserID
    public var startedAt: SimInstant
    public var passcodeHash: PasswordHash?

    public init(user: UserID, startedAt: SimInstant, passcodeHash: PasswordHash?) {
        self.user = user; self.startedAt = startedAt; self.passcodeHash = passcodeHash
    }
}

/// Counts of check-outs and of check-ins (or wipes) since enrollment: what the Workspace ONE
/// SDK compares with what an app last saw.
public struct SessionMarks: Codable, Equatable, Sendable {
    public var checkOuts: Int
    public var wipes: Int
    public init(checkOuts: Int = 0, wipes: Int = 0) { self.checkOuts = checkOuts; self.wipes = wipes }
}

/// One session in the device's history.
public struct SessionRecord: Codable, Equatable, Sendable {
    public enum Ending: String, Codable, Sendable {
        case logOut = "log out", signOut = "sign out", enterpriseWipe = "enterprise wipe"
        /// The account was removed in the Authenticator, not signed out through MSAL.
        case accountRemoved = "account removed"
    }
    public var user: UserID
    public var checkedOutAt: SimInstant
    public var endedAt: SimInstant?
    public var ending: Ending?

    public init(user: UserID, checkedOutAt: SimInstant, endedAt: SimInstant? = nil, ending: Ending? = nil) {
        self.user = user; self.checkedOutAt = checkedOutAt; self.endedAt = endedAt; self.ending = ending
    }
}

/// What is in the foreground: the Hub (or broker), an app, or the browser.
public enum Foreground: Codable, Equatable, Sendable {
    case hub
    case app(AppID)
    case browser
    /// Microsoft Authenticator in front for a broker round trip under workspace-one (under
    /// entra-ios the Authenticator is the profile's broker, `.hub`).
    case authenticator

    public var appID: AppID? { if case let .app(id) = self { id } else { nil } }
}

/// Failed sign-in or unlock attempts of one user, and a lockout if the limit was passed.
public struct FailedAttempts: Codable, Equatable, Sendable {
    public var count: Int
    public var lockedUntil: SimInstant?
    public init(count: Int = 0, lockedUntil: SimInstant? = nil) { self.count = count; self.lockedUntil = lockedUntil }
}

/// Where an Entra global sign-in or sign-out was started.
public enum AccountSource: Codable, Equatable, Sendable, CustomStringConvertible {
    case broker
    case app(AppID)
    public var description: String { switch self { case .broker: "broker"; case let .app(id): id } }
}
