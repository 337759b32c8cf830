import ArgumentParser
import Configuration
import CursesTerminal
import Foundation
import HubUI
import Platform
import Scenarios
import SessionEngine

/// `hubsim lesson [NAME|FILE]`: plays a guided lesson in the full simulator (the picker when
/// no lesson is named), or headless with `--headless` (exit 0: played to the end, 1: a step
/// failed, 2: usage or file error), as `.ci/run` does for every shipped lesson.
struct LessonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Play a guided lesson: the simulator with a narration panel, step by step (no name: the lesson picker).",
        discussion: """
            NAME is a shipped lesson (Assets/lessons; --list shows them), FILE a lesson file of \
            your own (the format: Assets/lessons/README.md). Keys while it plays: Space Enter ] → \
            next step (Enter is the class's own key while they have their turn), [ ← step back, \
            d let the class do the next step themselves. The device lives in memory only.

            --cast FILE records the lesson as an asciicast v2 file (asciinema's players play it): \
            on a terminal, every frame the class saw; with --headless, the ready screen, then the \
            screen after each step --pace seconds apart, at --size columns x rows, the narration \
            panel drawn as the class sees it (the same as `hubsim run LESSON.yaml --cast`).
            """)

    @Argument(help: "A shipped lesson's name, or a lesson file (.yaml).")
    var lesson: String?

    @Flag(help: "Play the lesson to its end without a terminal and report like `hubsim run` (every shipped lesson with --all).")
    var headless = false

    @Flag(help: "With --headless: every shipped lesson.")
    var all = false

    @Flag(help: "List the shipped lessons and exit.")
    var list = false

    @OptionGroup var output: CastOptions

    // A trainee's seat in a class (`hubsim classroom` starts it on the trainee's
    // pseudo-terminal): the lesson played on the device kept in this file.
    @Option(help: .private)
    var classSeat: String?

    @Option(help: .private)
    var trainee: String?

    @Option(help: .private)
    var className: String?

    // The places of the lesson's passwords the classroom verified for the whole class
    // (`LessonCredentials`): "0,2". No password, only where they are in the lesson.
    @Option(help: .private)
    var classVerified: String?

    // The hashes the classroom made once of the PINs the lesson sets (`LessonCredentials.pins`),
    // in their order: PHC strings of PINs the lesson file prints, never a PIN.
    @Option(help: .private)
    var classPinHash: [String] = []

    /// On the main thread, as every command: the scenarios themselves run side by side in a task group.
    @MainActor
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let runner: ScenarioRunner
        do throws(ConfigError) { runner = try ScenarioRunner(environment: environment, parallel: true) } catch { throw CommandError.usage(error.description) }
        if list {
            let shipped = BundledAssets.lessonFiles()
            guard !shipped.isEmpty else { throw CommandError.usage("no lessons in this build (Assets/lessons)") }
            for file in shipped {
                let title = (try? runner.lessons.load(.bundled(file)).title) ?? ""
                print("\(file.name)\t\(title)")
            }
            return
        }
        if all && !headless { throw CommandError.usage("--all plays every lesson headless; add --headless") }
        if all && lesson != nil { throw CommandError.usage("give a lesson or --all, not both") }
        // The cast's options are checked, and its file claimed, before anything plays.
        let castFile = try claimCast(runner: runner)
        if headless, let castFile {
            guard lesson != nil else { throw CommandError.usage("--cast records one lesson; give its NAME or FILE, not --all") }
            let request = try output.request()
            let file = try locate()
            let rendered = runner.cast(file, pace: request.pace, width: request.width,
                                       height: request.height, timestamp: Int(Date().timeIntervalSince1970))
            if let error = rendered.report.results.first(where: { $0.fileError != nil })?.fileError { throw CommandError.usage("\(error)") }
            if let recording = rendered.cast {
                do throws(OutputFile.WriteFailure) {
                    try castFile.write(Array(recording.text.utf8), what: "the cast", fallbackDirectories: [NSTemporaryDirectory()], kind: "cast")
                } catch {
                    throw CommandError.usage("\(error)")
                }
                writeNote("hubsim: cast \(recording.eventCount) event(s) to \(MessageText.shown(castFile.path)) (asciicast v2)")
            }
            print(TextReport.render(rendered.report, options: .init(verbose: false, quiet: false)), terminator: "")
            if let status = CommandError.Status(report: rendered.report.exitStatus) { throw CommandError(status) }
            return
        }
        if headless {
            guard lesson != nil || all else { throw CommandError.usage("--headless needs a lesson (or --all); see `hubsim lesson --list`") }
            let files = all ? BundledAssets.lessonFiles().map(ScenarioSource.bundled) : [try locate()]
            guard !files.isEmpty else { throw CommandError.usage("no lessons in this build (Assets/lessons)") }
            let report = await runner.run(files)
            if let error = report.results.first(where: { $0.fileError != nil })?.fileError { throw CommandError.usage("\(error)") }
            print(TextReport.render(report, options: .init(verbose: false, quiet: false)), terminator: "")
            if let status = CommandError.Status(report: report.exitStatus) { throw CommandError(status) }
            return
        }
        if let classSeat {
            let verified = (classVerified ?? "").split(separator: ",").compactMap { Int($0) }
            try TraineeSeatLaunch(file: classSeat, trainee: trainee ?? "", className: className ?? "", verified: verified,
                                  pinHashes: classPinHash.map { PasswordHash(phc: $0) })
                .play(lesson: load(runner, try locate()), environment: environment)
            return
        }
        try play(runner: runner, environment: environment, castFile: castFile)
    }

    /// `--cast FILE` claimed (no existing file replaced without `--force`, a writable place,
    /// not the lesson it records nor the tenant that lesson names: `RunFiles`); `--pace`, `--size` and
    /// `--force` refused where they would do nothing.
    private func claimCast(runner: ScenarioRunner) throws -> OutputFile? {
        try output.refuseUnusedPaceAndSize(headless: headless, headlessWay: "--headless")
        guard let cast = output.cast else {
            if output.force { throw CommandError.usage("--force: it only lets --cast replace an existing file; add --cast FILE, or leave --force out") }
            return nil
        }
        var files = RunFiles(force: output.force)
        // A shipped lesson is inside hubsim: no file of it for the cast to replace.
        let lessons = lesson != nil ? [try locate()].compactMap(\.path) : []
        for path in lessons {
            files.reads(path, as: "a lesson file this run reads")
            files.reads(runner.parser.tenantFile(referencedBy: path), as: "a tenant file a lesson names")
        }
        files.writes(cast, for: "--cast")
        do throws(OutputFile.Refusal) {
            return try files.claim()["--cast"]
        } catch {
            throw CommandError.usage("\(error)")
        }
    }

    /// The lesson's file: a path as given, or a shipped lesson by name.
    private func locate() throws -> ScenarioSource {
        guard let lesson else { throw CommandError.usage("no lesson given") }
        return try Self.locate(lesson)
    }

    /// `lesson` as a path (a .yaml file, or anything with a /), or a shipped lesson's name.
    static func locate(_ lesson: String) throws -> ScenarioSource {
        if lesson.hasSuffix(".yaml") || lesson.hasSuffix(".yml") || lesson.contains("/") { return .file(lesson) }
        let shipped = BundledAssets.lessonFiles()
        guard let file = shipped.first(where: { $0.name == lesson }) else {
            throw CommandError.usage("lesson '\(lesson)' is not shipped; valid: \(shipped.map(\.name).joined(separator: ", ")) (or give a FILE.yaml)")
        }
        return .bundled(file)
    }

    private func load(_ runner: ScenarioRunner, _ file: ScenarioSource) throws -> Lesson {
        do throws(ConfigError) {
            return try runner.lessons.load(file)
        } catch {
            throw CommandError.usage("\(error)")
        }
    }

    private func play(runner: ScenarioRunner, environment: [String: String], castFile: OutputFile?) throws {
        // Everything that can fail for a usage reason fails before the screen is taken over.
        var lessons: [Lesson] = []
        if lesson != nil {
            lessons = [try load(runner, try locate())]
        } else {
            for file in BundledAssets.lessonFiles() { lessons.append(try load(runner, .bundled(file))) }
            if lessons.isEmpty { throw CommandError.usage("no lessons in this build (Assets/lessons)") }
        }
        let dependencies = EngineDependencies.system(hasher: runner.hasher)
        let session = try CursesSession.started(environment: environment)
        let c = session.capabilities
        let theme: Theme = c.hasColor ? .colour : .mono
        var program = lesson == nil
            ? LessonSession(picking: lessons, dependencies: dependencies, theme: theme, width: c.width, height: c.height)
            : LessonSession(playing: lessons[0], dependencies: dependencies, theme: theme, width: c.width, height: c.height)
        // `--cast`: every painted frame, timed from the first, written once the terminal is
        // restored however the session ended (quit, a quit signal, a hang-up).
        let castRecorder = castFile.map { _ in
            SessionCast(width: c.width, height: c.height, title: "hubsim lesson: \(lesson == nil ? "the picker" : lessons[0].title)",
                        environment: environment)
        }
        if let castRecorder { session.paintObserver = { castRecorder.append($0) } }
        let exit = session.run(&program)
        session.end()
        if let castFile, let castRecorder {
            let recording = castRecorder.recording
            do throws(OutputFile.WriteFailure) {
                try castFile.write(Array(recording.text.utf8), what: "the cast", fallbackDirectories: [NSTemporaryDirectory()], kind: "cast")
                writeNote("hubsim: cast \(recording.eventCount) event(s) to \(MessageText.shown(castFile.path)) (asciicast v2; play it with asciinema play)")
            } catch {
                throw CommandError.usage("\(error)")
            }
        }
        exit.endProcessBySignal()
        if exit != TerminalExit.quit { throw CommandError(.terminal(exit)) }
    }
}
