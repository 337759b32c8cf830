/// The lifecycle of an iOS app as the simulator models it.
public enum AppLifecycle: String, Codable, Sendable, CaseIterable {
    /// Installed, never started since installation.
    case notRunning = "not running"
    case foreground
    case background
    /// In memory but not executing: misses Darwin notifications.
    case suspended
    /// Was running and was ended; the next launch is a cold start.
    case terminated

    public var isRunning: Bool { self == .foreground || self == .background || self == .suspended }
}

/// Something an app received or did, with the simulator time.
public struct AppLogEntry: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// A Workspace ONE SDK delegate callback.
        case callback
        /// A Darwin notification delivered to a listener.
        case notification
        /// A Darwin notification posted while the app could not receive it; the detail says why.
        case missed
        /// An SDK call the app made, with its result (`getCurrentAccount`).
        case call
        /// A lifecycle change.
        case lifecycle
        /// What the app did with its data (wiped, generated, re-applied).
        case data
        /// A developer's program: its process started, answered late, broke the protocol, ended.
        case process
        /// A line the developer's program wrote to its standard error (its own log).
        case output
        /// What an injected fault did to the app (Docs/faults.md): a crash in a callback, a
        /// slow wipe begun or finished. Marked apart so a reader tells a fault from a bug.
        case fault
    }
    // Stored in this order, the one-byte kind last: 64 bytes an entry, one cache line, where
    // the kind between the time and the name padded it to 72 (every app's log grows by two
    // or three entries at every account change).
    public var time: SimInstant
    /// The API name for callbacks, notifications and calls; a short verb otherwise.
    public var name: String
    /// Kept typed and formatted when read (`detail`), as the event log's lines are.
    var note: AppNote
    public var kind: Kind

    public init(time: SimInstant, kind: Kind, name: String, detail: String = "") {
        self.init(time: time, kind: kind, name: name, note: .text(detail))
    }

    init(time: SimInstant, kind: Kind, name: String, note: AppNote) {
        self.time = time; self.kind = kind; self.name = name; self.note = note
    }

    public var detail: String {
        get { note.text }
        set { note = .text(newValue) }
    }

    /// Why the call was refused, in a few words (`client not registered`); nil for a call that
    /// was answered, and for an entry read back from a file (which keeps its text only).
    public var refusalReason: String? {
        if case let .refused(_, reason) = note { reason } else { nil }
    }

    /// Entries are equal when they read the same (a loaded entry holds its text).
    public static func == (a: AppLogEntry, b: AppLogEntry) -> Bool {
        a.time == b.time && a.kind == b.kind && a.name == b.name && (a.note.sameValues(as: b.note) || a.detail == b.detail)
    }

    enum CodingKeys: String, CodingKey { case time, kind, name, detail }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(time: try c.decode(SimInstant.self, forKey: .time), kind: try c.decode(Kind.self, forKey: .kind),
                  name: try c.decode(String.self, forKey: .name), detail: try c.decode(String.self, forKey: .detail))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time, forKey: .time)
        try c.encode(kind, forKey: .kind)
        try c.encode(name, forKey: .name)
        try c.encode(detail, forKey: .detail)
    }
}

/// The details an account change writes once per app, kept as values.
enum AppNote: Sendable {
    case text(String)
    /// `notification → current: cou1, previous: nil`.
    // The one-byte reason last: before the users it was padded to eight.
    case accountCheck(current: UserID?, previous: UserID?, reason: AccountCheckReason)
    /// `cou1 created 2 item(s)`.
    case created(UserID, count: Int)
    /// `cleared 2 item(s) of cou1`.
    case cleared(count: Int, of: UserID)
    /// The arguments of `onAccountLoaded` / `onAccountChanged` (MSAL for Android).
    case accountCallback(prior: UserID?, current: UserID?)
    /// A call the SDK or the device refused: the whole answer, and its reason in a few words
    /// (`client not registered`) for check-app's table. Boxed: rare, and the entry stays one
    /// cache line.
    indirect case refused(detail: String, reason: String)

    /// Made from the same values (so reading the same); false says nothing.
    func sameValues(as other: AppNote) -> Bool {
        switch (self, other) {
        case let (.text(a), .text(b)): a == b
        case let (.accountCheck(c1, p1, r1), .accountCheck(c2, p2, r2)): r1 == r2 && c1 == c2 && p1 == p2
        case let (.created(u1, n1), .created(u2, n2)): u1 == u2 && n1 == n2
        case let (.cleared(n1, u1), .cleared(n2, u2)): n1 == n2 && u1 == u2
        case let (.accountCallback(p1, c1), .accountCallback(p2, c2)): p1 == p2 && c1 == c2
        case let (.refused(d1, r1), .refused(d2, r2)): d1 == d2 && r1 == r2
        default: false
        }
    }

    var text: String {
        switch self {
        case let .text(text): text
        case let .accountCheck(current, previous, reason): "\(reason.rawValue) → \(AccountCheckResult(current: current, previous: previous))"
        case let .created(user, count): "\(user) created \(count) item(s)"
        case let .cleared(count, user): "cleared \(count) item(s) of \(user)"
        case let .accountCallback(prior, current): AccountCallback(prior: prior, current: current).arguments
        case let .refused(detail, _): detail
        }
    }
}

/// API names, exactly as in the reference documents.
public enum API {
    public static let didWipeCurrentUserData = "controllerDidWipeCurrentUserData"
    public static let didDetectUserChange = "controllerDidDetectUserChange"
    public static let didFinishInitialCheck = "controllerDidFinishInitialCheck"
    /// The Workspace ONE SDK's optional data-access callbacks (`AWControllerDelegate`:
    /// `@objc(willLock)`, `@objc(lock)`, `@objc(unlock)`), sent only to a program that says it
    /// implements them (Docs/bridge-protocol.md, "Optional callbacks").
    public static let willPromptForPasscode = "controllerWillPromptForPasscode"
    public static let didLockDataAccess = "controllerDidLockDataAccess"
    public static let didUnlockDataAccess = "controllerDidUnlockDataAccess"
    public static let sharedDeviceNotCheckedOut = "sharedDeviceNotCheckedOut"
    public static let accountChangedNotification = "SHARED_MODE_CURRENT_ACCOUNT_CHANGED"
    public static let getCurrentAccount = "getCurrentAccount"
    public static let getDeviceInformation = "getDeviceInformation"
    // MSAL for Android in shared device mode (Microsoft Learn, "Shared device mode for Android
    // devices"; MSAL for Android's `SharedDeviceModeConstants`).
    /// The broadcast's action, as the broker sends it.
    public static let currentAccountChangedAction = "com.microsoft.identity.client.sharedmode.CURRENT_ACCOUNT_CHANGED"
    /// The same, as logs and panes name it.
    public static let currentAccountChangedBroadcast = "CURRENT_ACCOUNT_CHANGED"
    /// The broadcast's extra that says what happened (`BroadcastType`).
    public static let broadcastType = "BROADCAST_TYPE"
    /// `ISingleAccountPublicClientApplication.getCurrentAccountAsync`: its callback says
    /// `onAccountLoaded(activeAccount)` or `onAccountChanged(priorAccount, currentAccount)`.
    public static let getCurrentAccountAsync = "getCurrentAccountAsync"
    public static let onAccountLoaded = "onAccountLoaded"
    public static let onAccountChanged = "onAccountChanged"
    /// `IPublicClientApplication.isSharedDevice()`.
    public static let isSharedDevice = "isSharedDevice"

    /// The account-change notice of `platform`'s Entra shared device mode, as logs name it.
    public static func accountChangeNotice(on platform: DevicePlatform) -> String {
        platform == .android ? currentAccountChangedBroadcast : accountChangedNotification
    }

    /// The current-account query of `platform`'s MSAL.
    public static func getCurrentAccount(on platform: DevicePlatform) -> String {
        platform == .android ? getCurrentAccountAsync : getCurrentAccount
    }

    /// Whether `name` is an app's query of the current account (either platform's).
    public static func isAccountQuery(_ name: String) -> Bool { name == getCurrentAccount || name == getCurrentAccountAsync }
}
