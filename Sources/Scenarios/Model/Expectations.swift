import SessionEngine

/// `expect:` — assertions about the device (and the rendered screen). Absent fields are not checked.
public struct DeviceExpectation: Sendable, Equatable {
    /// A state kind (`checkedOut`) or a full state (`checkedOut(cou1)`).
    public var state: String?
    /// The session's user, or `none`.
    public var user: String?
    /// The last action's refusal (tag or text), or `none` when it was accepted.
    public var error: String?
    /// Text that must appear on the rendered screen.
    public var screen: [String] = []
    /// Text that must not appear on the rendered screen.
    public var notOnScreen: [String] = []
    public var online: Bool?
    /// `hub` (or `broker`), `browser`, or an app id.
    public var foreground: String?
    /// Deliveries held in step mode.
    public var held: Int?
    /// The simulator clock, `HH:MM:SS`.
    public var clock: String?
    /// Visible leaks raised since enrollment (the device's counter).
    public var leakCount: Int?
    /// Texts each found in an event-log entry written since the previous `expect` step.
    public var logged: [String] = []
    /// Managed Home Screen (android-mhs): the seconds left on the automatic sign-out's
    /// countdown dialog, or `none` when it is not shown.
    public var countdown: String?
    /// Whether MHS's screensaver is shown.
    public var screensaver: Bool?
    /// Wrong session PINs MHS still accepts before it signs the user out.
    public var pinAttemptsLeft: Int?
    /// `set` (a session PIN protects the session), `needed` (MHS asks for one now) or `none`.
    public var sessionPIN: String?

    public init() {}
}

/// `expectApp:` — assertions about one app. `callbacks`, `notifications` and `calls` are the
/// exact ordered lists the app received since the previous `expectApp` for that app.
public struct AppExpectation: Sendable, Equatable {
    public var app: AppID
    public var callbacks: [String]?
    public var notifications: [String]?
    public var calls: [String]?
    /// `true`/`false`, or the reason: `until-relaunch`, `checked-in`, `locked`.
    public var blocked: String?
    /// Owners of the items the app shows (`none`: it shows no user's items).
    public var shows: [String]?
    public var lifecycle: AppLifecycle?
    /// Number of items the app shows.
    public var items: Int?
    /// Number of items in its storage, readable or not.
    public var stored: Int?
    /// Whether it has yet to notice the latest account change.
    public var pending: Bool?
    /// Android (MSAL's single-account API): the last `onAccountChanged(prior, current)` the app
    /// was told since the previous `expectApp` for it, or that it was told none.
    public var onAccountChanged: AccountChangeExpectation?
    /// The last `onAccountLoaded(active)`: the account's user, `none` for no account, or
    /// `not-told` when it was told none (written `onAccountLoaded: not-told`).
    public var onAccountLoaded: String?
    /// The exact ordered `BROADCAST_TYPE`s of the `CURRENT_ACCOUNT_CHANGED` broadcasts it received.
    public var broadcasts: [String]?
    /// The broadcasts sent while it could not receive them, each with text its reason contains.
    public var missedBroadcasts: [MissedBroadcastExpectation]?
    /// What its `isSharedDevice()` returns now (read when its process was created).
    public var isSharedDevice: Bool?

    public init(app: AppID) { self.app = app }
}

/// `expectLeak:` / `expectExposure:` — a finding of the leak audit in `app`, optionally of `owner`'s data.
public struct LeakExpectation: Sendable, Equatable {
    public var app: AppID
    public var owner: String?
    public init(app: AppID, owner: String? = nil) { self.app = app; self.owner = owner }
}

/// `expectToken:` — the app's token (003). `source` and `fails` read the app's last request;
/// `account` and `status` the token it holds now. Absent fields are not checked.
public struct TokenExpectation: Sendable, Equatable {
    public var app: AppID
    /// A `TokenSource` tag: `keychain-group`, `broker`, `in-app-prompt`, `broker-prompt`.
    public var source: String?
    /// With `source: keychain-group`, the group's name.
    public var group: String?
    /// A failure tag (`interaction-required`, `canceled`, …), a reason (`no-token`,
    /// `tokens-removed`, `signed-out`) or the rule broken (`redirect-not-registered`, …).
    public var fails: String?
    /// The rule that made the SDK fall back to the embedded flow (`msauth-not-queried`), or `none`.
    public var fellBack: String?
    /// The account the app holds a token for, or `none`.
    public var account: String?
    /// `none`, `valid`, `removed`, `failed`, `in-flight`.
    public var status: String?

    public init(app: AppID) { self.app = app }
}

/// `expectFault:` — what the injected faults on one app did (Docs/faults.md). `fired` and
/// `armed` name a kind (`drop`) or a whole fault as written (`delay 30s`), or `none`;
/// `consequence` is text the consequence of a fired fault contains. Absent fields are not checked.
public struct FaultExpectation: Sendable, Equatable {
    public var app: AppID
    public var fired: String?
    public var armed: String?
    /// Text that one fired fault's consequence contains (of the kind `fired` names, if it names one).
    public var consequence: String?
    /// The transition whose delivery the fired fault hit (`signOut`, `checkOut`, …).
    public var during: String?

    public init(app: AppID) { self.app = app }
}

/// `onAccountChanged: {prior: cou1, current: cou2}` or `"cou1 → cou2"`; `none` on a side for no
/// account; `onAccountChanged: none` for not told at all.
public enum AccountChangeExpectation: Sendable, Equatable, CustomStringConvertible {
    case notTold
    case told(prior: String, current: String)

    public var description: String {
        switch self {
        case .notTold: "none"
        case let .told(prior, current): "\(prior) → \(current)"
        }
    }
}

/// One broadcast an app missed: its `BROADCAST_TYPE` (nil: any, or none sent, as when the
/// account was removed in Settings), and text the reason contains (`manifest`, `stopped`,
/// `Settings`), nil for any reason.
public struct MissedBroadcastExpectation: Sendable, Equatable, CustomStringConvertible {
    public var type: String?
    public var reason: String?
    public init(type: String?, reason: String? = nil) { self.type = type; self.reason = reason }
    public var description: String {
        switch (type, reason) {
        case let (t?, r?): "\(t) (\(r))"
        case let (t?, nil): t
        case let (nil, r?): "(\(r))"
        case (nil, nil): "any"
        }
    }
}
