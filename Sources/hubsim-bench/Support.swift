import Foundation
import Subprocess

/// Small helpers shared by the benchmarks.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func median(runs: Int, _ body: () throws -> Double) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(try body()) }
    samples.sort()
    return samples[samples.count / 2]
}

func ms(_ s: Double) -> String {
    let v = s * 1000
    return v < 10 ? String(format: "%.3f", v) : String(format: "%.1f", v)
}

func pad(_ v: Any, _ width: Int) -> String {
    let s = "\(v)"
    return String(repeating: " ", count: max(0, width - s.count)) + s
}

/// The middle value of `samples` (the upper one of an even count).
func middle(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted[sorted.count / 2]
}

/// The 99th percentile of `samples` (0 when there are none).
func percentile99(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
}

/// `value` milliseconds beside its target: `0.62 ms  (target < 1 ms)  met`.
func verdict(ms value: Double, target: Double, unit: String = "ms") -> String {
    let shown = value < 10 ? String(format: "%.3f", value) : String(format: "%.1f", value)
    let limit = target == target.rounded() ? String(Int(target)) : String(target)
    return "\(shown) \(unit)  (target < \(limit) \(unit))  \(value < target ? "met" : "NOT MET")"
}

/// 10000 → "10,000".
func grouped(_ n: Int) -> String {
    let digits = Array(String(n))
    var out = ""
    for (i, d) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(d)
    }
    return out
}

/// The machine's load while the figures were taken (the 1-minute average of
/// `/proc/loadavg`, as `uptime` shows it), and its cores: the figures mean little without it.
func machineLoad() -> String {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
          let first = text.split(separator: " ").first else { return "\(cores) cores" }
    return "load \(first) on \(cores) cores"
}

/// Seconds of CPU time this thread spends in `body`. The machine is shared: wall-clock time
/// counts every moment another process held the core, CPU time only the engine's own work.
func cpuSeconds(_ body: () -> Void) -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

/// The lines `path` prints with `arguments` (swift-subprocess; its standard error passes
/// through), or an error naming how it ended when that was not a success.
func outputLines(of path: String, _ arguments: [String]) async throws -> [String] {
    let result = try await run(
        .path(.init(path)), arguments: .init(arguments),
        output: .string(limit: 1 << 20), error: .fileDescriptor(.init(rawValue: 2), closeAfterSpawningProcess: false)
    )
    guard result.terminationStatus.isSuccess else {
        throw BenchError("\(path) \(arguments.joined(separator: " ")) ended with \(result.terminationStatus)")
    }
    return (result.standardOutput ?? "").split(separator: "\n").map(String.init)
}
