import Configuration
import Foundation
import HubUI
import Platform
import SessionEngine
@testable import Scenarios

/// Shared fixtures. One hasher for the whole target: it remembers successful verifications,
/// so each password's scrypt cost is paid once per process; its own work factor (used only
/// for app passcodes set during tests) is low.
enum Fixtures {
    static let hasher = ScryptHasher(logN: 10)
    static let catalogue = try! BundledAssets.catalogue()

    static func runner(environment: [String: String] = [:]) -> ScenarioRunner {
        try! ScenarioRunner(environment: environment, catalogue: catalogue, hasher: hasher)
    }

    static func parser(environment: [String: String] = [:]) -> ScenarioParser {
        ScenarioParser(environment: environment, catalogue: catalogue)
    }

    /// Parses scenario text; a file error fails the calling test with its message.
    static func scenario(_ yaml: String, file: String = "test.yaml", environment: [String: String] = [:]) throws -> Scenario {
        try parser(environment: environment).parse(yaml, file: file)
    }

    /// The error a scenario text gives, or nil when it parses.
    static func parseError(_ yaml: String, file: String = "bad.yaml", environment: [String: String] = [:]) -> ConfigError? {
        do throws(ConfigError) {
            _ = try parser(environment: environment).parse(yaml, file: file)
            return nil
        } catch {
            return error
        }
    }

    /// Runs scenario text and returns its result.
    static func run(_ yaml: String, environment: [String: String] = [:]) throws -> ScenarioResult {
        runner(environment: environment).run(try scenario(yaml, environment: environment))
    }

    /// A scenario with `steps` (YAML list lines, indented by two spaces) after enrolling a
    /// workspace-one device and checking out cou1.
    static func ws1(_ steps: String, checkedOut: Bool = true, extra: String = "") -> String {
        """
        name: t
        profile: workspace-one
        \(extra)
        steps:
          - enroll: {group: FRONTLINE, user: stage, password: stage}
        \(checkedOut ? "  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}" : "")
        \(steps)
        """
    }

    /// A fresh directory for files a test writes.
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-scen-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, _ name: String, in dir: URL) -> String {
        let url = dir.appendingPathComponent(name)
        try! text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

extension ScenarioResult {
    /// The failure of the failed step, for `#expect`s.
    var failure: StepFailure? { failedStep?.failure }
    var failedLine: Int? { failedStep?.step.line }
}
