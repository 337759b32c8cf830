import Configuration
import Foundation
import SessionEngine

/// Reads race preset files (`Assets/races/README.md`) with the scenario parser's machinery:
/// the same device header, the same step parser and limits, every problem as
/// `file:line:column: message`. A race is a scenario with a `race:` block (`title`, `source`,
/// `lookFor`) and one `- walk: "…"` step that splits its set-up from the race itself.
public struct RaceParser: Sendable {
    public let scenarios: ScenarioParser

    public init(scenarios: ScenarioParser) { self.scenarios = scenarios }

    /// A scenario's top-level keys (whatever the scenario language grows) with `race` in
    /// place of `name` and `description`: the race's title names it.
    static var topKeys: [String] { ["race"] + ScenarioParser.topKeys.filter { $0 != "name" && $0 != "description" } }
    static let raceKeys = ["title", "source", "lookFor"]

    /// Whether `text` reads as a race preset (a `race:` key at the top).
    public static func isRace(_ text: String, file: String) -> Bool {
        guard let root = try? YAMLValue.parse(text, file: file), let entries = try? root.entries("a race preset") else { return false }
        return entries.contains { $0.key == "race" }
    }

    /// Reads and checks the race file at `url`.
    public func load(contentsOf url: URL, displayPath: String? = nil) throws(ConfigError) -> Race {
        let path = displayPath ?? url.path
        let text = try ConfigFile.text(at: displayPath == "" ? "" : url.path, what: "the race preset", shownAs: path)
        return try parse(text, file: path, directory: url.deletingLastPathComponent())
    }

    /// Reads and checks a race preset from a file on disk or a shipped one.
    public func load(_ source: ScenarioSource) throws(ConfigError) -> Race {
        let (text, directory) = try source.read(what: "the race preset")
        return try parse(text, file: source.shownPath, directory: directory)
    }

    public func parse(_ text: String, file: String, directory: URL? = nil) throws(ConfigError) -> Race {
        let env = scenarios.environment
        let root = try YAMLValue.parse(text, file: file)
        let top = try root.fields("a race preset", allowed: Self.topKeys)
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent

        let block = try top.required("race")
        guard block.isMapping else { throw block.error("race is a mapping of \(Self.raceKeys.joined(separator: ", ")) (each one line)") }
        let fields = try block.fields("the race block", allowed: Self.raceKeys)
        func line(_ key: String) throws(ConfigError) -> String {
            let node = try fields.required(key)
            return try Self.oneLine(node, key, env: env)
        }
        let title = try line("title")
        let source = try line("source")
        let lookFor = try line("lookFor")

        var scenario = try scenarios.header(top, name: title, file: file, directory: directory)
        try LessonPrograms.refuse(scenario, apps: top["apps"], kind: "race")
        let context = scenarios.stepParser(for: scenario)
        let stepsNode = try top.required("steps")
        var steps: [ScenarioStep] = []
        var walk: (text: String, node: YAMLValue, index: Int)?
        for node in try stepsNode.items("steps") {
            if node.isMapping, let entry = try node.entries("a step").first(where: { $0.key == "walk" }) {
                if let first = walk {
                    throw entry.keyNode.error("a race has one 'walk' step; the first is at line \(first.node.line), column \(first.node.column)")
                }
                if try node.entries("a step").count > 1 {
                    throw node.error("'walk' stands alone in its list entry: - walk: \"what the person does now\"")
                }
                walk = (try Self.oneLine(entry.value, "walk", env: env), node, steps.count)
                continue
            }
            steps.append(try context.step(node))
        }
        guard let walk else {
            throw stepsNode.error("a race needs one '- walk: \"what the person does now\"' step between its set-up and the race")
        }
        try Self.checkSetUp(steps[..<walk.index], walk: walk.node)
        try Self.checkRace(steps[walk.index...], walk: walk.node)
        scenario.steps = steps
        return Race(name: name, title: title, source: source, lookFor: lookFor, walk: walk.text, scenario: scenario, setUpCount: walk.index)
    }

    /// The set-up ends in step mode: the person releases each delivery with F8.
    static func checkSetUp(_ steps: ArraySlice<ScenarioStep>, walk: YAMLValue) throws(ConfigError) {
        var mode: DeliveryMode?
        for step in steps {
            guard case let .action(actions, _) = step.kind else { continue }
            for case let .setDeliveryMode(m) in actions { mode = m }
        }
        guard mode == .held else {
            throw walk.error("the set-up must end in step mode: put '- setDeliveryMode: held' before 'walk' (the person releases each delivery with F8)")
        }
    }

    /// The race does something and checks what it caused.
    static func checkRace(_ steps: ArraySlice<ScenarioStep>, walk: YAMLValue) throws(ConfigError) {
        let acts = steps.contains { step in
            switch step.kind {
            case .action, .press: true
            default: false
            }
        }
        guard acts else { throw walk.error("after 'walk' the race needs what the person does: at least one action step (releaseDelivery, checkOut, …)") }
        guard steps.contains(where: { step in
            switch step.kind {
            case .action, .press, .narration: false
            default: true
            }
        }) else {
            throw walk.error("after 'walk' the race needs its consequences checked: at least one expect step (expectApp, expectLeak, …)")
        }
    }

    /// A text of the race block or the walk: one line, not empty.
    static func oneLine(_ node: YAMLValue, _ key: String, env: [String: String]) throws(ConfigError) -> String {
        let text = try node.text(key, env: env).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw node.error("\(key) must not be empty") }
        guard !text.contains("\n") else { throw node.error("\(key) must be one line (it is shown on one line of the panel and the picker)") }
        return text
    }
}
