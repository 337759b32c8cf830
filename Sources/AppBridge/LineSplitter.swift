/// Cuts a byte stream into lines, holding at most `limit` bytes of an unfinished line: a
/// program that never ends its line cannot make hubsim's memory grow.
struct LineSplitter {
    let limit: Int
    private var partial: [UInt8] = []
    /// The current line went over the limit (the caller decides: fault, or cut and skip).
    private(set) var overflowed = false

    init(limit: Int) { self.limit = limit }

    /// Feeds `bytes`; calls `line` for each complete line (without `\n` or a `\r` before it).
    /// Returns false once a line went over the limit; the bytes of that line up to the next
    /// newline are skipped, and `line` gets its first `limit` bytes.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ line: ([UInt8]) -> Void) -> Bool {
        var ok = true
        var start = 0
        let count = bytes.count
        while start < count {
            var end = start
            while end < count, bytes[end] != 0x0A { end += 1 }
            let room = max(0, limit - partial.count)
            if overflowed {
                // The rest of an over-long line is skipped.
            } else if end - start > room {
                partial.append(contentsOf: bytes[start..<(start + room)])
                overflowed = true
                ok = false
            } else {
                partial.append(contentsOf: bytes[start..<end])
            }
            guard end < count else { break }
            if partial.last == 0x0D { partial.removeLast() }
            line(partial)
            partial.removeAll(keepingCapacity: partial.count <= 4096)
            overflowed = false
            start = end + 1
        }
        return ok
    }

    /// What is left after the stream ended (a last line without its newline).
    mutating func finish(_ line: ([UInt8]) -> Void) {
        if !partial.isEmpty { line(partial) }
        partial = []
    }
}
