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

    /// The latest instant a saved device may hold: 1,000 simulated years (365-day years) after
    /// midnight of the first day. A stored time outside `0...latest` is damage, not a clock.
    public static let latest = SimInstant(milliseconds: 1_000 * 365 * 86_400_000)

    /// Whether a stored time is one a device can have reached (`0...latest`).
    public var isPlausible: Bool { (0...Self.latest.milliseconds).contains(milliseconds) }

    public static func < (a: SimInstant, b: SimInstant) -> Bool { a.milliseconds < b.milliseconds }

    /// `self` moved by `seconds`, rounded to the millisecond. Saturating, so it cannot trap:
    /// a sum beyond `Int64` stops at its end, and a NaN moves nothing (time values come from
    /// files and a corrupt one must be reported, not crash the process).
    public func adding(seconds: Double) -> SimInstant {
        let delta = (seconds * 1000).rounded()
        guard !delta.isNaN else { return self }
        // 2^63 is exactly representable: a step that large is added in `Double`, then clamped.
        let bound = 9_223_372_036_854_775_808.0
        guard delta.magnitude < bound else {
            let sum = Double(milliseconds) + delta
            return SimInstant(milliseconds: sum >= bound ? .max : sum < -bound ? .min : Int64(sum))
        }
        let step = Int64(delta)
        let (sum, overflow) = milliseconds.addingReportingOverflow(step)
        if overflow { return SimInstant(milliseconds: step > 0 ? .max : .min) }
        return SimInstant(milliseconds: sum)
    }

    /// Seconds from `earlier` to `self` (negative when `earlier` is later). Computed in
    /// `Double`, so two far-apart instants cannot overflow.
    public func seconds(since earlier: SimInstant) -> Double {
        let (difference, overflow) = milliseconds.subtractingReportingOverflow(earlier.milliseconds)
        if !overflow { return Double(difference) / 1000 }
        return (Double(milliseconds) - Double(earlier.milliseconds)) / 1000
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
    // Clamped before the conversion, which traps on NaN, infinities and values beyond `Int`.
    let total = seconds.isNaN ? 0 : Int(min(max(0, seconds), 1e15))
    if total < 60 { return "\(total)s" }
    if total < 3600 { return "\(total / 60)m \(twoDigits(total % 60))s" }
    return "\(total / 3600)h \(twoDigits((total / 60) % 60))m"
}
