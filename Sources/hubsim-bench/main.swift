import Foundation

// hubsim-bench: the budgets in Docs/performance.md, Benchmarks, measured. `swift run -c release hubsim-bench [engine|store|scenarios|recording|lesson|memory|views|frames|all]`.
// `hubsim-bench probe [options] -- COMMAND ARGS` measures a program in a pseudo-terminal (Probe/Probe.swift).
let which = CommandLine.arguments.dropFirst().first ?? "all"
if which == "probe" { exit(Probe.main(Array(CommandLine.arguments.dropFirst(2)))) }
let benches: [(String, () throws -> [String])] = [
    ("engine", engineBenchmark), ("store", storeBenchmark), ("scenarios", scenarioBenchmark),
    ("recording", recordingBenchmark), ("lesson", lessonBenchmark), ("memory", memoryBenchmark), ("views", viewsBenchmark), ("frames", framesBenchmark),
]
let chosen = which == "all" ? benches : benches.filter { $0.0 == which }
if chosen.isEmpty {
    FileHandle.standardError.write(Data("usage: hubsim-bench [\(benches.map(\.0).joined(separator: "|"))|all], or hubsim-bench probe [options] -- COMMAND ARGS\n".utf8))
    exit(2)
}
do {
    for (_, bench) in chosen { for line in try bench() { print(line) } }
} catch {
    FileHandle.standardError.write(Data("hubsim-bench: \(error)\n".utf8))
    exit(1)
}
