import SessionEngine

/// The running times a frame shows (the clock, a session's length, a countdown), each drawn
/// at the unit a person reads and each telling the canvas when its text next changes, so an
/// idle screen is woken, and repainted, only when a cell it shows would change (Docs/performance.md:
/// 0 bytes while nothing changes on screen).
///
/// Units, decided where the references are silent: the clock shows hours and minutes, as a
/// phone's status bar and lock screen do (the seconds were the only thing an idle screen
/// redrew, once a second; the event log keeps each entry's seconds). A session's length
/// counts in minutes. A countdown counts whole minutes, rounded up, and its last minute
/// in seconds, so the inactivity lock is announced to the second when it is near.
enum RunningTime {
    /// `HH:MM` of the simulator clock; changes at the next whole minute.
    static func clock(_ now: SimInstant, _ c: inout Canvas) -> String {
        let minute: Int64 = 60_000
        c.changes(at: SimInstant(milliseconds: (now.milliseconds / minute + 1) * minute))
        return String(now.description.prefix(5))
    }

    /// A length of time that grows (a session): `<1m`, `12m`, `1h 02m`; changes at its next
    /// whole minute.
    static func elapsed(_ seconds: Double, now: SimInstant, _ c: inout Canvas) -> String {
        let s = seconds.isNaN ? 0 : min(max(0, seconds), 1e15)
        c.changes(at: now.adding(seconds: 60 - s.truncatingRemainder(dividingBy: 60)))
        let minutes = Int(s / 60)
        if minutes == 0 { return "<1m" }
        return minutes < 60 ? "\(minutes)m" : "\(minutes / 60)h \(twoDigits(minutes % 60))m"
    }

    /// Time left (the inactivity lock): whole minutes rounded up (`5m` with 4:01 left,
    /// `1h 05m`), the last minute in seconds (`59s`); changes when the number shown does.
    static func countdown(_ seconds: Double, now: SimInstant, _ c: inout Canvas) -> String {
        let s = seconds.isNaN ? 0 : min(max(0, seconds), 1e15)
        guard s > 60 else {
            let shown = s.rounded(.up)
            if shown > 0 { c.changes(at: now.adding(seconds: s - (shown - 1))) }
            return "\(Int(shown))s"
        }
        let minutes = (s / 60).rounded(.up)
        c.changes(at: now.adding(seconds: s - (minutes - 1) * 60))
        let m = Int(minutes)
        return m < 60 ? "\(m)m" : "\(m / 60)h \(twoDigits(m % 60))m"
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
