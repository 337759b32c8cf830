import SessionEngine

/// What the event log (F2) shows: every entry, or those of one app, one user and one kind.
public struct EventLogFilter: Equatable, Sendable {
    /// The kinds a reader asks for: what apps received, what they were posted, what leaked,
    /// which faults were injected.
    public enum Kind: String, CaseIterable, Sendable {
        case all
        case callbacks
        case notifications
        case leaks
        /// Faults injected on purpose (Docs/faults.md): armed, disarmed, fired, what they did.
        case faults

        func matches(_ e: LogEntry) -> Bool {
            switch self {
            case .all: true
            case .callbacks: e.kind == .callback
            // Posted, received or missed: the delivery lines name the notification.
            case .notifications: e.kind == .notification || e.text.contains(API.accountChangedNotification)
                || e.text.contains(API.currentAccountChangedBroadcast)
            case .leaks: e.kind == .leak || e.kind == .exposure || e.kind == .resolved
            case .faults: e.kind == .fault
            }
        }
    }

    public var app: AppID?
    public var user: UserID?
    public var kind: Kind = .all

    public init(app: AppID? = nil, user: UserID? = nil, kind: Kind = .all) {
        self.app = app; self.user = user; self.kind = kind
    }

    public var isActive: Bool { app != nil || user != nil || kind != .all }

    /// Whether `e` passes: its app, a mention of the user as a whole word, its kind.
    public func matches(_ e: LogEntry) -> Bool {
        if let app, e.app != app { return false }
        if let user, !Self.mentions(e.text, user.name) { return false }
        return kind.matches(e)
    }

    /// The next value of a filter that cycles through `values` and back to none.
    static func next<T: Equatable>(_ current: T?, in values: [T]) -> T? {
        guard let current, let i = values.firstIndex(of: current) else { return values.first }
        return i + 1 < values.count ? values[i + 1] : nil
    }

    /// `name` as a word of `text` (`cou1` is not in `cou12`).
    static func mentions(_ text: String, _ name: String) -> Bool {
        var rest = text[...]
        while let r = rest.firstRange(of: name) {
            let before = r.lowerBound == text.startIndex ? nil : text[text.index(before: r.lowerBound)]
            let after = r.upperBound == text.endIndex ? nil : text[r.upperBound]
            if !(before?.isLetter ?? false || before?.isNumber ?? false) && !(after?.isLetter ?? false || after?.isNumber ?? false) { return true }
            rest = text[r.upperBound...]
        }
        return false
    }
}
