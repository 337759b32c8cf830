import AppBridge
import Configuration
import HubUI
import Platform
import SessionEngine

/// `hubsim compare SCENARIO P1 P2 [P3 [P4]]`: one scenario on two to four devices, one per
/// profile, with the same tenant and the same apps (the scenario's), so the only difference
/// between them is the system: how each delivers an account change.
public struct Comparison: Sendable {
    public let scenario: Scenario
    /// The profiles, in the order named: the columns (or tabs) in that order.
    public let profiles: [ProfileID]
    public let steps: [ComparedStep]

    /// How many profiles a comparison takes.
    public static let profileCounts = 2...CompareKeys.maximumTabs

    /// Checks that every step has a counterpart under at least one of the profiles
    /// (`ProfileTranslation`).
    public init(scenario: Scenario, profiles: [ProfileID]) throws(ConfigError) {
        precondition(Self.profileCounts.contains(profiles.count) && Set(profiles).count == profiles.count,
                     "a comparison takes two to four different profiles")
        self.scenario = scenario
        self.profiles = profiles
        steps = try ProfileTranslation.steps(of: scenario, profiles: profiles)
    }

    /// `first ⇄ second ⇄ …`, as the picker and the headings name the profiles.
    public var profileNames: String { profiles.map(\.rawValue).joined(separator: " ⇄ ") }

    /// The devices, unenrolled, ready to play. Passwords are checked at their own cost,
    /// once each for every device (`SharedVerifier`); keys are seeded, as in scenarios.
    public func start(theme: Theme = .colour, width: Int = 80, height: Int = 24,
                      hasher: ScryptHasher = ScryptHasher(logN: 10)) -> SideBySide {
        let verifier = SharedVerifier(base: hasher)
        let devices = profiles.map {
            scenario.device(profile: $0, dependencies: EngineDependencies.seeded(hasher: verifier))
        }
        // A program (exec:) runs once per device, each its own process, settled after every
        // action as the scenario runner settles it.
        let programs: (@Sendable () -> [any DevicePrograms])?
        if scenario.apps.contains(where: \.isExternal) {
            let count = profiles.count
            programs = { (0..<count).map { _ in BridgedDevicePrograms() } }
        } else {
            programs = nil
        }
        return SideBySide(devices: devices, steps: steps, theme: theme, width: width, height: height, programs: programs)
    }

    /// Plays every step and prints the outcomes in columns, the differing rows marked.
    public func table(hasher: ScryptHasher = ScryptHasher(logN: 10)) -> String { played(hasher: hasher).table }

    /// Plays every step: the printed table and its rows.
    func played(hasher: ScryptHasher) -> (table: String, rows: [OutcomeRow]) {
        var play = start(hasher: hasher)
        play.playToEnd()
        // The outcome is read while the programs still run (what they show), then they end.
        let rows = play.table
        play.endPrograms()
        let names = profiles.map(\.rawValue)
        let list = names.count == 2 ? names.joined(separator: " and ")
            : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        var heading = "compare \(scenario.file): \(scenario.name)\n"
            + "\(steps.count) step\(steps.count == 1 ? "" : "s") played on \(list), apps \(scenario.apps.map(\.id).joined(separator: ", "))\n"
        // Which steps a profile left out, and why, before the table that counts them.
        for (i, profile) in profiles.enumerated() {
            let left = steps.compactMap { step in step.notPart[i].map { "\(step.label) (\($0))" } }
            guard !left.isEmpty else { continue }
            heading += "not part of \(profile.rawValue): \(left.joined(separator: "; "))\n"
        }
        return (heading + "\n" + OutcomeTable.render(rows, profiles: names), rows)
    }
}

/// A compared device's programs through the app bridge, one bridge per device.
struct BridgedDevicePrograms: DevicePrograms {
    let bridge = AppBridge()
    var performer: any DeviceEffectPerformer { bridge }
    func settle(_ device: inout SharedDevice) { bridge.settle(&device) }
    func end(_ device: inout SharedDevice) { bridge.shutdown(&device) }
}
