import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Budget: a scenario's and a lesson's memory is linear in their steps; 10,000 steps play
/// within 500 MB peak RSS. (Lessons kept a copy of the whole action log per step for their
/// step back: 4,000 steps took 861 MB and 9,990 steps 5.2 GB.)
///
/// Measured as the files are played for real: `hubsim run` (the binary beside this one) on
/// generated files of 1,000 / 4,000 / 10,000 `advanceClock: 1` steps, each in its own
/// process, its peak RSS read from `wait4`'s resource usage. A separate process is the honest
/// measure: in-process growth would count what this process's allocator kept from before
/// and miss what the run's own start costs; `RUSAGE_CHILDREN` would give only the largest
/// child so far. Linear: the growth per 1,000 steps from 4,000 to 10,000 against 1,000 to
/// 4,000 (peak RSS has a fixed part, the binary and its start, which a ratio of totals would
/// hide), or a growth too small to be the steps' (under 2 MB per 1,000 steps).
func memoryBenchmark() async throws -> [String] {
    // A child's peak counts the memory of the process that started it (Linux carries the
    // parent's resident size over at fork and exec): after the other rows of `all` this
    // process holds hundreds of MB, so the rows are measured from a fresh process of ours.
    if ownPeakKB() > 64 * 1024 { return try await freshProcessRows() }
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hubsim").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw BenchError("memory: \(binary) is missing; build it first (swift build -c release --product hubsim)")
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-bench-memory-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var lines = ["memory: hubsim run, peak RSS of its process (\(machineLoad()))"]
    for kind in ["scenario", "lesson"] {
        var sizes: [(steps: Int, mb: Double)] = []
        for steps in [1000, 4000, 10_000] {
            let file = directory.appendingPathComponent("\(kind)-\(steps).yaml")
            try clockFile(kind: kind, steps: steps).write(to: file, atomically: true, encoding: .utf8)
            let (status, peakKB, wall) = try spawn(binary, ["run", file.path])
            guard status == 0 else { throw BenchError("memory: hubsim run \(file.lastPathComponent) exited with status \(status)") }
            let mb = Double(peakKB) / 1024
            sizes.append((steps, mb))
            lines.append("  \(kind) \(pad(grouped(steps), 6)) steps  " + verdict(ms: mb, target: 500, unit: "MB")
                         + "   (\(String(format: "%.2f", wall)) s)")
        }
        // Per 1,000 steps, beyond the fixed part: the same for the later steps as for the earlier.
        let early = (sizes[1].mb - sizes[0].mb) / 3, late = (sizes[2].mb - sizes[1].mb) / 6
        // Below 2 MB per 1,000 steps the growth is the allocator's own steps (arenas, the
        // file's parse), not the steps' state: a square law would show as tens of MB.
        let ratio = early > 0.05 ? late / early : 1
        let linear = ratio <= 1.5 || late <= 2
        lines.append("  \(kind): \(String(format: "%.1f", late)) MB per 1,000 steps from 4,000 to 10,000, \(String(format: "%.1f", early)) from 1,000 to 4,000"
                     + " = \(String(format: "%.2f", ratio))x  (target ≤ 1.5x, or under 2 MB per 1,000 steps: linear)  \(linear ? "met" : "NOT MET")")
    }
    return lines
}

/// A scenario or a lesson of `steps` steps, each moving the clock a second.
private func clockFile(kind: String, steps: Int) -> String {
    var out = kind == "lesson" ? "lesson: Clock, \(steps) steps\n" : "name: Clock, \(steps) steps\n"
    out += "profile: workspace-one\nsteps:\n"
    for i in 0..<steps {
        out += kind == "lesson" ? "  - title: Step \(i)\n    do:\n      - advanceClock: 1\n" : "  - advanceClock: 1\n"
    }
    return out
}

/// Runs `path` with `arguments`, output discarded; its exit status, peak RSS (KB) and wall time.
///
/// `posix_spawn` and `wait4`, not swift-subprocess: the peak is the child's own resource use,
/// which only the call that reaps it receives, and swift-subprocess reaps its children itself
/// (`waitid`). What is left to read after it, `getrusage(RUSAGE_CHILDREN)`, is the largest child
/// so far: measured on 2026-11-28 with the six rows in this order, lesson 1,000 read 33.0 MB
/// (the scenario of 10,000 steps before it) against its own 27.1 MB, +22%, and the lessons'
/// early growth per 1,000 steps 6.7 MB against 8.7 MB.
private func spawn(_ path: String, _ arguments: [String]) throws -> (status: Int32, peakKB: Int, seconds: Double) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var pid: pid_t = 0
    let start = ContinuousClock.now
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw BenchError("memory: cannot start \(path) (errno \(spawned))") }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { throw BenchError("memory: wait4 failed (errno \(errno))") }
    let wall = seconds(ContinuousClock.now - start)
    let exited = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (exited, usage.ru_maxrss, wall)
}

/// This process's own peak resident size so far (`VmHWM`), in KB; 0 when unknown.
private func ownPeakKB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// The memory rows as `hubsim-bench memory` prints them from a process of its own.
private func freshProcessRows() async throws -> [String] {
    try await outputLines(of: CommandLine.arguments[0], ["memory"])
}
