/// Durations as the tiles say them: `40s`, `12m`, `1h05m`; the class timer as `12:34` or `1:02:03`.
enum ClassTime {
    static func short(_ seconds: Int) -> String {
        let s = max(0, seconds)
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m" }
        let m = (s % 3600) / 60
        return "\(s / 3600)h" + (m < 10 ? "0" : "") + "\(m)m"
    }

    static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two((s % 3600) / 60)):\(two(s % 60))" : "\(two(s / 60)):\(two(s % 60))"
    }
}
