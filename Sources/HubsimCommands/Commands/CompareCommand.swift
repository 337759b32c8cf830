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
        abstract: "Play one scenario under two profiles and show the differences of outcome (exit 0; 1: a comparison file's expected differences did not hold; 2: usage or file error).",
        discussion: """
            Both devices get the scenario's tenant and apps. Account steps map onto each other: \
            checkOut ⇄ signIn, checkIn ⇄ signOut (a sign-in from an app checks out in the Hub, then \
            launches that app). Steps only one profile has (unlock, enterpriseWipe) and press: steps are \
            refused at their file:line:column; expect steps are not played (the table shows the outcomes).

            In a terminal: Space, Enter or → plays the next step on both devices, ← or Backspace goes \
            back one; side by side from 160 columns, as tabs below (1 and 2 switch, v toggles side by \
            side and tabs); an app pane whose outcome differs is marked ≠, and Tab (or a click on a \
            pane) shows that app's outcome rows on both devices. Every entry of the bottom bar is \
            clickable. F10 or q quits. With no FILE in a terminal, a picker offers the shipped \
            comparisons and the shipped scenarios both default profiles can play.

            FILE may also be a comparison file (Assets/comparisons): a scenario, two profiles, optionally \
            apps and the rows expected to differ ('differ'), checked headless (exit 1 when they do not). \
            --library plays the shipped comparisons headless, as .ci/run does.

            --race NAME plays a race preset (Assets/races, `hubsim race --list`) on both profiles, its \
            set-up and its race translated as a scenario's steps are, to show which system survives it: \
            hubsim compare --race NAME workspace-one entra-ios (or --profiles a,b).
            """)

    @Argument(parsing: .allUnrecognized, help: "The scenario or comparison file (.yaml).")
    var files: [String] = []

    @Option(help: ArgumentHelp("The two profiles, comma-separated (default: workspace-one,entra-ios, or the comparison file's).", valueName: "a,b"))
    var profiles: String?

    @Flag(help: "Play every shipped comparison (Assets/comparisons) headless and check its expected differences.")
    var library = false

    @Option(help: ArgumentHelp("The apps on both devices, comma-separated ids (default: the scenario's).", valueName: "ids"))
    var apps: String?

    @Option(help: ArgumentHelp("A race preset (a shipped one's name, or a preset file) to play on both profiles; the profiles may follow it as two arguments.", valueName: "name"))
    var race: String?

    @Flag(help: "Print the differences as a table even in a terminal.")
    var table = false

    func run() throws {
        if let unknown = files.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw CommandError.usage("unknown option '\(unknown)'; see `hubsim compare --help`")
        }
        let runner: ScenarioRunner
        do throws(ConfigError) {
            runner = try ScenarioRunner(environment: ProcessInfo.processInfo.environment, parallel: false)
        } catch {
            throw CommandError.usage(error.description)
        }
        if library {
            guard files.isEmpty, profiles == nil, apps == nil, race == nil else {
                throw CommandError.usage("--library plays the shipped comparisons as written; leave out files, --race, --profiles and --apps")
            }
            let urls = BundledAssets.comparisonURLs()
            if urls.isEmpty { throw CommandError.usage("the comparison library is missing from this build (Assets/comparisons)") }
            try checkFiles(urls.map { ($0, "Assets/comparisons/" + $0.lastPathComponent) }, runner: runner)
            return
        }
        // Nothing named, in a terminal: the picker of the shipped comparisons and scenarios.
        if files.isEmpty, profiles == nil, apps == nil, race == nil, !table, StandardStreams.areTerminals {
            try CompareLaunch(choices: CompareChoices(parser: runner.parser)).run()
            return
        }
        if let race {
            try compareRace(race, runner: runner)
            return
        }
        guard files.count == 1 else {
            throw CommandError.usage("give exactly one scenario or comparison file (got \(files.count)), or --library; see `hubsim compare --help`")
        }
        let url = URL(fileURLWithPath: files[0])
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        if ComparisonFile.isComparison(text, file: files[0]) {
            guard profiles == nil, apps == nil else {
                throw CommandError.usage("\(MessageText.shown(files[0])) is a comparison file: it names its profiles and apps; leave out --profiles and --apps")
            }
            if table || !StandardStreams.areTerminals {
                try checkFiles([(url, files[0])], runner: runner)
            } else {
                let file: ComparisonFile
                do throws(ConfigError) { file = try ComparisonFile.load(contentsOf: url, displayPath: files[0], parser: runner.parser) } catch {
                    throw CommandError.usage(error.description)
                }
                try CompareLaunch(comparison: file.comparison, choices: nil).run()
            }
            return
        }
        try compare(on: try profilePair()) { () throws(ConfigError) in try runner.parser.load(contentsOf: url, displayPath: files[0]) }
    }

    /// Plays the scenario `load` reads on the two profiles of `pair` (with the apps of `--apps`
    /// when given): a table when asked or when no terminal shows it, side by side otherwise.
    private func compare(on pair: (ProfileID, ProfileID), _ load: () throws(ConfigError) -> Scenario) throws {
        let appIDs = try requestedApps()
        let comparison: Comparison
        do throws(ConfigError) {
            var scenario = try load()
            if let appIDs {
                let catalogue = try BundledAssets.catalogue()
                scenario.apps = appIDs.compactMap { catalogue.app($0) }
            }
            comparison = try Comparison(scenario: scenario, left: pair.0, right: pair.1)
        } catch {
            throw CommandError.usage(error.description)
        }
        if table || !StandardStreams.areTerminals {
            print(comparison.table(), terminator: "")
            return
        }
        try CompareLaunch(comparison: comparison, choices: nil).run()
    }

    /// `--race NAME [A B]`: the preset's scenario (set-up and race; its checks describe one
    /// profile's outcome and are not played) on two profiles.
    private func compareRace(_ name: String, runner: ScenarioRunner) throws {
        guard files.isEmpty || files.count == 2 else {
            throw CommandError.usage("--race \(name): give the two profiles after it (workspace-one entra-ios) or --profiles a,b, not \(files.count) argument(s)")
        }
        guard files.isEmpty || profiles == nil else {
            throw CommandError.usage("--race \(name): name the profiles once, as two arguments or as --profiles a,b")
        }
        let pair = try profilePair(files.isEmpty ? profiles : files.joined(separator: ","))
        let file = try RaceCommand.locate(name)
        try compare(on: pair) { () throws(ConfigError) in
            try runner.races.load(contentsOf: URL(fileURLWithPath: file.0), displayPath: file.1).scenario
        }
    }

    /// Plays comparison files headless, printing each table; exit 1 when one's expected
    /// differences did not hold (every file is still played), 2 when one cannot be read.
    private func checkFiles(_ files: [(url: URL, shown: String)], runner: ScenarioRunner) throws {
        var failures: [String] = []
        for (url, shown) in files {
            let file: ComparisonFile
            do throws(ConfigError) { file = try ComparisonFile.load(contentsOf: url, displayPath: shown, parser: runner.parser) } catch {
                throw CommandError.usage(error.description)
            }
            let (table, failure) = file.check(hasher: runner.hasher)
            print("comparison \(shown): \(file.name)\n" + table + (failure.map { "FAIL \($0)\n" } ?? (file.differ == nil ? "" : "PASS the expected differences hold\n")))
            if let failure { failures.append(failure) }
        }
        if !failures.isEmpty {
            throw CommandError(.failed, message: failures.map { "hubsim: \(PrintableText.escaped($0))" }.joined(separator: "\n"))
        }
    }

    /// `--apps`, checked as the interactive command checks it; nil without it.
    private func requestedApps() throws -> [AppID]? {
        do { return try DeviceChoice(apps: apps).appIDs(in: BundledAssets.catalogue()) } catch let error as ValidationError {
            throw CommandError.usage(error.message)
        }
    }

    /// `--profiles a,b`: two different profiles by name.
    private func profilePair(_ given: String? = nil) throws -> (ProfileID, ProfileID) {
        let profiles = given ?? self.profiles ?? "workspace-one,entra-ios"
        let names = profiles.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let known = ProfileID.allCases.map(\.rawValue).joined(separator: ", ")
        guard names.count == 2 else {
            throw CommandError.usage("--profiles '\(profiles)': give two profiles separated by a comma (\(known))")
        }
        guard let a = ProfileID(rawValue: names[0]), let b = ProfileID(rawValue: names[1]) else {
            let bad = names.first { ProfileID(rawValue: $0) == nil } ?? ""
            throw CommandError.usage("--profiles '\(profiles)': unknown profile '\(bad)' (known: \(known))")
        }
        guard a != b else { throw CommandError.usage("--profiles '\(profiles)': name two different profiles") }
        return (a, b)
    }
}
