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
    }

    public var seq: Int
    public var time: SimInstant
    public var kind: Kind
    public var app: AppID?
    public var text: String

    public init(seq: Int, time: SimInstant, kind: Kind, app: AppID?, text: String) {
        self.seq = seq; self.time = time; self.kind = kind; self.app = app; self.text = text
    }
}

/// Every engine event, delivery and callback, in order, with the simulator time.
///
/// Append-only; `seq` numbers let a store persist only what is new.
public struct EventLog: Codable, Equatable, Sendable {
    public private(set) var entries: [LogEntry] = []

    public init(entries: [LogEntry] = []) { self.entries = entries }

    public var nextSeq: Int { (entries.last?.seq ?? 0) + 1 }

    mutating func append(_ time: SimInstant, _ kind: LogEntry.Kind, app: AppID? = nil, _ text: String) {
        entries.append(LogEntry(seq: nextSeq, time: time, kind: kind, app: app, text: text))
    }

    /// Entries after `seq`, for incremental persistence and for "what happened since".
    public func entries(after seq: Int) -> ArraySlice<LogEntry> {
        let start = entries.firstIndex { $0.seq > seq } ?? entries.endIndex
        return entries[start...]
    }
}
