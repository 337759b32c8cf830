import Configuration
import Foundation
import SessionEngine

/// Reads lesson files (`Assets/lessons/README.md`, Docs/lessons.md) with the scenario parser's
/// machinery: the same device header, the same step parser, the same limits, and every
/// problem as `file:line:column: message`.
///
/// Top level: `lesson` (the title), `description`, `profile`, `tenant`, `policy`,
/// `managedHomeScreen` (android-mhs, as a scenario's), `apps`, `screen`, `faultSeed`, and `steps`, each a mapping of `title`, `watch`, `why`, `ref`, `try`, `do`
/// (scenario action or `press` steps) and `check` (scenario `expect…` steps).
public struct LessonParser: Sendable {
    public let scenarios: ScenarioParser

    public init(scenarios: ScenarioParser) { self.scenarios = scenarios }

    static let topKeys = ["lesson", "description", "profile", "tenant", "policy", "managedHomeScreen", "apps", "screen", "faultSeed", "steps"]
    static let stepKeys = ["title", "watch", "why", "ref", "try", "do", "check"]

    /// Whether `text` reads as a lesson (a `lesson:` key at the top) rather than a scenario.
    /// Text that is no YAML mapping is not a lesson: the scenario parser reports it.
    public static func isLesson(_ text: String, file: String) -> Bool {
        guard let root = try? YAMLValue.parse(text, file: file), let entries = try? root.entries("a lesson") else { return false }
        return entries.contains { $0.key == "lesson" }
    }

    /// Reads and checks the lesson file at `url`.
    public func load(contentsOf url: URL, displayPath: String? = nil) throws(ConfigError) -> Lesson {
        let path = displayPath ?? url.path
        let text = try ConfigFile.text(at: displayPath == "" ? "" : url.path, what: "the lesson file", shownAs: path)
        return try parse(text, file: path, directory: url.deletingLastPathComponent())
    }

    /// Reads and checks a lesson from a file on disk or a shipped one.
    public func load(_ source: ScenarioSource) throws(ConfigError) -> Lesson {
        let (text, directory) = try source.read(what: "the lesson file")
        return try parse(text, file: source.shownPath, directory: directory)
    }

    public func parse(_ text: String, file: String, directory: URL? = nil) throws(ConfigError) -> Lesson {
        let env = scenarios.environment
        let root = try YAMLValue.parse(text, file: file)
        let top = try root.fields("a lesson", allowed: Self.topKeys)
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let titleNode = try top.required("lesson")
        let title = try titleNode.text("lesson (its title)", env: env)
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw titleNode.error("lesson (its title) must not be empty") }
        let description = try top["description"]?.text("description", env: env)
        let scenario = try scenarios.header(top, name: name, file: file, directory: directory)
        try LessonPrograms.refuse(scenario, apps: top["apps"], kind: "lesson")
        let context = scenarios.stepParser(for: scenario)

        let stepsNode = try top.required("steps")
        var steps: [LessonStep] = []
        for node in try stepsNode.items("steps") { steps.append(try step(node, context: context, env: env)) }
        guard !steps.isEmpty else { throw stepsNode.error("a lesson needs at least one step") }
        return Lesson(name: name, title: title, description: description, file: file, scenario: scenario, steps: steps)
    }

    private func step(_ node: YAMLValue, context: StepParser, env: [String: String]) throws(ConfigError) -> LessonStep {
        guard node.isMapping else {
            throw node.error("a lesson step is a mapping of \(Self.stepKeys.joined(separator: ", ")) (start with '- title: …')")
        }
        let f = try node.fields("a lesson step", allowed: Self.stepKeys)
        let titleNode = try f.required("title")
        let title = try titleNode.text("title", env: env)
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw titleNode.error("title must not be empty") }
        var actions: [ScenarioStep] = []
        if let list = f["do"] {
            for item in try list.items("do") {
                let s = try context.step(item)
                switch s.kind {
                case .action, .press: actions.append(s)
                default: throw item.error("'\(s.label)' checks something: put it under 'check' (do takes actions and press)")
                }
            }
        }
        var checks: [ScenarioStep] = []
        if let list = f["check"] {
            for item in try list.items("check") {
                let s = try context.step(item)
                switch s.kind {
                case .action, .press: throw item.error("'\(s.label)' does something: put it under 'do' (check takes expect steps)")
                default: checks.append(s)
                }
            }
        }
        let tryIt = try f["try"]?.text("try", env: env)
        if let tryNode = f["try"], actions.isEmpty {
            throw tryNode.error("a 'try' step needs a 'do' list: the actions the class is to do (the lesson waits for them)")
        }
        return LessonStep(title: title, watch: try f["watch"]?.text("watch", env: env), why: try f["why"]?.text("why", env: env),
                          ref: try f["ref"]?.text("ref", env: env), tryIt: tryIt, actions: actions, checks: checks,
                          line: node.line, column: node.column)
    }
}
