#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock time for `.tick` events, and the tell-tale of a closed terminal: input that
/// fails at once, again and again, instead of after the timeout it was given.
struct TickClock {
    enum Timeout: Equatable { case tick(Double), spurious, hangup }

    /// Input that returns an error this much sooner than its timeout did not wait.
    static let spuriousLimit = 0.02
    /// This many errors in a row without waiting: nobody is there.
    static let hangupCount = 200

    private var lastTick: Double
    private var lastRead: Double
    private var spurious = 0
    private let now: () -> Double

    /// `now` is the monotonic clock in seconds (a test passes its own).
    init(now: @escaping () -> Double = TickClock.monotonicNow) {
        self.now = now
        lastTick = now()
        lastRead = lastTick
    }

    /// `wget_wch` returned ERR after being given `timeout` seconds (infinity: no timeout): a
    /// timeout (a tick), an interrupted read, or a dead terminal. A read given less than
    /// twice `spuriousLimit` is judged against half its timeout, so a short wait for the
    /// next second is a tick, not a sign of a closed terminal.
    mutating func timedOut(after timeout: Double = .infinity) -> Timeout {
        let now = self.now()
        defer { lastRead = now }
        if now - lastRead < min(Self.spuriousLimit, timeout / 2) {
            spurious += 1
            return spurious >= Self.hangupCount ? .hangup : .spurious
        }
        spurious = 0
        let elapsed = now - lastTick
        lastTick = now
        return .tick(elapsed)
    }

    /// Input arrived: the wall time since the last tick, handed to the program before the
    /// input so that what the person does happens at the right simulator time.
    mutating func input() -> Double {
        let now = self.now()
        lastRead = now
        spurious = 0
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
