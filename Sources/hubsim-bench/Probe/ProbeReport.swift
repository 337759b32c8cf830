import BridgeProtocol

/// The report of all runs: median, min and max of each figure over the measured runs (the
/// warm-up runs left out), per step too, beside the runs' own figures.
enum ProbeReport {
    /// The figures summed up over runs, in the order they are printed.
    static let scalars = [
        "startup_first_byte_ms", "startup_settle_ms", "startup_bytes", "startup_chunks", "idle_bytes", "idle_chunks",
        "keys_n", "keys_bytes_total", "keys_bytes_mean", "keys_bytes_median", "keys_first_byte_ms_median",
        "keys_settle_ms_median", "resize_bytes", "resize_first_byte_ms", "resize_settle_ms", "vmhwm_kb",
        "maxrss_wait4_kb", "cpu_ms", "quit_ms", "total_bytes", "total_ms",
    ]

    /// The middle value; the mean of the two middle ones of an even count (as Python's
    /// `statistics.median`, which the scripts used before).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// `{"median", "min", "max"}` of the values that are there; nil when none is.
    static func spread(_ values: [JSONValue?]) -> JSONValue? {
        let present = values.compactMap { $0 }.filter { $0 != .null }
        let numbers = present.compactMap(\.number)
        guard !numbers.isEmpty else { return nil }
        let allInts = present.allSatisfy { if case .int = $0 { return true } else { return false } }
        let m = median(numbers)
        var out = JSONValue.Object()
        out["median"] = allInts && m == m.rounded() ? .int(Int(m)) : .double(ProbePhases.rounded(m))
        let low = numbers.min()!, high = numbers.max()!
        out["min"] = allInts ? .int(Int(low)) : .double(low)
        out["max"] = allInts ? .int(Int(high)) : .double(high)
        return .object(out)
    }

    static func summary(_ runs: [JSONValue.Object]) -> JSONValue.Object {
        var s = JSONValue.Object()
        for key in scalars {
            if let v = spread(runs.map { $0[key] }) { s[key] = v }
        }
        let runSteps: [[JSONValue.Object]] = runs.map { run in
            guard case let .array(list)? = run["steps"] else { return [] }
            return list.compactMap { if case let .object(o) = $0 { return o } else { return nil } }
        }
        var steps: [JSONValue] = []
        for i in 0..<(runSteps.map(\.count).max() ?? 0) {
            let column = runSteps.compactMap { i < $0.count ? $0[i] : nil }.filter { $0["skipped"] != .bool(true) }
            guard let first = column.first else { steps.append(.null); continue }
            var step = JSONValue.Object()
            step["kind"] = first["kind"]
            step["label"] = first["label"]
            step["bytes"] = spread(column.map { $0["bytes"] }) ?? .null
            step["first_byte_ms"] = spread(column.map { $0["first_byte_ms"] }) ?? .null
            step["settle_ms"] = spread(column.map { $0["settle_ms"] }) ?? .null
            step["unsettled_runs"] = .int(column.filter { $0["settled"] != .bool(true) }.count)
            steps.append(.object(step))
        }
        s["steps"] = .array(steps)
        var exits = JSONValue.Object()
        for run in runs {
            guard case let .string(how)? = run["exit"] else { continue }
            exits[how] = .int((exits[how]?.number).map { Int($0) + 1 } ?? 1)
        }
        s["exits"] = .object(exits)
        s["startup_unsettled_runs"] = .int(runs.filter { $0["startup_settled"] != .bool(true) }.count)
        return s
    }

    /// The whole report: what was run and how, the summary, and (unless left out) each run.
    static func report(_ o: ProbeOptions, runs: [JSONValue.Object]) -> JSONValue {
        var r = JSONValue.Object()
        r["command"] = .array(o.command.map(JSONValue.string))
        r["size"] = .array([.int(o.size.columns), .int(o.size.rows)])
        r["term"] = .string(o.term)
        r["runs"] = .int(o.runs)
        r["warmup"] = .int(o.warmup)
        r["quiet_ms"] = .double(o.quietMs)
        r["resize_quiet_ms"] = .double(o.resizeQuietMs)
        r["idle_s"] = .double(o.idleSeconds)
        r["steps"] = .array(o.plannedSteps.map { step in
            var s = JSONValue.Object()
            s["kind"] = .string(step.kind)
            s["label"] = .string(step.label)
            return .object(s)
        })
        r["summary"] = .object(summary(runs))
        if !o.noPerRun { r["per_run"] = .array(runs.map(JSONValue.object)) }
        return .object(r)
    }

    /// A `Name:   1234 kB` line's number from /proc/PID/status.
    static func statusField(_ name: String, in text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
        }
        return nil
    }

    /// The child's environment: the probe's own, less LINES and COLUMNS (which would override
    /// the terminal's size in curses), with TERM and the extra entries set.
    static func environment(inherited: [String: String], term: String, extra: [String]) -> [String] {
        var env = inherited
        env["LINES"] = nil
        env["COLUMNS"] = nil
        env["TERM"] = term
        for entry in extra {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            env[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }
}
