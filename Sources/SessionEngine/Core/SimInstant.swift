/// A moment on the simulator's clock, in milliseconds since midnight of the simulated day.
///
/// The engine never reads a wall clock: time moves only when an event says so
/// (`SharedDevice.advanceClock(by:)`), which is what lets tests, scenarios and a
/// trainer's "clock warp" all drive inactivity and lockouts the same way.
public struct SimInstant: Comparable, Hashable, Codable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// A new device's clock starts at the beginning of a morning shift, 08:00:00.
    public static let shiftStart = SimInstant(milliseconds: 8 * 3_600_000)

    public static func < (a: SimInstant, b: SimInstant) -> Bool { a.milliseconds < b.milliseconds }

    public func adding(seconds: Double) -> SimInstant {
        SimInstant(milliseconds: milliseconds + Int64((seconds * 1000).rounded()))
    }

    /// Seconds from `earlier` to `self`.
    public func seconds(since earlier: SimInstant) -> Double {
        Double(milliseconds - earlier.milliseconds) / 1000
    }

    /// `HH:MM:SS`, wrapping at midnight (a shift-change demo rarely spans days).
    public var description: String {
        let total = Int(milliseconds / 1000)
        let h = (total / 3600) % 24, m = (total / 60) % 60, s = total % 60
        return twoDigits(h) + ":" + twoDigits(m) + ":" + twoDigits(s)
    }
}

/// `n` with at least two digits. Written out rather than `String(format:)`, whose first
/// call (Foundation's formatter) cost 0.4 ms of a resumed device's first frame.
func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

/// A length of simulated time shown to people: `45s`, `2m 05s`, `1h 02m`.
public func formatDuration(seconds: Double) -> String {
    let total = max(0, Int(seconds))
    if total < 60 { return "\(total)s" }
    if total < 3600 { return "\(total / 60)m \(twoDigits(total % 60))s" }
    return "\(total / 3600)h \(twoDigits((total / 60) % 60))m"
}
