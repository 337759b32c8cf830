import Foundation
import Scenarios
import SessionEngine

/// Budget (issue 4): the whole shipped scenario library runs in under one second.
///
/// Measures what `hubsim run --library` does in a fresh process: load every file, build a
/// device per scenario, run the steps (scrypt verifications included, each password paid
/// once thanks to the shared hasher), on every core: five cold runs, the median against the
/// budget. Then warm runs (the hasher already remembers every password), a cold run on one
/// core, and the parse alone.
func scenarioBenchmark() throws -> [String] {
    let files = BundledAssets.scenarioURLs().map(\.path)
    guard !files.isEmpty else { return ["scenarios: the library is missing from this build (Assets/scenarios)"] }
    var lines: [String] = []

    // Cold: a fresh runner (so a fresh hasher that remembers nothing) for each run, as in a
    // new `hubsim run` process. Five runs: the machine is shared, so the median is the figure.
    var coldRuns: [RunReport] = []
    for _ in 0..<5 { coldRuns.append(try ScenarioRunner().run(files: files)) }
    let first = coldRuns[0]
    let failures = first.results.filter { !$0.passed }.map { URL(fileURLWithPath: $0.file).lastPathComponent }
    lines.append("scenarios: library of \(files.count) files, \(first.stepCount) steps: "
        + (failures.isEmpty ? "all pass" : "FAILED: \(failures.joined(separator: ", "))"))
    let cold = coldRuns.map(\.duration)
    lines.append(String(format: "scenarios: cold run, parallel (median of 5)    %7.1f ms   budget 1000 ms  %@   (best %.1f ms, worst %.1f ms)",
                        median(cold) * 1000, median(cold) < 1 ? "OK" : "OVER", cold.min()! * 1000, cold.max()! * 1000))

    let runner = try ScenarioRunner()
    _ = runner.run(files: files)
    var warm: [Double] = []
    for _ in 0..<5 { warm.append(runner.run(files: files).duration) }
    lines.append(String(format: "scenarios: warm run (median of 5)             %7.1f ms   (passwords already verified; failed attempts still cost)", median(warm) * 1000))

    let serialRun = try ScenarioRunner(parallel: false).run(files: files)
    lines.append(String(format: "scenarios: cold run, one core                 %7.1f ms", serialRun.duration * 1000))

    let parser = runner.parser
    let start = Date()
    for _ in 0..<20 {
        for file in files { _ = try? parser.load(contentsOf: URL(fileURLWithPath: file)) }
    }
    let parse = Date().timeIntervalSince(start) / 20
    lines.append(String(format: "scenarios: parse the library                  %7.1f ms", parse * 1000))

    let slowest = serialRun.results.max { $0.duration < $1.duration }
    if let slowest {
        lines.append(String(format: "scenarios: slowest scenario (one core, cold): %@ %.1f ms", URL(fileURLWithPath: slowest.file).lastPathComponent,
                            slowest.duration * 1000))
    }
    return lines
}

private func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? 0 : s[s.count / 2]
}
