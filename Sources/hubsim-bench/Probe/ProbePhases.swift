/// Where a probe reads a program's output from: the pseudo-terminal, or a script of arrivals
/// in the tests. Times are milliseconds on a monotonic clock.
protocol ProbeOutput {
    /// The clock.
    func now() -> Double
    /// What arrives within `milliseconds` (empty when nothing did); returns as soon as
    /// something arrives.
    mutating func read(waitingAtMost milliseconds: Double) -> [UInt8]
    /// The program closed the terminal: nothing more will arrive.
    var atEnd: Bool { get }
}

/// What one phase of a run wrote: the start-up, or one step.
struct PhaseFigures: Equatable {
    var bytes = 0
    /// Reads of the probe, not writes of the program.
    var chunks = 0
    /// From the phase's start to its first byte; nil when nothing came.
    var firstByteMs: Double?
    /// From the phase's start to the last byte before the output went quiet (the moment that
    /// was noticed, less the quiet window); 0 when nothing came.
    var settleMs = 0.0
    /// False when the phase's timeout (or the run's) came first.
    var settled = false
}

enum ProbePhases {
    /// Reads until the output has been quiet for `quietMs`. With `needFirst` (the start-up) the
    /// quiet window opens only at the first byte; otherwise (a step) a step that writes nothing
    /// settles after one window. `timeoutMs` bounds the phase from `start`, `runDeadline` the run.
    static func settle<Output: ProbeOutput>(_ output: inout Output, from start: Double, needFirst: Bool, quietMs: Double,
                                            timeoutMs: Double, runDeadline: Double) -> PhaseFigures {
        let deadline = start + timeoutMs
        var figures = PhaseFigures()
        var first: Double?, last: Double?
        while true {
            let t = output.now()
            if t >= deadline || t >= runDeadline { figures.settled = false; break }
            var wait: Double
            if let last {
                wait = last + quietMs - t
                if wait <= 0 { figures.settled = true; break }
            } else if needFirst {
                if output.atEnd { figures.settled = false; break }
                wait = deadline - t
            } else {
                wait = start + quietMs - t
                if wait <= 0 { figures.settled = true; break }
            }
            wait = min(wait, deadline - t, runDeadline - t)
            let data = output.read(waitingAtMost: wait)
            if !data.isEmpty {
                let arrived = output.now()
                figures.bytes += data.count
                figures.chunks += 1
                if first == nil { first = arrived }
                last = arrived
            } else if output.atEnd {
                // The program closed the terminal: a step that wrote nothing, or anything that
                // wrote something, is over; a start-up that never wrote did not settle.
                if needFirst && last == nil { continue }  // ended, unsettled, at the loop's top
                figures.settled = true
                break
            }
        }
        figures.firstByteMs = first.map { rounded($0 - start) }
        figures.settleMs = last.map { rounded($0 - start) } ?? 0
        return figures
    }

    /// Reads for `milliseconds` (bounded by the run's deadline): bytes and reads.
    static func readFor<Output: ProbeOutput>(_ output: inout Output, milliseconds: Double, runDeadline: Double) -> (bytes: Int, chunks: Int) {
        let end = min(output.now() + milliseconds, runDeadline)
        var bytes = 0, chunks = 0
        while true {
            let t = output.now()
            if t >= end { break }
            let data = output.read(waitingAtMost: end - t)
            if !data.isEmpty { bytes += data.count; chunks += 1 }
        }
        return (bytes, chunks)
    }

    /// Two decimals, as the figures are printed.
    static func rounded(_ value: Double, places: Int = 2) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
