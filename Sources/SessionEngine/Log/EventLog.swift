/// Every engine event, delivery and callback, in order, with the simulator time.
///
/// Append-only; `seq` numbers let a store persist only what is new. Read as `entries`, a
/// collection of `LogEntry` values; kept compact, because a broadcast writes two lines per
/// app and a long session never drops one: each line is 40 bytes in fixed-size chunks
/// (`ChunkedLog`, nothing written is ever moved), its message held once in a table when
/// it says what the line before said (an account change writes the same two messages to
/// every app; only the app differs).
public struct EventLog: Codable, Equatable, Sendable {
    /// One line as kept: its message by position in `messages`.
    struct Line: Sendable {
        var seq: Int
        var time: SimInstant
        var app: AppID?
        var message: UInt32
        var kind: LogEntry.Kind
    }

    private var lines = ChunkedLog<Line>()
    private var messages = ChunkedLog<LogMessage>()
    /// The last few typed messages added to `messages` and their positions, newest first,
    /// which the next lines of a broadcast repeat (two a broadcast, a third when apps answer
    /// differently); kept here, not read back from the table (a read copies the message).
    /// Plain text is not looked up: comparing texts would cost what it saves.
    private var recent: [Recent] = []
    private static var recentLimit: Int { 4 }
    private struct Recent: Sendable {
        var message: LogMessage
        var index: UInt32
    }
    /// The last line's `seq` (0: none), so that an append does not read the last chunk back.
    private var lastSeq = 0
    /// Whether `seq` rises from line to line, as it does in every log the engine writes:
    /// `entries(after:)` then finds its start by bisection.
    private var ascending = true

    public init() {}

    public init<S: Sequence>(entries: S) where S.Element == LogEntry {
        for e in entries { append(e) }
    }

    /// Every line, oldest first.
    public var entries: Entries { Entries(lines: lines, messages: messages) }

    public var nextSeq: Int { lastSeq.incremented }

    /// How many distinct messages the lines hold (tests check the broadcast's are shared).
    var messageCount: Int { messages.count }

    mutating func append(_ time: SimInstant, _ kind: LogEntry.Kind, app: AppID? = nil, _ text: String) {
        append(time, kind, app: app, message: .text(text))
    }

    mutating func append(_ time: SimInstant, _ kind: LogEntry.Kind, app: AppID?, message: LogMessage) {
        add(Line(seq: nextSeq, time: time, app: app, message: intern(message), kind: kind))
    }

    private mutating func append(_ entry: LogEntry) {
        add(Line(seq: entry.seq, time: entry.time, app: entry.app, message: intern(entry.message), kind: entry.kind))
    }

    private mutating func add(_ line: Line) {
        if !lines.isEmpty && lastSeq >= line.seq { ascending = false }
        lastSeq = line.seq
        lines.append(line)
    }

    private mutating func intern(_ message: LogMessage) -> UInt32 {
        if case .text = message { return add(message) }
        // By index: a `for r in recent` would copy each message out first.
        for k in recent.indices where recent[k].message.sameValues(as: message) { return recent[k].index }
        let i = add(message)
        if recent.count == Self.recentLimit { recent.removeLast() }
        recent.insert(Recent(message: message, index: i), at: 0)
        return i
    }

    private mutating func add(_ message: LogMessage) -> UInt32 {
        messages.append(message)
        return UInt32(messages.count - 1)
    }

    /// Entries after `seq`, for incremental persistence and for "what happened since".
    public func entries(after seq: Int) -> Entries.SubSequence {
        let all = entries
        guard ascending else { return all[(lines.firstIndex { $0.seq > seq } ?? lines.endIndex)...] }
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].seq > seq { high = mid } else { low = mid + 1 }
        }
        return all[low...]
    }

    public static func == (a: EventLog, b: EventLog) -> Bool {
        a.entries == b.entries
    }

    // The coded form is the one an array of entries had: `{"entries": [...]}`.
    enum CodingKeys: String, CodingKey { case entries }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(entries: try c.decode([LogEntry].self, forKey: .entries))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Array(entries), forKey: .entries)
    }

    /// The log's lines as `LogEntry` values, oldest first, indexed from 0.
    public struct Entries: RandomAccessCollection, Equatable, Sendable {
        fileprivate var lines: ChunkedLog<Line>
        fileprivate var messages: ChunkedLog<LogMessage>

        public var startIndex: Int { 0 }
        public var endIndex: Int { lines.count }

        public subscript(position: Int) -> LogEntry {
            let line = lines[position]
            return LogEntry(seq: line.seq, time: line.time, kind: line.kind, app: line.app, message: messages[Int(line.message)])
        }

        /// Equal when they read the same, line by line.
        public static func == (a: Entries, b: Entries) -> Bool { a.count == b.count && a.elementsEqual(b) }
    }
}
