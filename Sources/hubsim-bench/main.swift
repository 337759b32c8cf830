import Foundation

// hubsim-bench: the budgets in Docs/performance.md, Benchmarks, measured. `swift run -c release hubsim-bench [engine|store|scenarios|recording|lesson|memory|views|frames|bridge|all]`.
// `hubsim-bench probe [options] -- COMMAND ARGS` measures a program in a pseudo-terminal (Probe/Probe.swift).
let which = CommandLine.arguments.dropFirst().first ?? "all"
if which == "probe" { exit(Probe.main(Array(CommandLine.arguments.dropFirst(2)))) }
// `hubsim-bench bridge-responder echo|hang`: the native child of `hubsim-bench bridge` (BridgeBench.swift).
if which == "bridge-responder" { exit(BridgeResponders.run(CommandLine.arguments.dropFirst(2).first ?? "echo")) }
// `hubsim-bench aged-device STATE_HOME CYCLES`: a long-lived device for Scripts/first-frame.
if which == "aged-device" {
    let rest = Array(CommandLine.arguments.dropFirst(2))
    guard rest.count == 2, let cycles = Int(rest[1]), cycles >= 0 else {
        FileHandle.standardError.write(Data("usage: hubsim-bench aged-device STATE_HOME CYCLES\n".utf8))
        exit(2)
    }
    do { for line in try agedDevice(stateHome: rest[0], cycles: cycles) { print(line) } } catch {
        FileHandle.standardError.write(Data("hubsim-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
// `hubsim-bench classroom [COUNT…]`: a class over loopback ssh (ClassroomBench.swift); 1, 10 and 30 trainees by default.
if which == "classroom" {
    let counts = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }.filter { (1...200).contains($0) }
    do { for line in try classroomBenchmark(counts: counts.isEmpty ? [1, 10, 30] : counts) { print(line) } } catch {
        FileHandle.standardError.write(Data("hubsim-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
let benches: [(String, () throws -> [String])] = [
    ("engine", engineBenchmark), ("store", storeBenchmark), ("scenarios", scenarioBenchmark),
    ("recording", recordingBenchmark), ("lesson", lessonBenchmark), ("memory", memoryBenchmark), ("views", viewsBenchmark), ("frames", framesBenchmark), ("bridge", bridgeBenchmark),
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
