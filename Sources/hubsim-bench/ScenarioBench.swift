import Configuration
import Foundation
import Scenarios
import SessionEngine

/// Budget (Docs/performance.md): the whole shipped scenario library runs in under one second.
///
/// Measures what `hubsim run --library` does in a fresh process: load every file, build a
/// device per scenario, run the steps (scrypt verifications included, each password paid
/// once thanks to the shared hasher), on every core: five cold runs, the median against the
/// budget. Then warm runs (the hasher already remembers every password), a cold run on one
/// core, and the parse alone.
func scenarioBenchmark() async throws -> [String] {
    let files = BundledAssets.scenarioFiles().map(ScenarioSource.bundled)
    guard !files.isEmpty else { return ["scenarios: the library is missing from this build (Assets/scenarios)"] }
    var lines: [String] = []

    // Cold: a fresh runner (so a fresh hasher that remembers nothing) for each run, as in a
    // new `hubsim run` process. Five runs: the machine is shared, so the median is the figure.
    var cold: [Double] = []
    var first: RunReport?
    let coldMedian = try await asyncMedian(runs: 5) {
        let report = try await ScenarioRunner().run(files)
        first = first ?? report
        cold.append(report.duration)
        return report.duration
    }
    guard let first else { return [] }
    let failures = first.results.filter { !$0.passed }.map { URL(fileURLWithPath: $0.file).lastPathComponent }
    lines.append("scenarios: library of \(files.count) files, \(first.stepCount) steps: "
        + (failures.isEmpty ? "all pass" : "FAILED: \(failures.joined(separator: ", "))"))
    lines.append("scenarios: cold run, parallel (median of 5)  " + verdict(ms: coldMedian * 1000, target: 1000)
        + "   (best \(ms(cold.min()!)) ms, worst \(ms(cold.max()!)) ms; \(machineLoad()))")

    let runner = try ScenarioRunner()
    _ = await runner.run(files)
    let warm = await asyncMedian(runs: 5) { await runner.run(files).duration }
    lines.append("scenarios: warm run (median of 5)            \(pad(ms(warm), 8)) ms   (passwords already verified; failed attempts still cost)")

    let serialRun = try await ScenarioRunner(parallel: false).run(files)
    lines.append("scenarios: cold run, one core                \(pad(ms(serialRun.duration), 8)) ms")

    let parser = runner.parser
    let start = Date()
    for _ in 0..<20 {
        for file in files { _ = try? parser.load(file) }
    }
    let parse = Date().timeIntervalSince(start) / 20
    lines.append("scenarios: parse the library                 \(pad(ms(parse), 8)) ms")

    let slowest = serialRun.results.max { $0.duration < $1.duration }
    if let slowest {
        lines.append("scenarios: slowest scenario (one core, cold): \(URL(fileURLWithPath: slowest.file).lastPathComponent) \(ms(slowest.duration)) ms")
    }
    return lines
}

/// `median(runs:)` of an async body (the runner's task group).
private func asyncMedian(runs: Int, _ body: () async throws -> Double) async rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(try await body()) }
    samples.sort()
    return samples[samples.count / 2]
}
