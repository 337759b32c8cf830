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
struct LessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Play a guided lesson: the simulator with a narration panel, step by step (no name: the lesson picker).",
        discussion: """
            NAME is a shipped lesson (Assets/lessons; --list shows them), FILE a lesson file of \
            your own (the format: Assets/lessons/README.md). Keys while it plays: Space ] → next \
            step, [ ← step back, d let the class do the next step themselves. The device lives \
            in memory only.
            """)

    @Argument(help: "A shipped lesson's name, or a lesson file (.yaml).")
    var lesson: String?

    @Flag(help: "Play the lesson to its end without a terminal and report like `hubsim run` (every shipped lesson with --all).")
    var headless = false

    @Flag(help: "With --headless: every shipped lesson.")
    var all = false

    @Flag(help: "List the shipped lessons and exit.")
    var list = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let runner: ScenarioRunner
        do throws(ConfigError) { runner = try ScenarioRunner(environment: environment, parallel: true) } catch { try fail(error.description) }
        if list {
            for url in BundledAssets.lessonURLs() {
                let name = url.deletingPathExtension().lastPathComponent
                let title = (try? runner.lessons.load(contentsOf: url, displayPath: "Assets/lessons/\(url.lastPathComponent)").title) ?? ""
                print("\(name)\t\(title)")
            }
            return
        }
        if all && !headless { try fail("Error: --all plays every lesson headless; add --headless") }
        if all && lesson != nil { try fail("Error: give a lesson or --all, not both") }
        if headless {
            guard lesson != nil || all else { try fail("Error: --headless needs a lesson (or --all); see `hubsim lesson --list`") }
            let files = all ? BundledAssets.lessonURLs().map { ($0.path, "Assets/lessons/" + $0.lastPathComponent) } : [try locate()]
            guard !files.isEmpty else { try fail("Error: no lessons in this build (Assets/lessons)") }
            let report = runner.run(files: files.map(\.0), displayPaths: files.map(\.1))
            if let error = report.results.first(where: { $0.fileError != nil })?.fileError { try fail("hubsim: \(error)") }
            print(TextReport.render(report, options: .init(verbose: false, quiet: false)), terminator: "")
            if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
            return
        }
        try play(runner: runner, environment: environment)
    }

    /// The lesson's file: a path as given, or a shipped lesson by name.
    private func locate() throws -> (String, String) {
        guard let lesson else { try fail("Error: no lesson given") }
        if lesson.hasSuffix(".yaml") || lesson.hasSuffix(".yml") || lesson.contains("/") { return (lesson, lesson) }
        let shipped = BundledAssets.lessonURLs()
        guard let url = shipped.first(where: { $0.deletingPathExtension().lastPathComponent == lesson }) else {
            let names = shipped.map { $0.deletingPathExtension().lastPathComponent }
            try fail("hubsim: lesson '\(lesson)' is not shipped; valid: \(names.joined(separator: ", ")) (or give a FILE.yaml)")
        }
        return (url.path, "Assets/lessons/" + url.lastPathComponent)
    }

    private func load(_ runner: ScenarioRunner, _ file: (String, String)) throws -> Lesson {
        do throws(ConfigError) {
            return try runner.lessons.load(contentsOf: URL(fileURLWithPath: file.0), displayPath: file.1)
        } catch {
            try fail("hubsim: \(error)")
        }
    }

    private func play(runner: ScenarioRunner, environment: [String: String]) throws {
        // Everything that can fail for a usage reason fails before the screen is taken over.
        var lessons: [Lesson] = []
        if lesson != nil {
            lessons = [try load(runner, try locate())]
        } else {
            for url in BundledAssets.lessonURLs() { lessons.append(try load(runner, (url.path, "Assets/lessons/" + url.lastPathComponent))) }
        }
        let dependencies = EngineDependencies.system(hasher: runner.hasher)
        let session: CursesSession
        do {
            session = try CursesSession.start(environment: environment)
        } catch {
            FileHandle.standardError.write(Data((PrintableText.escaped(error.message) + "\n").utf8))
            throw ExitCode(error.exitCode)
        }
        let c = session.capabilities
        let theme: Theme = c.hasColor ? .colour : .mono
        var program = lesson == nil
            ? LessonSession(picking: lessons, dependencies: dependencies, theme: theme, width: c.width, height: c.height)
            : LessonSession(playing: lessons[0], dependencies: dependencies, theme: theme, width: c.width, height: c.height)
        let exit = session.run(&program)
        session.end()
        exit.endProcessBySignal()
        if exit != TerminalExit.quit { throw ExitCode(exit.exitCode) }
    }

    /// Status 2: the lesson could not be played as asked.
    private func fail(_ message: String) throws -> Never {
        FileHandle.standardError.write(Data((PrintableText.escaped(message) + "\n").utf8))
        throw ExitCode(2)
    }
}
