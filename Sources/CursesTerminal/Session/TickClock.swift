#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock time for `.tick` events, and the tell-tale of a closed terminal: input that
/// fails at once, again and again, instead of after the timeout.
struct TickClock {
    enum Timeout: Equatable { case tick(Double), spurious, hangup }

    /// Input that returns an error this much sooner than the timeout did not wait.
    static let spuriousLimit = 0.02
    /// This many errors in a row without waiting: nobody is there.
    static let hangupCount = 200

    private var lastTick: Double
    private var lastRead: Double
    private var spurious = 0
    private let interval: Double
    private let now: () -> Double

    /// `now` is the monotonic clock in seconds (a test passes its own).
    init(interval: Double = Double(CursesSession.tickMilliseconds) / 1000, now: @escaping () -> Double = TickClock.monotonicNow) {
        self.interval = interval
        self.now = now
        lastTick = now()
        lastRead = lastTick
    }

    /// `wget_wch` returned ERR: a timeout (tick), an interrupted read, or a dead terminal.
    mutating func timedOut() -> Timeout {
        let now = self.now()
        defer { lastRead = now }
        if now - lastRead < Self.spuriousLimit {
            spurious += 1
            return spurious >= Self.hangupCount ? .hangup : .spurious
        }
        spurious = 0
        let elapsed = now - lastTick
        lastTick = now
        return .tick(elapsed)
    }

    /// Under steady input the timeout never fires; a tick is still due every interval.
    mutating func dueTick() -> Double? {
        let now = self.now()
        lastRead = now
        spurious = 0
        guard now - lastTick >= interval else { return nil }
        let elapsed = now - lastTick
        lastTick = now
        return elapsed
    }

    static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
