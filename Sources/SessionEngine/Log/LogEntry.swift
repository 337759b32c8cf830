/// One line of the device's event log.
public struct LogEntry: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// An engine event that was accepted (check out, launch, clock advanced…).
        case event
        /// An event the engine refused, with the reason.
        case refused
        /// A delivery to an app was held (step mode) or released.
        case delivery
        /// A Workspace ONE SDK callback an app received.
        case callback
        /// A Darwin notification an app received.
        case notification
        /// An SDK call an app made.
        case call
        /// An app's lifecycle changed.
        case lifecycle
        /// What an app or the SDK did with data and keys.
        case data
        /// Leak audit: a visible leak (error).
        case leak
        /// Leak audit: at-rest exposure (warning).
        case exposure
        /// Leak audit: a finding cleared.
        case resolved
        /// The device's file: a save failed, or saved again after failing (the front end's
        /// report, since a real device's memory does not fail this way).
        case storage
        /// An injected fault (Docs/faults.md): armed, disarmed, fired, and what it caused. A
        /// reader tells a fault from a bug by this kind.
        case fault
    }

    public var seq: Int
    public var time: SimInstant
    public var kind: Kind
    public var app: AppID?
    /// What the line says, kept typed and formatted when read (`text`): a broadcast writes
    /// two lines per app, and formatting them as they happened was most of its cost.
    var message: LogMessage

    public init(seq: Int, time: SimInstant, kind: Kind, app: AppID?, text: String) {
        self.init(seq: seq, time: time, kind: kind, app: app, message: .text(text))
    }

    init(seq: Int, time: SimInstant, kind: Kind, app: AppID?, message: LogMessage) {
        self.seq = seq; self.time = time; self.kind = kind; self.app = app; self.message = message
    }

    /// The line as the event log shows it and the store keeps it.
    public var text: String {
        get { message.text(app: app ?? "") }
        set { message = .text(newValue) }
    }

    /// Entries are equal when they read the same: one loaded from the store holds its text,
    /// the engine's the values it was made from.
    /// (The store compares each app's last line at every save: equal values skip the formatting.)
    public static func == (a: LogEntry, b: LogEntry) -> Bool {
        a.seq == b.seq && a.time == b.time && a.kind == b.kind && a.app == b.app
            && (a.message.sameValues(as: b.message) || a.text == b.text)
    }

    enum CodingKeys: String, CodingKey { case seq, time, kind, app, text }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(seq: try c.decode(Int.self, forKey: .seq), time: try c.decode(SimInstant.self, forKey: .time),
                  kind: try c.decode(Kind.self, forKey: .kind), app: try c.decodeIfPresent(AppID.self, forKey: .app),
                  text: try c.decode(String.self, forKey: .text))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(seq, forKey: .seq)
        try c.encode(time, forKey: .time)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(app, forKey: .app)
        try c.encode(text, forKey: .text)
    }
}

/// The lines an account change writes once per app, kept as values (an id, a static API
/// name, two users) rather than formatted strings; everything else is plain text.
enum LogMessage: Sendable {
    case text(String)
    /// `notes ← SHARED_MODE_CURRENT_ACCOUNT_CHANGED`: the app received `name`.
    case received(String)
    /// `notes → getCurrentAccount (notification): current: cou1, previous: nil`.
    // The one-byte reason last: before the users it was padded to eight.
    case accountCheck(current: UserID?, previous: UserID?, reason: AccountCheckReason)
    /// `notes → getCurrentAccountAsync (broadcast): onAccountChanged(prior: cou1, current: nil)`,
    /// or `…: onAccountLoaded(cou1)` when the account is the one the app had (MSAL for Android).
    case asyncAccountCheck(prior: UserID?, current: UserID?, reason: AccountCheckReason)

    /// Made from the same values (so reading the same); false says nothing.
    func sameValues(as other: LogMessage) -> Bool {
        switch (self, other) {
        case let (.text(a), .text(b)): a == b
        case let (.received(a), .received(b)): a == b
        case let (.accountCheck(c1, p1, r1), .accountCheck(c2, p2, r2)): r1 == r2 && c1 == c2 && p1 == p2
        case let (.asyncAccountCheck(p1, c1, r1), .asyncAccountCheck(p2, c2, r2)): r1 == r2 && c1 == c2 && p1 == p2
        default: false
        }
    }

    func text(app: AppID) -> String {
        switch self {
        case let .text(text): text
        case let .received(name): "\(app) ← \(name)"
        case let .accountCheck(current, previous, reason):
            "\(app) → \(API.getCurrentAccount) (\(reason.rawValue)): \(AccountCheckResult(current: current, previous: previous))"
        case let .asyncAccountCheck(prior, current, reason):
            "\(app) → \(API.getCurrentAccountAsync) (\(reason.rawValue)): \(AccountCallback(prior: prior, current: current))"
        }
    }
}

/// Why an MSAL app called `getCurrentAccount`: one byte in a log line, not a string.
enum AccountCheckReason: String, Sendable {
    case notification
    /// Android: the app's receiver got `CURRENT_ACCOUNT_CHANGED`.
    case broadcast
    case coldStart = "cold start"
    case foreground
}

/// `getCurrentAccountAsync`'s news as the event log prints it: `onAccountLoaded(cou1)` when the
/// account is the one the app had, else `onAccountChanged(prior: cou1, current: nil)` (MSAL for
/// Android, `ISingleAccountPublicClientApplication.CurrentAccountCallback`; the app's own log
/// also has the `onAccountLoaded` that follows every change).
struct AccountCallback: CustomStringConvertible {
    var prior: UserID?
    var current: UserID?
    var name: String { prior == current ? API.onAccountLoaded : API.onAccountChanged }
    /// The callback's arguments alone (the app log keeps the name apart).
    var arguments: String {
        prior == current ? (current?.name ?? "nil") : "prior: \(prior?.name ?? "nil"), current: \(current?.name ?? "nil")"
    }
    var description: String { "\(name)(\(arguments))" }
}

/// `getCurrentAccount`'s answer as the logs print it: `current: cou1, previous: nil`.
struct AccountCheckResult: CustomStringConvertible {
    var current: UserID?
    var previous: UserID?
    var description: String { "current: \(current?.name ?? "nil"), previous: \(previous?.name ?? "nil")" }
}
