import Configuration
import HubUI
import Platform
import SessionEngine

/// `hubsim compare SCENARIO --profiles A,B`: one scenario on two devices, one per profile,
/// with the same tenant and the same apps (the scenario's), so the only difference between
/// them is the system: how each delivers an account change.
public struct Comparison: Sendable {
    public let scenario: Scenario
    public let left: ProfileID
    public let right: ProfileID
    public let steps: [ComparedStep]

    /// Checks that every step has a counterpart under both profiles (`ProfileTranslation`).
    public init(scenario: Scenario, left: ProfileID, right: ProfileID) throws(ConfigError) {
        // Side by side plays both devices in one process without the app bridge: a program's
        // app would never start, and the comparison would show it silent on both sides.
        if let program = scenario.apps.first(where: \.isExternal) {
            throw ConfigError(file: scenario.file, line: 1, column: 1, message:
                "app '\(program.id)' is your own program (exec:): compare plays catalogue apps only; run the scenario on each profile with `hubsim run` instead")
        }
        self.scenario = scenario
        self.left = left
        self.right = right
        steps = try ProfileTranslation.steps(of: scenario, left: left, right: right)
    }

    /// The two devices, unenrolled, ready to play. Passwords are checked at their own cost,
    /// once each for both devices (`SharedVerifier`); keys are seeded, as in scenarios.
    public func start(theme: Theme = .colour, width: Int = 80, height: Int = 24,
                      hasher: ScryptHasher = ScryptHasher(logN: 10)) -> SideBySide {
        let verifier = SharedVerifier(base: hasher)
        func device(_ profile: ProfileID) -> SharedDevice {
            scenario.device(profile: profile, dependencies: EngineDependencies.seeded(hasher: verifier))
        }
        return SideBySide(left: device(left), right: device(right), steps: steps, theme: theme, width: width, height: height)
    }

    /// Plays every step and prints the outcomes side by side, the differing rows marked.
    public func table(hasher: ScryptHasher = ScryptHasher(logN: 10)) -> String { played(hasher: hasher).table }

    /// Plays every step: the printed table and its rows.
    func played(hasher: ScryptHasher) -> (table: String, rows: [OutcomeRow]) {
        var play = start(hasher: hasher)
        play.playToEnd()
        let rows = play.table
        let heading = "compare \(scenario.file): \(scenario.name)\n"
            + "\(steps.count) step\(steps.count == 1 ? "" : "s") played on \(left.rawValue) and \(right.rawValue), apps \(scenario.apps.map(\.id).joined(separator: ", "))\n\n"
        return (heading + OutcomeTable.render(rows, left: left.rawValue, right: right.rawValue), rows)
    }
}
