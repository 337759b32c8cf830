import Foundation
import Scenarios
import SessionEngine

/// Budget (issue 4): the whole shipped scenario library runs in under one second.
///
/// Measures what `hubsim run --library` does in a fresh process: load every file, build a
/// device per scenario, run the steps (scrypt verifications included, each password paid
/// once thanks to the shared hasher), on every core. Then a warm run (the hasher already
/// remembers every password), a serial cold run (one core), and the parse alone.
func scenarioBenchmark() throws -> [String] {
    let files = BundledAssets.scenarioURLs().map(\.path)
    guard !files.isEmpty else { return ["scenarios: the library is missing from this build (Assets/scenarios)"] }
    var lines: [String] = []

    let cold = try ScenarioRunner()
    let first = cold.run(files: files)
    let failures = first.results.filter { !$0.passed }.map { URL(fileURLWithPath: $0.file).lastPathComponent }
    lines.append("scenarios: library of \(files.count) files, \(first.stepCount) steps: "
        + (failures.isEmpty ? "all pass" : "FAILED: \(failures.joined(separator: ", "))"))
    lines.append(String(format: "scenarios: cold run (fresh hasher, parallel)  %7.1f ms   budget 1000 ms  %@",
                        first.duration * 1000, first.duration < 1 ? "OK" : "OVER"))

    var warm: [Double] = []
    for _ in 0..<5 { warm.append(cold.run(files: files).duration) }
    lines.append(String(format: "scenarios: warm run (median of 5)             %7.1f ms", median(warm) * 1000))

    var serial = try ScenarioRunner(parallel: false)
    serial.parallel = false
    let serialRun = serial.run(files: files)
    lines.append(String(format: "scenarios: cold run, one core                 %7.1f ms", serialRun.duration * 1000))

    let parser = cold.parser
    let start = Date()
    for _ in 0..<20 {
        for file in files { _ = try? parser.load(contentsOf: URL(fileURLWithPath: file)) }
    }
    let parse = Date().timeIntervalSince(start) / 20
    lines.append(String(format: "scenarios: parse the library                  %7.1f ms", parse * 1000))

    let slowest = first.results.max { $0.duration < $1.duration }
    if let slowest {
        lines.append(String(format: "scenarios: slowest in the cold run: %@ %.1f ms", URL(fileURLWithPath: slowest.file).lastPathComponent,
                            slowest.duration * 1000))
    }
    return lines
}

private func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? 0 : s[s.count / 2]
}
