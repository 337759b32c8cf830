import ArgumentParser
import Configuration
import Foundation
import Scenarios
import SessionEngine

/// `hubsim run FILE...`: runs scenarios headless. Exit status 0 when all pass, 1 when one
/// fails, 2 for a usage or file error.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario files headless and report (exit 0: all pass, 1: a scenario failed, 2: usage or file error).",
        discussion: """
            A scenario is a YAML file: a profile, optional tenant, policy and app overrides, and steps \
            (SPEC §6; the format is described in Assets/scenarios/README.md).

            Values may refer to environment variables as ${NAME}. Recorded walks never hold a secret: \
            they refer to ${HUBSIM_PASSWORD_<USER>} and ${HUBSIM_PASSCODE_<USER>}, so replay them as \
            HUBSIM_PASSWORD_COU1=cou1 hubsim run walk.yaml. An unset variable is a file error.

            --library runs the shipped library (Assets/scenarios), as .ci/run does.

            A lesson file (a `lesson:` title at the top, Assets/lessons/README.md) is played to \
            its end, each step as the trainer's Next would, its narration checked to fit its panel.
            """)

    // `.allUnrecognized` keeps a mistyped option among the files, so it is reported with
    // exit status 2 like every other usage error, rather than ArgumentParser's own status.
    @Argument(parsing: .allUnrecognized, help: "Scenario or lesson files (.yaml).")
    var files: [String] = []

    @Flag(help: "Also run every scenario of the shipped library (Assets/scenarios).")
    var library = false

    @Flag(help: "Write TAP (version 13) to standard output instead of the summary.")
    var tap = false

    @Option(help: "Write JUnit XML to this file (checked before the run; an existing file only with --force).")
    var junit: String?

    @Flag(help: "Let --junit replace an existing file (never a directory, device or other special file).")
    var force = false

    @Flag(help: "Print only failures and the totals.")
    var quiet = false

    @Flag(help: "List every step of passing scenarios too.")
    var verbose = false

    @Flag(help: "Run scenarios one after another instead of on every core.")
    var serial = false

    func run() throws {
        if let unknown = files.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            try usageError("unknown option '\(unknown)'; see `hubsim run --help`")
        }
        var paths = files
        var shown = files
        if library {
            let urls = BundledAssets.scenarioURLs()
            if urls.isEmpty { try usageError("the scenario library is missing from this build (Assets/scenarios)") }
            paths += urls.map(\.path)
            shown += urls.map { "Assets/scenarios/" + $0.lastPathComponent }
        }
        if paths.isEmpty { try usageError("give at least one scenario file (or --library); see `hubsim run --help`") }
        // The report's file is claimed before anything runs: a wrong path costs nothing.
        var junitFile: OutputFile?
        if let junit {
            do throws(OutputFile.Refusal) { junitFile = try OutputFile.claim(junit, for: "--junit", force: force) } catch {
                try fail("hubsim: \(error)")
            }
        } else if force {
            try fail("hubsim: --force: it only lets --junit replace an existing file; add --junit FILE or leave --force out")
        }

        let runner: ScenarioRunner
        do throws(ConfigError) {
            runner = try ScenarioRunner(environment: ProcessInfo.processInfo.environment, parallel: !serial)
        } catch {
            try fail(error.description)
        }
        let report = runner.run(files: paths, displayPaths: shown)

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
                try fail("hubsim: \(error)")
            }
        }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    private func usageError(_ message: String) throws -> Never {
        try fail("Error: \(message)")
    }

    /// Status 2: the run could not be done as asked.
    private func fail(_ message: String) throws -> Never {
        FileHandle.standardError.write(Data((PrintableText.escaped(message) + "\n").utf8))
        throw ExitCode(2)
    }
}
