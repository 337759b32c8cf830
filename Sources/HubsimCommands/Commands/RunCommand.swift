import AppBridge
import ArgumentParser
import Configuration
import CursesTerminal
import Foundation
import Scenarios
import SessionEngine

/// `hubsim run FILE...`: runs scenarios headless. Exit status 0 when all pass, 1 when one
/// fails, 2 for a usage or file error.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario files headless and report (exit 0: all pass, 1: a scenario failed, 2: usage or file error).",
        discussion: """
            A scenario is a YAML file: a profile, optional tenant, policy and app overrides, and steps \
            (the format is described in Assets/scenarios/README.md).

            Values may refer to environment variables as ${NAME}. Recorded walks never hold a secret: \
            they refer to ${HUBSIM_PASSWORD_<USER>} and ${HUBSIM_PASSCODE_<USER>}, so replay them as \
            HUBSIM_PASSWORD_COU1=cou1 hubsim run walk.yaml. An unset variable is a file error.

            --library runs the shipped library (Assets/scenarios, and the race presets of Assets/races), as .ci/run does.

            A race preset (a `race:` block at the top, Assets/races/README.md) runs as a scenario, \
            its `walk` step skipped.

            A lesson file (a `lesson:` title at the top, Assets/lessons/README.md) is played to \
            its end, each step as the trainer's Next would, its narration checked to fit its panel.

            --cast FILE renders one scenario or lesson headless into an asciicast v2 recording (asciinema's \
            players play it): the first screen, then each step's result --pace seconds apart \
            (a press: step key by key), at --size columns x rows.
            """)

    // `.allUnrecognized` keeps a mistyped option among the files, so it is reported with
    // exit status 2 like every other usage error, rather than ArgumentParser's own status.
    @Argument(parsing: .allUnrecognized, help: "Scenario or lesson files (.yaml).")
    var files: [String] = []

    @Flag(help: "Also run every scenario of the shipped library (Assets/scenarios) and every race preset (Assets/races).")
    var library = false

    @Flag(help: "Write TAP (version 13) to standard output instead of the summary.")
    var tap = false

    @Option(help: "Write JUnit XML to this file (checked before the run; an existing file only with --force).")
    var junit: String?

    @OptionGroup var output: CastOptions

    @Flag(help: "Print only failures and the totals.")
    var quiet = false

    @Flag(help: "List every step of passing scenarios too.")
    var verbose = false

    @Flag(help: "Run scenarios one after another instead of on every core.")
    var serial = false

    @Option(name: .customLong("app"), help: ArgumentHelp(
        "Your own program as an app of every scenario (repeatable): NAME=COMMAND or NAME:SDK=COMMAND (SDK: workspace-one, msal or none; default: the scenario's profile's). Split on spaces, no shell; it runs here. It plays the scenario's app of that name, or is added after its apps.",
        valueName: "name=command"))
    var app: [String] = []

    /// On the main thread, as every command: the scenarios themselves run side by side in a task group.
    @MainActor
    func run() async throws {
        if let unknown = files.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw CommandError.usage("unknown option '\(unknown)'; see `hubsim run --help`")
        }
        var sources = files.map(ScenarioSource.file)
        if library {
            let scenarios = BundledAssets.scenarioFiles()
            if scenarios.isEmpty { throw CommandError.usage("the scenario library is missing from this build (Assets/scenarios)") }
            sources += (scenarios + BundledAssets.raceFiles()).map(ScenarioSource.bundled)
        }
        let paths = sources.compactMap(\.path)
        if sources.isEmpty { throw CommandError.usage("give at least one scenario file (or --library); see `hubsim run --help`") }
        let castRequest = try checkedCastRequest(scenarioCount: sources.count)
        if output.force && junit == nil && output.cast == nil {
            throw CommandError.usage("--force: it only lets --junit or --cast replace an existing file; add --junit FILE or --cast FILE, or leave --force out")
        }
        var added: [CommandLineApp] = []
        do throws(CommandLineAppError) { for value in app { added.append(try CommandLineApp.parse(value)) } } catch {
            throw CommandError.usage(error.message)
        }
        let runner: ScenarioRunner
        do throws(ConfigError) {
            runner = try ScenarioRunner(environment: ProcessInfo.processInfo.environment, parallel: !serial, addedApps: added)
        } catch {
            throw CommandError.usage(error.description)
        }
        // The report's files are claimed before anything runs: a wrong path costs nothing, and
        // neither may be a scenario, a tenant one names, or the other report.
        let claimed: [String: OutputFile]
        do throws(OutputFile.Refusal) { claimed = try runFiles(paths: paths, parser: runner.parser).claim() } catch {
            throw CommandError.usage("\(error)")
        }
        let (junitFile, castFile) = (claimed["--junit"], claimed["--cast"])

        let report: RunReport
        if let castFile, let castRequest {
            let rendered = runner.cast(sources[0], pace: castRequest.pace,
                                       width: castRequest.width, height: castRequest.height,
                                       timestamp: Int(Date().timeIntervalSince1970))
            report = rendered.report
            if let recording = rendered.cast {
                do throws(OutputFile.WriteFailure) {
                    try castFile.write(Array(recording.text.utf8), what: "the cast",
                                       fallbackDirectories: [NSTemporaryDirectory()], kind: "cast")
                } catch {
                    throw CommandError.usage("\(error)")
                }
                writeNote("hubsim: cast \(recording.eventCount) event(s) to \(MessageText.shown(castFile.path)) (asciicast v2)")
            }
        } else {
            // A scenario may start developers' programs: Ctrl-C must not leave them running.
            let unwritten = junit.map { " and no --junit file written (\(MessageText.shown($0)))" } ?? ""
            QuitSignalWatch.start { signal in
                AppBridge.killEveryProgram()
                InterruptNote.write("hubsim run", signal: signal, lost: "no report printed" + unwritten)
            }
            report = await runner.run(sources)
        }

        if tap {
            print(TAPReport.render(report), terminator: "")
        } else {
            print(TextReport.render(report, options: .init(verbose: verbose, quiet: quiet)), terminator: "")
        }
        if let junitFile {
            do throws(OutputFile.WriteFailure) {
                try junitFile.write(Array(JUnitReport.render(report).utf8), what: "the JUnit report",
                                    fallbackDirectories: [NSTemporaryDirectory()], kind: "junit")
            } catch {
                throw CommandError.usage("\(error)")
            }
        }
        if let status = CommandError.Status(report: report.exitStatus) { throw CommandError(status) }
    }

    /// What this run reads and writes: the scenario or lesson files on disk and the tenant files
    /// they name (looked at only when there is an output); `--junit` and `--cast`. A shipped
    /// scenario is inside hubsim: nothing on disk for an output to replace.
    func runFiles(paths: [String], parser: ScenarioParser) -> RunFiles {
        var files = RunFiles(force: output.force)
        if junit != nil || output.cast != nil {
            for path in paths {
                files.reads(path, as: "a scenario file this run reads")
                files.reads(parser.tenantFile(referencedBy: path), as: "a tenant file a scenario names")
            }
        }
        files.writes(junit, for: "--junit")
        files.writes(output.cast, for: "--cast")
        return files
    }

    /// `--cast`'s pace and size, checked before anything runs; nil without `--cast` (then
    /// `--pace` and `--size` are refused: they would do nothing).
    private func checkedCastRequest(scenarioCount: Int) throws(CommandError) -> CastRequest? {
        try output.refuseUnusedPaceAndSize(headless: true, headlessWay: "")
        guard output.cast != nil else { return nil }
        if scenarioCount != 1 {
            throw .usage("--cast records one scenario (got \(scenarioCount)); give exactly one scenario file and one --cast per run")
        }
        return try output.request()
    }
}
