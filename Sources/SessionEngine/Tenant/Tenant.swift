/// A user name as the console knows it. User names are case-insensitive, as in the UEM,
/// so they are kept lower-cased.
public struct UserID: Hashable, Comparable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name.lowercased() }
    public init(stringLiteral value: String) { self.init(value) }
    public var description: String { name }
    public static func < (a: UserID, b: UserID) -> Bool { a.name < b.name }
    public init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode(String.self)) }
    public func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(name) }

    /// The rule for user names in a tenant, said the way messages and Docs/qa.md say it.
    public static let nameRule = "1 to 64 ASCII letters, digits and . _ - @, starting with a letter or digit"

    /// Whether `name` may name a user (`nameRule`): safe to show in a message, a log line or
    /// a recorded scenario (no space, slash, quote or control character), and a UPN such as
    /// `cou1@contoso.com` (Entra's sign-in name) still fits.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 64, isLetterOrDigit(first) else { return false }
        return name.utf8.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
            || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "@") }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// What a staging user's enrollment makes of a device (004, Appendix: Management Console).
public enum StagingMode: String, Codable, Sendable {
    /// *Multi User Devices*: the device becomes shared and can be checked out and in.
    case multiUser = "multi-user"
    /// *Single User Devices*: the first user who authenticates after enrollment keeps it for good.
    case singleUser = "single-user"
}

/// A console user with security type Basic (user name and password).
public struct TenantUser: Sendable, Equatable {
    public enum Role: Equatable, Sendable {
        case staging(StagingMode)
        case endUser
    }
    public var id: UserID
    public var displayName: String
    public var group: String
    public var role: Role
    public var passwordHash: PasswordHash

    public init(id: UserID, displayName: String, group: String, role: Role, passwordHash: PasswordHash) {
        self.id = id; self.displayName = displayName; self.group = group; self.role = role; self.passwordHash = passwordHash
    }

    public var isStagingUser: Bool { if case .staging = role { true } else { false } }
}

/// An organization group, identified by its Group ID.
public struct OrganizationGroup: Sendable, Equatable {
    public var id: String
    public var name: String
    public init(id: String, name: String) { self.id = id; self.name = name }
}

/// The console's security policies for the device's apps.
public struct SecurityPolicy: Sendable, Equatable, Codable {
    /// nil: no app passcode. Otherwise the minimum number of digits.
    public var appPasscodeMinLength: Int?
    /// Seconds without input before the SDK locks the app UIs.
    public var inactivityTimeout: Double
    /// Failed sign-in or unlock attempts allowed before the account is locked out.
    public var failedAttemptLimit: Int
    /// How long a lockout lasts, in seconds.
    public var lockoutDuration: Double

    public init(appPasscodeMinLength: Int? = nil, inactivityTimeout: Double = 300,
                failedAttemptLimit: Int = 5, lockoutDuration: Double = 60) {
        self.appPasscodeMinLength = appPasscodeMinLength
        self.inactivityTimeout = inactivityTimeout
        self.failedAttemptLimit = failedAttemptLimit
        self.lockoutDuration = lockoutDuration
    }

    public var requiresAppPasscode: Bool { appPasscodeMinLength != nil }
}

/// The console side of the simulation: organization groups, users and policies.
public struct Tenant: Sendable, Equatable {
    public var name: String
    /// Whether the Hub's credential prompt starts with the Group ID (004: "a prompt for the
    /// UEM Organizational Group identifier to be entered could be shown").
    public var promptsForGroupID: Bool
    public var groups: [OrganizationGroup]
    public var users: [TenantUser]
    public var policy: SecurityPolicy
    /// App registrations: each client ID with the redirect URIs registered under it (003).
    public var appRegistrations: [AppRegistration]
    /// The MDM set-up of Entra shared device mode (002); the default is the correct one.
    public var sharedDeviceSetup: SharedDeviceSetup
    /// Intune's configuration of Managed Home Screen (android-mhs); the defaults when the file has none.
    public var managedHomeScreen: ManagedHomeScreenPolicy

    public init(name: String, promptsForGroupID: Bool, groups: [OrganizationGroup], users: [TenantUser], policy: SecurityPolicy,
                appRegistrations: [AppRegistration] = [], sharedDeviceSetup: SharedDeviceSetup = SharedDeviceSetup(),
                managedHomeScreen: ManagedHomeScreenPolicy = ManagedHomeScreenPolicy()) {
        self.name = name; self.promptsForGroupID = promptsForGroupID; self.groups = groups; self.users = users; self.policy = policy
        self.appRegistrations = appRegistrations
        self.sharedDeviceSetup = sharedDeviceSetup
        self.managedHomeScreen = managedHomeScreen
    }

    public func registration(_ clientID: String) -> AppRegistration? { appRegistrations.first { $0.clientID == clientID } }

    public func user(_ id: UserID) -> TenantUser? { users.first { $0.id == id } }

    /// The group with this Group ID; Group IDs are matched case-insensitively.
    public func group(_ id: String) -> OrganizationGroup? {
        let wanted = id.lowercased()
        return groups.first { $0.id.lowercased() == wanted }
    }

    /// A stable small number per user, for giving each user a colour.
    public func colourIndex(of user: UserID) -> Int {
        users.firstIndex { $0.id == user } ?? abs(user.name.hashValue % 7)
    }
}
