import ArgumentParser
import Configuration
import CursesTerminal
import Foundation
import HubUI
import Scenarios
import SessionEngine

/// `hubsim compare SCENARIO [P1 P2 [P3 [P4]]]` (or `--profiles a,b,c`): one scenario on two
/// to four devices, one per profile. In a terminal the devices side by side (or as tabs),
/// stepped through with Space; headless (`--table`, or standard output not a terminal) the
/// outcomes as a table, one column per profile.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Play one scenario under two to four profiles and show the differences of outcome (exit 0; 1: a comparison file's expected differences did not hold; 2: usage or file error).",
        discussion: """
            hubsim compare FILE [P1 P2 [P3 [P4]]]: the profiles after the file (or --profiles a,b,c); \
            default workspace-one entra-ios. Every device gets the scenario's tenant and apps. Account \
            steps map onto each other: checkOut ⇄ signIn, checkIn ⇄ signOut, and a sign-in or sign-out \
            is the same step on every Entra profile (entra-ios, entra-android, android-mhs); a sign-in \
            from an app checks out in the Hub, then launches that app. A step a profile does not have \
            (unlock, enterpriseWipe, removeAccountFromSettings, the session PIN) is not played there: \
            its column says "not part of this profile". press: steps, and steps none of the profiles \
            has, are refused at their file:line:column; expect steps are not played (the table shows \
            the outcomes).

            In a terminal: Space, Enter or → plays the next step on every device, ← or Backspace goes \
            back one; side by side where each device has 80 columns (160 for two, 240 for three, 320 \
            for four), as tabs below: 1 to 4 or Tab switch, v toggles side by side and tabs; each tab \
            carries its profile's leak marker. An app pane whose outcome differs is marked ≠, and d (or \
            a click on a pane) shows that app's outcome rows on every device. Every entry of the bottom \
            bar and every tab is clickable. F10 or q quits. With no FILE in a terminal, a picker offers \
            the shipped comparisons and the shipped scenarios the default pair can play.

            FILE may also be a comparison file (Assets/comparisons): a scenario, two to four profiles, \
            optionally apps and the rows expected to differ ('differ'), checked headless (exit 1 when \
            they do not). --library plays the shipped comparisons headless, as .ci/run does.

            --race NAME plays a race preset (Assets/races, `hubsim race --list`) on the profiles, its \
            set-up and its race translated as a scenario's steps are, to show which system survives it: \
            hubsim compare --race NAME workspace-one entra-ios entra-android (or --profiles a,b,c).
            """)

    @Argument(parsing: .allUnrecognized, help: "The scenario or comparison file (.yaml), then optionally two to four profiles.")
    var files: [String] = []

    @Option(help: ArgumentHelp("Two to four profiles, comma-separated (default: workspace-one,entra-ios, or the comparison file's).", valueName: "a,b[,c[,d]]"))
    var profiles: String?

    @Flag(help: "Play every shipped comparison (Assets/comparisons) headless and check its expected differences.")
    var library = false

    @Option(help: ArgumentHelp("The apps on every device, comma-separated ids (default: the scenario's).", valueName: "ids"))
    var apps: String?

    @Option(help: ArgumentHelp("A race preset (a shipped one's name, or a preset file) to play on the profiles; two to four may follow it as arguments.", valueName: "name"))
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
            let shipped = BundledAssets.comparisonFiles()
            if shipped.isEmpty { throw CommandError.usage("the comparison library is missing from this build (Assets/comparisons)") }
            try checkFiles(shipped.map { file in (file.shownPath, { () throws(ConfigError) in try ComparisonFile.load(file, parser: runner.parser) }) }, runner: runner)
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
        guard let first = files.first else {
            throw CommandError.usage("give one scenario or comparison file, or --library; see `hubsim compare --help`")
        }
        let url = URL(fileURLWithPath: first)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        // After the file, its profiles: `compare FILE entra-ios entra-android android-mhs`.
        let named = Array(files.dropFirst())
        if ComparisonFile.isComparison(text, file: files[0]) {
            guard profiles == nil, apps == nil, named.isEmpty else {
                throw CommandError.usage("\(MessageText.shown(files[0])) is a comparison file: it names its profiles and apps; leave out the profiles, --profiles and --apps")
            }
            if table || !StandardStreams.areTerminals {
                try checkFiles([(files[0], { () throws(ConfigError) in try ComparisonFile.load(contentsOf: url, displayPath: files[0], parser: runner.parser) })],
                               runner: runner)
            } else {
                let file: ComparisonFile
                do throws(ConfigError) { file = try ComparisonFile.load(contentsOf: url, displayPath: files[0], parser: runner.parser) } catch {
                    throw CommandError.usage(error.description)
                }
                try CompareLaunch(comparison: file.comparison, choices: nil).run()
            }
            return
        }
        guard named.isEmpty || profiles == nil else {
            throw CommandError.usage("name the profiles once, after the file or as --profiles a,b")
        }
        let list = try profileList(named.isEmpty ? profiles : named.joined(separator: ","), after: "compare \(MessageText.shown(first))")
        try compare(on: list) { () throws(ConfigError) in try runner.parser.load(contentsOf: url, displayPath: first) }
    }

    /// Plays the scenario `load` reads on `profiles` (with the apps of `--apps` when given):
    /// a table when asked or when no terminal shows it, side by side or as tabs otherwise.
    private func compare(on profiles: [ProfileID], _ load: () throws(ConfigError) -> Scenario) throws {
        let appIDs = try requestedApps()
        let comparison: Comparison
        do throws(ConfigError) {
            var scenario = try load()
            if let appIDs {
                let catalogue = try BundledAssets.catalogue()
                scenario.apps = appIDs.compactMap { catalogue.app($0) }
            }
            comparison = try Comparison(scenario: scenario, profiles: profiles)
        } catch {
            throw CommandError.usage(error.description)
        }
        if table || !StandardStreams.areTerminals {
            print(comparison.table(), terminator: "")
            return
        }
        try CompareLaunch(comparison: comparison, choices: nil).run()
    }

    /// `--race NAME [P1 P2 [P3 [P4]]]`: the preset's scenario (set-up and race; its checks
    /// describe one profile's outcome and are not played) on two to four profiles.
    private func compareRace(_ name: String, runner: ScenarioRunner) throws {
        guard files.isEmpty || profiles == nil else {
            throw CommandError.usage("--race \(name): name the profiles once, as arguments or as --profiles a,b")
        }
        let list = try profileList(files.isEmpty ? profiles : files.joined(separator: ","), after: "--race \(name)")
        let file = try RaceCommand.locate(name)
        try compare(on: list) { () throws(ConfigError) in try runner.races.load(file).scenario }
    }

    /// Plays comparison files headless, printing each table; exit 1 when one's expected
    /// differences did not hold (every file is still played), 2 when one cannot be read.
    private func checkFiles(_ files: [(shown: String, load: () throws(ConfigError) -> ComparisonFile)], runner: ScenarioRunner) throws {
        var failures: [String] = []
        for (shown, load) in files {
            let file: ComparisonFile
            do throws(ConfigError) { file = try load() } catch {
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

    /// Two to four different profiles by name, comma-separated (as `--profiles` gives them,
    /// or the arguments after the file joined); the default pair when none are named.
    /// `after` says where they were written, for the one-line refusal.
    private func profileList(_ given: String?, after: String) throws -> [ProfileID] {
        let given = given ?? self.profiles
        guard let text = given else { return CompareChoices.profiles }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let known = ProfileID.allCases.map(\.rawValue).joined(separator: ", ")
        let shown = names.joined(separator: " ")
        guard Comparison.profileCounts.contains(names.count) else {
            throw CommandError.usage("\(after): give two to four profiles (\(known)), not \(names.count): '\(MessageText.excerpt(shown))'")
        }
        var list: [ProfileID] = []
        for name in names {
            guard let profile = ProfileID(rawValue: name) else {
                throw CommandError.usage("\(after): unknown profile '\(MessageText.excerpt(name))' (known: \(known))")
            }
            guard !list.contains(profile) else { throw CommandError.usage("\(after): profile \(name) is named twice; name each profile once") }
            list.append(profile)
        }
        return list
    }
}
