import BridgeProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of the command in a fresh pseudo-terminal: the start-up until the output is quiet,
/// idle reading, each step, the memory, then the quit. Returns the run's figures under the
/// names the scripts read (`startup_first_byte_ms`, `startup_settle_ms`, `idle_bytes`,
/// `steps`, `vmhwm_kb`, …).
enum ProbeRun {
    static func run(_ o: ProbeOptions, environment: [String]) -> JSONValue.Object {
        var result = JSONValue.Object()
        var terminal: PseudoTerminal
        do {
            terminal = try PseudoTerminal(command: o.command, environment: environment, columns: o.size.columns, rows: o.size.rows)
        } catch {
            result["error"] = .string("\(error)")
            result["exit"] = .string("not-started")
            return result
        }
        terminal.answering = !o.noAnswer
        let runDeadline = terminal.started + o.maxTimeSeconds * 1000

        let startup = ProbePhases.settle(&terminal, from: terminal.started, needFirst: true, quietMs: o.quietMs,
                                         timeoutMs: o.timeoutSeconds * 1000, runDeadline: runDeadline)
        result["startup_first_byte_ms"] = JSONValue(startup.firstByteMs)
        result["startup_settle_ms"] = startup.firstByteMs == nil ? .null : .double(startup.settleMs)
        result["startup_bytes"] = .int(startup.bytes)
        result["startup_chunks"] = .int(startup.chunks)
        result["startup_settled"] = .bool(startup.settled)

        if o.idleSeconds > 0 {
            let idle = ProbePhases.readFor(&terminal, milliseconds: o.idleSeconds * 1000, runDeadline: runDeadline)
            result["idle_bytes"] = .int(idle.bytes)
            result["idle_chunks"] = .int(idle.chunks)
        }

        var steps: [JSONValue.Object] = []
        var keyFigures: [PhaseFigures] = []
        var lastResize: PhaseFigures?
        for step in o.plannedSteps {
            var entry = JSONValue.Object()
            if terminal.atEnd || terminal.now() >= runDeadline {
                entry["kind"] = .string(step.kind)
                entry["label"] = .string(step.label)
                entry["skipped"] = .bool(true)
                steps.append(entry)
                continue
            }
            if o.gapMs > 0 { _ = ProbePhases.readFor(&terminal, milliseconds: o.gapMs, runDeadline: runDeadline) }
            let t = terminal.now()
            let quiet: Double
            switch step {
            case let .key(_, bytes):
                terminal.send(key: bytes, raw: o.rawKeys)
                quiet = o.quietMs
            case let .resize(columns, rows):
                terminal.resize(columns: columns, rows: rows)
                quiet = o.resizeQuietMs
            }
            let figures = ProbePhases.settle(&terminal, from: t, needFirst: false, quietMs: quiet,
                                             timeoutMs: o.timeoutSeconds * 1000, runDeadline: runDeadline)
            if step.kind == "key" { keyFigures.append(figures) } else { lastResize = figures }
            entry = phase(figures)
            entry["kind"] = .string(step.kind)
            entry["label"] = .string(step.label)
            steps.append(entry)
        }
        result["steps"] = .array(steps.map(JSONValue.object))

        if !keyFigures.isEmpty {
            let bytes = keyFigures.map { Double($0.bytes) }
            result["keys_n"] = .int(keyFigures.count)
            result["keys_bytes_total"] = .int(keyFigures.reduce(0) { $0 + $1.bytes })
            result["keys_bytes_mean"] = .double(ProbePhases.rounded(bytes.reduce(0, +) / Double(bytes.count)))
            result["keys_bytes_median"] = .double(ProbeReport.median(bytes))
            result["keys_settle_ms_median"] = .double(ProbePhases.rounded(ProbeReport.median(keyFigures.map(\.settleMs)), places: 3))
            let firsts = keyFigures.compactMap(\.firstByteMs)
            result["keys_first_byte_ms_median"] = firsts.isEmpty ? .null : .double(ProbePhases.rounded(ProbeReport.median(firsts), places: 3))
        }
        if let lastResize {
            result["resize_bytes"] = .int(lastResize.bytes)
            result["resize_settle_ms"] = .double(lastResize.settleMs)
            result["resize_first_byte_ms"] = JSONValue(lastResize.firstByteMs)
        }
        let memory = terminal.memory()
        result["vmhwm_kb"] = JSONValue(memory.peak)
        result["vmrss_kb"] = JSONValue(memory.resident)

        for (key, value) in finish(&terminal, o) { result[key] = value }
        result["total_ms"] = .double(ProbePhases.rounded(terminal.now() - terminal.started, places: 1))
        result["total_bytes"] = .int(terminal.totalBytes)
        if terminal.replies.queriesAnswered > 0 { result["queries_answered"] = .int(terminal.replies.queriesAnswered) }
        return result
    }

    static func phase(_ f: PhaseFigures) -> JSONValue.Object {
        var out = JSONValue.Object()
        out["bytes"] = .int(f.bytes)
        out["chunks"] = .int(f.chunks)
        out["first_byte_ms"] = JSONValue(f.firstByteMs)
        out["settle_ms"] = .double(f.settleMs)
        out["settled"] = .bool(f.settled)
        return out
    }

    /// Ends the run: the quit key, then SIGTERM and SIGHUP, then SIGKILL to the child's session,
    /// always reaped. The child's peak RSS and CPU time come from wait4(2)'s resource use: the
    /// child's own, since nothing of the probe ran in it before exec.
    static func finish(_ terminal: inout PseudoTerminal, _ o: ProbeOptions) -> JSONValue.Object {
        let t = terminal.now()
        var how: String?
        var quitBytes = 0
        if terminal.pollExit() {
            how = "exited-early"
        } else {
            if let quit = o.quit, !terminal.atEnd {
                terminal.write(quit)
                let end = terminal.now() + o.quitTimeoutSeconds * 1000
                while terminal.now() < end {
                    quitBytes += terminal.read(waitingAtMost: 20).count
                    if terminal.pollExit() { how = "quit"; break }
                }
            }
            for (number, name, waitMs) in [(SIGTERM, "sigterm", 1000.0), (SIGKILL, "sigkill", 2000.0)] where how == nil {
                terminal.stopGroup(number)
                if number == SIGTERM { terminal.stopGroup(SIGHUP) }  // curses programs often ignore only some
                let end = terminal.now() + waitMs
                while terminal.now() < end {
                    quitBytes += terminal.read(waitingAtMost: 20).count
                    if terminal.pollExit() { how = name; break }
                }
            }
        }
        // Nothing of the session survives; then reap, drain and close.
        terminal.stopGroup(SIGKILL)
        terminal.reap()
        while !terminal.read(waitingAtMost: 0).isEmpty {}
        terminal.closeMaster()

        var out = JSONValue.Object()
        out["exit"] = .string(how ?? "unknown")
        out["quit_ms"] = .double(ProbePhases.rounded(terminal.now() - t, places: 1))
        out["quit_bytes"] = .int(quitBytes)
        if let (status, usage) = terminal.exit {
            if status & 0x7f == 0 {
                out["exit_status"] = .int(Int((status >> 8) & 0xff))
            } else if status & 0x7f != 0x7f {
                out["exit_signal"] = .int(Int(status & 0x7f))
            }
            out["maxrss_wait4_kb"] = .int(usage.ru_maxrss)
            let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
            out["cpu_ms"] = .double(ProbePhases.rounded(cpu, places: 1))
        }
        return out
    }
}
