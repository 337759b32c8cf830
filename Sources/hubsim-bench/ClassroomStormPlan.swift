/// What `hubsim-bench classroom-storm` does at each kill, decided before it runs (pure): which
/// victim connects, the sizes its terminal goes through, and when its `ssh` is killed; and what
/// the class's log must say afterwards.
enum ClassroomStormPlan {
    /// Victims take turns under a few names: each name comes back every `victims` kills, so a
    /// killed victim's device has the time of the others' turns to save and exit (its seat is
    /// free again only then), and each kept device is still resumed kills / `victims` times.
    static let victims = 4

    static func victim(kill: Int) -> String { "victim\(kill % victims)" }

    /// The sizes of one burst: tiny (0x0, 1x1), just under the classroom's smallest (19x9),
    /// huge (65535x65535, past its largest), lopsided, and ordinary ones between, so the child
    /// is resized both ways at once. Each kill starts the cycle at another place, and the cycle
    /// is gone through twice.
    static let cycle: [(columns: Int, rows: Int)] = [
        (0, 0), (132, 43), (1, 1), (65535, 65535), (80, 24), (19, 9),
        (400, 200), (2, 500), (500, 2), (20, 10), (401, 201), (100, 30),
    ]

    static func sizes(kill: Int) -> [(columns: Int, rows: Int)] {
        let start = kill % cycle.count
        let once = Array(cycle[start...] + cycle[..<start])
        return once + once
    }

    /// The resize after which the `ssh` is killed: in the middle half of the burst, at a
    /// different place each kill (a step of 5 is prime to the burst's 24).
    static func killPoint(kill: Int) -> Int {
        let burst = cycle.count * 2
        return burst / 4 + (kill * 5) % (burst / 2)
    }

    /// How many lines of the class's log say `name` disconnected (`HH:mm:ss  NAME disconnected`).
    static func disconnections(of name: String, in log: String) -> Int {
        log.split(separator: "\n").count { $0.hasSuffix("  \(name) disconnected") }
    }
}
