import ArgumentParser
import Configuration
import CursesTerminal
import Foundation
import HubUI
import Scenarios
import SessionEngine

/// `hubsim compare SCENARIO --profiles A,B`: one scenario on two devices, one per profile.
/// In a terminal the two devices side by side (or as tabs), stepped through with Space;
/// headless (`--table`, or standard output not a terminal) the outcomes as a table.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Play one scenario under two profiles and show the differences of outcome (exit 0, or 2: usage or file error).",
        discussion: """
            Both devices get the scenario's tenant and apps. Account steps map onto each other: \
            checkOut ⇄ signIn, checkIn ⇄ signOut (a sign-in from an app checks out in the Hub, then \
            launches that app). Steps only one profile has (unlock, enterpriseWipe) and press: steps are \
            refused at their file:line:column; expect steps are not played (the table shows the outcomes).

            In a terminal: Space or Enter plays the next step on both devices; side by side from 160 \
            columns, as tabs below (1 and 2 switch, v toggles side by side and tabs); an app pane whose \
            outcome differs is marked ≠. F10 or q quits.
            """)

    @Argument(parsing: .allUnrecognized, help: "The scenario file (.yaml).")
    var files: [String] = []

    @Option(help: ArgumentHelp("The two profiles, comma-separated.", valueName: "a,b"))
    var profiles = "workspace-one,entra-ios"

    @Option(help: ArgumentHelp("The apps on both devices, comma-separated ids (default: the scenario's).", valueName: "ids"))
    var apps: String?

    @Flag(help: "Print the differences as a table even in a terminal.")
    var table = false

    func run() throws {
        if let unknown = files.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            try fail("Error: unknown option '\(unknown)'; see `hubsim compare --help`")
        }
        guard files.count == 1 else {
            try fail("Error: give exactly one scenario file (got \(files.count)); see `hubsim compare --help`")
        }
        let pair = try profilePair()
        let appIDs = try requestedApps()
        let comparison: Comparison
        do throws(ConfigError) {
            let runner = try ScenarioRunner(environment: ProcessInfo.processInfo.environment, parallel: false)
            var scenario = try runner.parser.load(contentsOf: URL(fileURLWithPath: files[0]), displayPath: files[0])
            if let appIDs {
                let catalogue = try BundledAssets.catalogue()
                scenario.apps = appIDs.compactMap { catalogue.app($0) }
            }
            comparison = try Comparison(scenario: scenario, left: pair.0, right: pair.1)
        } catch {
            try fail("hubsim: \(error.description)")
        }
        if table || isatty(1) != 1 || isatty(0) != 1 {
            print(comparison.table(), terminator: "")
            return
        }
        try CompareLaunch(comparison: comparison).run()
    }

    /// `--apps`, checked as the interactive command checks it; nil without it.
    private func requestedApps() throws -> [AppID]? {
        do { return try DeviceChoice(apps: apps).appIDs(in: BundledAssets.catalogue()) } catch let error as ValidationError {
            try fail("hubsim: \(error.message)")
        }
    }

    /// `--profiles a,b`: two different profiles by name.
    private func profilePair() throws -> (ProfileID, ProfileID) {
        let names = profiles.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let known = ProfileID.allCases.map(\.rawValue).joined(separator: ", ")
        guard names.count == 2 else {
            try fail("Error: --profiles '\(profiles)': give two profiles separated by a comma (\(known))")
        }
        guard let a = ProfileID(rawValue: names[0]), let b = ProfileID(rawValue: names[1]) else {
            let bad = names.first { ProfileID(rawValue: $0) == nil } ?? ""
            try fail("Error: --profiles '\(profiles)': unknown profile '\(bad)' (known: \(known))")
        }
        guard a != b else { try fail("Error: --profiles '\(profiles)': name two different profiles") }
        return (a, b)
    }

    /// Status 2: the comparison could not be done as asked.
    private func fail(_ message: String) throws -> Never {
        FileHandle.standardError.write(Data((PrintableText.escaped(message) + "\n").utf8))
        throw ExitCode(2)
    }
}
