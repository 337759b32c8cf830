/// A program's standard output read on the caller's thread: cut into lines (at most
/// `maxLineBytes` held), each parsed into an `RPCMessage`, with the flood limit counted as the
/// lines come. It stops for good at the end of the output or at a fault (a line over the limit,
/// a flood): what is unread then stays in the pipe (open, as the program is stopped).
struct OutputReader {
    private var splitter: LineSplitter
    private let limits: ChildProcess.Limits
    private var windowStart = ContinuousClock.now
    private var begun = 0, all = 0
    private var fault: String?
    private(set) var finished = false

    /// At most this much is read in one call, so an `exchange` stays short whatever a program writes.
    static let bytesPerCall = 256 * 1024

    init(limits: ChildProcess.Limits) {
        self.limits = limits
        splitter = LineSplitter(limit: limits.maxLineBytes)
    }

    /// What the program said since the last call, without waiting: its messages, then a fault or
    /// the end of its output if one came.
    mutating func read(_ pipes: ChildPipes) -> [ChildReport.Kind] {
        guard !finished else { return [] }
        var lines: [[UInt8]] = []
        var fits = true
        let ended = pipes.readAvailable(.output, limit: Self.bytesPerCall) { bytes in
            // The rest of a line over the limit is skipped, and the reading stops with it.
            if fits { fits = splitter.feed(bytes) { lines.append($0) } }
        }
        if ended { splitter.finish { lines.append($0) } }
        var kinds: [ChildReport.Kind] = []
        for line in lines { take(line, into: &kinds) }
        if !fits, fault == nil { fault = "a line over \(limits.maxLineBytes) bytes" }
        if let fault {
            finished = true
            kinds.append(.fault(fault))
        } else if ended {
            finished = true
            kinds.append(.outputClosed)
        }
        return kinds
    }

    private mutating func take(_ line: [UInt8], into kinds: inout [ChildReport.Kind]) {
        guard fault == nil else { return }
        let message = RPCMessage(line: line)
        let now = ContinuousClock.now
        if now - windowStart > .seconds(1) { windowStart = now; begun = 0; all = 0 }
        all += 1
        // A flood counts what the program begins; its answers to hubsim are one per event
        // sent, so they count only against a far higher bound that keeps the inbox finite.
        if case .response = message {} else { begun += 1 }
        if begun > limits.floodMessagesPerSecond || all > limits.floodMessagesPerSecond * 20 {
            fault = "flood: more than \(limits.floodMessagesPerSecond) messages in a second"
            return
        }
        kinds.append(.message(message))
    }
}
