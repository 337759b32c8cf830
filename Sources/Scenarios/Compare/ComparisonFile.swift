import Configuration
import Foundation
import HubUI
import Platform
import SessionEngine

/// A comparison written down (`Assets/comparisons/*.yaml`): a scenario, two to four
/// profiles, optionally the apps on every device and the rows expected to differ (values
/// not all the same), so a comparison can be shipped, shown to a class and checked in CI
/// like a scenario.
///
/// ```yaml
/// name: Coalescing on both systems
/// scenario: ../scenarios/ws1-coalescing.yaml     # relative to this file
/// profiles: [workspace-one, entra-ios]               # two to four
/// apps: [notes, mail]                             # optional: default, the scenario's
/// differ: ["notes: missed", "mail: missed"]       # optional: checked by `hubsim compare`
/// ```
public struct ComparisonFile: Sendable {
    public var name: String
    public var file: String
    public var comparison: Comparison
    /// The rows expected to differ, by label, in table order; nil when the file says nothing.
    public var differ: [String]?

    static let topKeys = ["name", "description", "scenario", "profiles", "apps", "differ"]

    /// Whether `text` is a comparison rather than a scenario: a mapping naming a scenario.
    public static func isComparison(_ text: String, file: String) -> Bool {
        guard let root = try? YAMLValue.parse(text, file: file), let entries = try? root.entries("a file") else { return false }
        return entries.contains { $0.key == "scenario" } && !entries.contains { $0.key == "steps" }
    }

    /// Reads the comparison at `url` with `parser` (which reads its scenario): every problem
    /// as `file:line:column: message`, a problem of the scenario at the scenario's own position.
    public static func load(contentsOf url: URL, displayPath: String? = nil, parser: ScenarioParser) throws(ConfigError) -> ComparisonFile {
        let path = displayPath ?? url.path
        let text = try ConfigFile.text(at: url.path, what: "the comparison file", shownAs: path)
        return try parse(text, file: path, defaultName: url.deletingPathExtension().lastPathComponent, parser: parser) { relative, node throws(ConfigError) in
            let scenarioURL = relative.hasPrefix("/") ? URL(fileURLWithPath: relative)
                : url.deletingLastPathComponent().appendingPathComponent(relative).standardizedFileURL
            guard FileManager.default.fileExists(atPath: scenarioURL.path) else {
                throw node.error("scenario file '\(relative)' not found (looked for \(scenarioURL.path))")
            }
            // An absolute path is shown as written; a relative one beside the comparison as shown.
            let shownScenario = relative.hasPrefix("/") ? relative
                : displayPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent(relative).standardizedFileURL.path }
            return try parser.load(contentsOf: scenarioURL, displayPath: shownScenario.map(relativeToCurrentDirectory))
        }
    }

    /// Reads a shipped comparison: its scenario is the shipped file its path names.
    public static func load(_ file: BundledFile, parser: ScenarioParser) throws(ConfigError) -> ComparisonFile {
        try parse(file.text, file: file.shownPath, defaultName: file.name, parser: parser) { relative, node throws(ConfigError) in
            guard let scenario = file.sibling(relative) else {
                throw node.error("scenario file '\(relative)' is not shipped in this build")
            }
            return try parser.load(.bundled(scenario))
        }
    }

    /// The comparison in `text`; `scenarioNamed` reads the scenario its `scenario:` names.
    private static func parse(_ text: String, file path: String, defaultName: String, parser: ScenarioParser,
                              scenarioNamed: (String, YAMLValue) throws(ConfigError) -> Scenario) throws(ConfigError) -> ComparisonFile {
        let root = try YAMLValue.parse(text, file: path)
        let top = try root.fields("a comparison", allowed: topKeys)
        let name = try top["name"]?.string("name") ?? defaultName

        let scenarioNode = try top.required("scenario")
        var scenario = try scenarioNamed(try scenarioNode.string("scenario"), scenarioNode)

        let profilesNode = try top.required("profiles")
        let names = try profilesNode.items("profiles")
        guard Comparison.profileCounts.contains(names.count) else {
            throw profilesNode.error("'profiles' names two to four profiles, e.g. [entra-ios, entra-android, android-mhs]")
        }
        var profiles: [ProfileID] = []
        for node in names {
            let text = try node.string("a profile")
            guard let profile = ProfileID(rawValue: text) else {
                throw node.error("unknown profile '\(text)'; valid: \(ProfileID.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard !profiles.contains(profile) else { throw node.error("'profiles' names \(text) twice; name each profile once") }
            profiles.append(profile)
        }

        if let appsNode = top["apps"] {
            var apps: [AppDefinition] = []
            for node in try appsNode.items("apps") {
                let id = try node.string("an app id")
                guard let app = parser.catalogue.app(id) else {
                    throw node.error("unknown app '\(id)'; valid apps: \(parser.catalogue.ids.joined(separator: ", "))")
                }
                guard !apps.contains(where: { $0.id == id }) else { throw node.error("app '\(id)' is listed twice") }
                apps.append(app)
            }
            guard !apps.isEmpty else { throw appsNode.error("'apps' needs at least one app") }
            scenario.apps = apps
        }

        var differ: [String]?
        if let differNode = top["differ"] {
            let labels = DeviceOutcome.rowLabels(apps: scenario.apps.map(\.id))
            var rows: [String] = []
            for node in try differNode.items("differ") {
                let label = try node.string("a row")
                guard labels.contains(label) else {
                    throw node.error("no row '\(label)'; rows: \(labels.prefix(7).joined(separator: ", ")), … (\"APP: received|missed|shows|leak\")")
                }
                guard !rows.contains(label) else { throw node.error("row '\(label)' is listed twice") }
                rows.append(label)
            }
            differ = rows
        }
        let comparison = try Comparison(scenario: scenario, profiles: profiles)
        return ComparisonFile(name: name, file: path, comparison: comparison, differ: differ)
    }

    /// `Assets/scenarios/x.yaml` rather than an absolute path, where it is below the current directory.
    private static func relativeToCurrentDirectory(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }

    /// Plays the comparison; the table, and a failure line when the rows that differ are not
    /// the ones the file expects (nil when they are, or when it expects nothing).
    public func check(hasher: ScryptHasher = ScryptHasher(logN: 10)) -> (table: String, failure: String?) {
        let (table, rows) = comparison.played(hasher: hasher)
        guard let differ else { return (table, nil) }
        let actual = rows.filter(\.differs).map(\.label)
        guard Set(actual) != Set(differ) else { return (table, nil) }
        let missing = differ.filter { !actual.contains($0) }, extra = actual.filter { !differ.contains($0) }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("expected to differ but the same: \(missing.joined(separator: ", "))") }
        if !extra.isEmpty { parts.append("differ but not listed: \(extra.joined(separator: ", "))") }
        return (table, "\(file): \(name): \(parts.joined(separator: "; "))")
    }
}
