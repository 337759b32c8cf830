/// A program's standard error read on the caller's thread, as its output is, so what it logged
/// before an answer is in the pane before the answer: cut into log lines (a longer one cut), the
/// last few kept for the exit report, and a chatty program's lines beyond a rate counted, not kept.
struct LogReader {
    private var splitter: LineSplitter
    private let limits: ChildProcess.Limits
    private var windowStart = ContinuousClock.now
    private var shown = 0, skipped = 0
    /// The last lines, for the exit report.
    private(set) var lastLines: [String] = []
    private(set) var finished = false

    init(limits: ChildProcess.Limits) {
        self.limits = limits
        splitter = LineSplitter(limit: limits.longestStderrLine)
    }

    /// The log lines written since the last call, without waiting.
    mutating func read(_ pipes: ChildPipes) -> [ChildReport.Kind] {
        guard !finished else { return [] }
        var lines: [[UInt8]] = []
        let ended = pipes.readAvailable(.error, limit: OutputReader.bytesPerCall) { bytes in
            _ = splitter.feed(bytes) { lines.append($0) }
        }
        if ended { splitter.finish { lines.append($0) } }
        var kinds: [ChildReport.Kind] = []
        for line in lines { take(line, into: &kinds) }
        if ended {
            finished = true
            summarize(into: &kinds)
        }
        return kinds
    }

    /// At the program's end: what is left, and the count of lines not shown.
    mutating func end(_ pipes: ChildPipes) -> [ChildReport.Kind] {
        var kinds = read(pipes)
        if !finished {
            finished = true
            summarize(into: &kinds)
            pipes.stopReading(.error)
        }
        return kinds
    }

    private mutating func take(_ line: [UInt8], into kinds: inout [ChildReport.Kind]) {
        let text = String(decoding: line, as: UTF8.self)
        lastLines.append(text)
        if lastLines.count > limits.lastLines { lastLines.removeFirst(lastLines.count - limits.lastLines) }
        // The pane's log is a person's to read: a chatty program's lines are counted, not kept.
        let now = ContinuousClock.now
        if now - windowStart > .seconds(1) { summarize(into: &kinds); windowStart = now; shown = 0 }
        shown += 1
        if shown > limits.stderrLinesPerSecond { skipped += 1 } else { kinds.append(.stderr(text)) }
    }

    private mutating func summarize(into kinds: inout [ChildReport.Kind]) {
        if skipped > 0 { kinds.append(.stderr("… \(skipped) more lines of standard error not shown")) }
        skipped = 0
    }
}
