/// The little a probe must answer as a terminal would, read off the program's output: status
/// and cursor-position queries some programs wait on (answered with the cursor at 1;1, as no
/// screen is kept), and application cursor mode (DECCKM), in which a terminal sends the arrow
/// keys as `ESC O A` rather than `ESC [ A` (xterm's control sequences, "Cursor Keys Mode").
/// A sequence cut between two reads is found through the tail kept from the last one.
struct TerminalReplies {
    private(set) var applicationCursor = false
    private(set) var queriesAnswered = 0
    private var queryTail: [UInt8] = []
    private var modeTail: [UInt8] = []

    static let escape: UInt8 = 0x1b

    /// Reads one chunk of output; returns the answers to write back (empty when none).
    mutating func observe(_ data: [UInt8], answering: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        if answering {
            let buffer = queryTail + data
            var i = 0
            while i + 2 < buffer.count {
                if buffer[i] == Self.escape, buffer[i + 1] == UInt8(ascii: "["),
                   let (length, reply) = Self.query(Array(buffer[(i + 2)...])) {
                    // A query wholly inside the tail was answered with the chunk before.
                    if i + 2 + length > queryTail.count {
                        out += reply
                        queriesAnswered += 1
                    }
                    i += 2 + length
                } else {
                    i += 1
                }
            }
            queryTail = Array(buffer.suffix(8))
        }
        let buffer = modeTail + data
        // ESC [ ? 1 h sets application cursor mode, ESC [ ? 1 l resets it; the last one counts.
        var i = 0
        while i + 4 < buffer.count {
            if buffer[i] == Self.escape, buffer[i + 1] == UInt8(ascii: "["), buffer[i + 2] == UInt8(ascii: "?"),
               buffer[i + 3] == UInt8(ascii: "1"), buffer[i + 4] == UInt8(ascii: "h") || buffer[i + 4] == UInt8(ascii: "l"),
               i + 5 > modeTail.count {
                applicationCursor = buffer[i + 4] == UInt8(ascii: "h")
            }
            i += 1
        }
        modeTail = Array(buffer.suffix(4))
        return out
    }

    /// The query starting after `ESC [`, as its length and the answer: `6n` and `?6n` (cursor
    /// position), `5n` (status), `c`/`0c` (primary attributes), `>c`/`>0c` (secondary).
    static func query(_ rest: [UInt8]) -> (Int, [UInt8])? {
        let table: [(String, String)] = [
            ("6n", "\u{1b}[1;1R"), ("?6n", "\u{1b}[?1;1R"), ("c", "\u{1b}[?62;22c"), ("0c", "\u{1b}[?62;22c"),
            (">c", "\u{1b}[>0;0;0c"), (">0c", "\u{1b}[>0;0;0c"), ("5n", "\u{1b}[0n"),
        ]
        for (query, reply) in table {
            let q = Array(query.utf8)
            if rest.count >= q.count, Array(rest[..<q.count]) == q { return (q.count, Array(reply.utf8)) }
        }
        return nil
    }

    /// A key as a terminal sends it: in application cursor mode, `ESC [ A`–`D`, `H`, `F`
    /// become `ESC O A`–`D`, `H`, `F`.
    func keyBytes(_ key: [UInt8]) -> [UInt8] {
        guard applicationCursor else { return key }
        var out = key
        var i = 0
        while i + 2 < out.count {
            if out[i] == Self.escape, out[i + 1] == UInt8(ascii: "["), "ABCDHF".utf8.contains(out[i + 2]) {
                out[i + 1] = UInt8(ascii: "O")
                i += 3
            } else {
                i += 1
            }
        }
        return out
    }
}
