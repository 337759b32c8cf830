import ArgumentParser
import Configuration
import CursesTerminal
import Foundation
import HubUI
import Scenarios
import SessionEngine

/// `hubsim race [NAME|FILE]`: a race preset (Assets/races, Docs/faults.md) walked through in
/// the full simulator: a new in-memory device of the preset's profile, its set-up played (the
/// fault armed, step mode on), then the person has the keys, with the lesson panel saying what
/// to do and what to look for. No name: the picker. `--headless` plays it as its scenario.
struct RaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "race",
        abstract: "Walk through a race preset: the device set up, the fault armed, step mode on (no name: the picker of the presets).",
        discussion: """
            NAME is a shipped race preset (Assets/races; --list shows each with its source), FILE a preset \
            of your own (the format: Assets/races/README.md). Once its set-up has played, the panel says \
            what to do and what to look for; F8 releases one delivery at a time, → does the next action \
            for you, [ undoes yours. The device lives in memory only.

            --headless runs the preset as a scenario, its consequences checked (--all: every shipped \
            preset), and reports like `hubsim run` (exit 0: passed, 1: a check failed, 2: usage or file error).
            """)

    @Argument(help: "A shipped race preset's name, or a preset file (.yaml).")
    var race: String?

    @Flag(help: "List the shipped race presets (name, title, source) and exit.")
    var list = false

    @Flag(help: "Run the preset as a scenario without a terminal and report like `hubsim run`.")
    var headless = false

    @Flag(help: "With --headless: every shipped race preset.")
    var all = false

    /// On the main thread, as every command: the scenarios themselves run side by side in a task group.
    @MainActor
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let runner: ScenarioRunner
        do throws(ConfigError) { runner = try ScenarioRunner(environment: environment, parallel: true) } catch { throw CommandError.usage(error.description) }
        if list {
            let shipped = BundledAssets.raceFiles()
            guard !shipped.isEmpty else { throw CommandError.usage("no race presets in this build (Assets/races)") }
            for file in shipped {
                let race = try load(runner, .bundled(file))
                print("\(race.name)\t\(race.title)\t\(race.source)")
            }
            return
        }
        if all && !headless { throw CommandError.usage("--all runs every race preset headless; add --headless") }
        if all && race != nil { throw CommandError.usage("give a race preset or --all, not both") }
        if headless {
            guard race != nil || all else { throw CommandError.usage("--headless needs a race preset (or --all); see `hubsim race --list`") }
            let files = all ? BundledAssets.raceFiles().map(ScenarioSource.bundled) : [try Self.locate(race)]
            guard !files.isEmpty else { throw CommandError.usage("no race presets in this build (Assets/races)") }
            let report = await runner.run(files)
            if let error = report.results.first(where: { $0.fileError != nil })?.fileError { throw CommandError.usage("\(error)") }
            print(TextReport.render(report, options: .init(verbose: false, quiet: false)), terminator: "")
            if let status = CommandError.Status(report: report.exitStatus) { throw CommandError(status) }
            return
        }
        // Everything that can fail for a usage reason fails before the screen is taken over.
        let races = race != nil
            ? [try load(runner, try Self.locate(race))]
            : try BundledAssets.raceFiles().map { file in try load(runner, .bundled(file)) }
        if races.isEmpty { throw CommandError.usage("no race presets in this build (Assets/races)") }
        let dependencies = EngineDependencies.system(hasher: runner.hasher)
        let session = try CursesSession.started(environment: environment)
        let c = session.capabilities
        let theme: Theme = c.hasColor ? .colour : .mono
        var program = race == nil
            ? LessonSession(picking: races.map(\.lesson), dependencies: dependencies, theme: theme, width: c.width, height: c.height, wording: .races)
            : LessonSession(playing: races[0].lesson, dependencies: dependencies, theme: theme, width: c.width, height: c.height, wording: .races)
        let exit = session.run(&program)
        session.end()
        exit.endProcessBySignal()
        if exit != TerminalExit.quit { throw CommandError(.terminal(exit)) }
    }

    /// The preset's file: a path as given, or a shipped preset by name.
    static func locate(_ race: String?) throws -> ScenarioSource {
        guard let race else { throw CommandError.usage("no race preset given") }
        if race.hasSuffix(".yaml") || race.hasSuffix(".yml") || race.contains("/") { return .file(race) }
        let shipped = BundledAssets.raceFiles()
        guard let file = shipped.first(where: { $0.name == race }) else {
            throw CommandError.usage("race preset '\(race)' is not shipped; valid: \(shipped.map(\.name).joined(separator: ", ")) (or give a FILE.yaml)")
        }
        return .bundled(file)
    }

    private func load(_ runner: ScenarioRunner, _ file: ScenarioSource) throws -> Race {
        do throws(ConfigError) {
            return try runner.races.load(file)
        } catch {
            throw CommandError.usage("\(error)")
        }
    }
}
