import Configuration
import Foundation
import SessionEngine
import Testing
@testable import Scenarios

/// Scenarios, their app overrides, lessons and comparisons refuse a control character spelled
/// as a YAML escape, at its position; the reports escape whatever still reaches them; and a
/// scenario's `apps:` follows the catalogue's rules (`AppSetRules`).
@Suite struct EscapedControlScenarioTests {
    static let ws1 = "profile: workspace-one\nsteps:\n  - goOnline\n"

    static func message(_ scalar: UInt32) -> String {
        "this value holds a control character (\\u{\(String(scalar, radix: 16, uppercase: true))}); text values allow printable characters only, no escape such as \\e, \\t or \\u009b: remove it"
    }

    /// Each escape form, as written in a double-quoted YAML scalar, and what it decodes to.
    static let escapes: [(written: String, scalar: UInt32)] = [
        ("\\e", 0x1B), ("\\0", 0x00), ("\\a", 0x07), ("\\t", 0x09), ("\\n", 0x0A), ("\\x7f", 0x7F),
        ("\\u009b", 0x9B), ("\\x9b", 0x9B), ("\\u0085", 0x85), ("\\N", 0x85), ("\\u2028", 0x2028),
        ("\\L", 0x2028), ("\\P", 0x2029), ("\\u202e", 0x202E), ("\\u2066", 0x2066), ("\\U0000200F", 0x200F),
    ]

    @Test(arguments: escapes.map(\.written))
    func aScenarioNameWithAnEscapedControlIsRefused(written: String) throws {
        let scalar = try #require(Self.escapes.first { $0.written == written }?.scalar)
        let error = try #require(Fixtures.parseError("name: \"demo\(written)\"\n" + Self.ws1))
        #expect(error == ConfigError(file: "bad.yaml", line: 1, column: 7, message: Self.message(scalar)))
    }

    @Test func aStepValueWithAnEscapedControlIsRefused() throws {
        let error = try #require(Fixtures.parseError("profile: workspace-one\nsteps:\n  - launch: \"\\e[2J\\a\"\n"))
        #expect(error == ConfigError(file: "bad.yaml", line: 3, column: 13, message: Self.message(0x1B)))
    }

    @Test(arguments: escapes.map(\.written))
    func anAppOverrideWithAnEscapedControlIsRefused(written: String) throws {
        let scalar = try #require(Self.escapes.first { $0.written == written }?.scalar)
        let yaml = "profile: entra-ios\napps:\n  - {app: chat, sso: {keychainGroup: \"com.contoso\(written)\"}}\nsteps:\n  - goOnline\n"
        let error = try #require(Fixtures.parseError(yaml))
        #expect(error == ConfigError(file: "bad.yaml", line: 3, column: 38, message: Self.message(scalar)))
    }

    @Test(arguments: escapes.map(\.written))
    func aLessonTitleWithAnEscapedControlIsRefused(written: String) throws {
        let scalar = try #require(Self.escapes.first { $0.written == written }?.scalar)
        let yaml = "lesson: \"Shift\(written) change\"\nprofile: workspace-one\nsteps:\n  - title: t\n    do:\n      - goOnline\n"
        #expect(throws: ConfigError(file: "l.yaml", line: 1, column: 9, message: Self.message(scalar))) {
            _ = try LessonParser(scenarios: Fixtures.parser()).parse(yaml, file: "l.yaml")
        }
    }

    @Test(arguments: escapes.map(\.written))
    func aComparisonNameWithAnEscapedControlIsRefused(written: String) throws {
        let scalar = try #require(Self.escapes.first { $0.written == written }?.scalar)
        let dir = Fixtures.temporaryDirectory()
        let path = Fixtures.write("name: \"both\(written)systems\"\nscenario: s.yaml\nprofiles: [workspace-one, entra-ios]\n", "c.yaml", in: dir)
        #expect(throws: ConfigError(file: "c.yaml", line: 1, column: 7, message: Self.message(scalar))) {
            _ = try ComparisonFile.load(contentsOf: URL(fileURLWithPath: path), displayPath: "c.yaml", parser: Fixtures.parser())
        }
    }

    /// Whatever reaches a report with a control character in it (a name built in code, a
    /// message) is escaped in the JUnit XML, the TAP stream and the text report.
    @Test func reportsEscapeControlCharacters() {
        let name = "demo\u{9B}2J\u{1B}[0m\u{85}\u{2028}\u{202E}"
        let report = RunReport(results: [ScenarioResult(name: name, file: "s.yaml", steps: [])], duration: 0)
        let bad: Set<UInt32> = [0x9B, 0x1B, 0x85, 0x2028, 0x202E]
        for (kind, text) in [("junit", JUnitReport.render(report)), ("tap", TAPReport.render(report)), ("text", TextReport.render(report))] {
            #expect(!text.unicodeScalars.contains { bad.contains($0.value) }, "\(kind): \(text)")
            #expect(text.contains("demo\\u{9B}2J\\u{1B}[0m\\u{85}\\u{2028}\\u{202E}"), "\(kind): \(text)")
        }
    }

    /// Two apps of one scenario with one bundle ID: refused as in the catalogue.
    @Test func anOverrideCannotGiveTwoAppsOneBundleID() throws {
        let yaml = "profile: entra-ios\napps:\n  - chat\n  - {app: mail, sso: {bundleID: com.contoso.chat}}\nsteps:\n  - goOnline\n"
        let error = try #require(Fixtures.parseError(yaml))
        #expect(error == ConfigError(file: "bad.yaml", line: 4, column: 11,
                                     message: "app 'mail' has the bundle ID 'com.contoso.chat' of 'chat'; each app has its own"))
    }

    @Test func anOverrideBooleanIsTyped() throws {
        let yaml = "profile: entra-ios\napps:\n  - {app: till, sso: {certificateAuth: \"yes\"}}\nsteps:\n  - goOnline\n"
        let error = try #require(Fixtures.parseError(yaml))
        #expect(error == ConfigError(file: "bad.yaml", line: 3, column: 40,
                                     message: "certificateAuth must be true or false without quotes (a quoted value is text), not \"yes\""))
        #expect(Fixtures.parseError(yaml.replacingOccurrences(of: "\"yes\"", with: "true")) == nil)
    }

    @Test func anAppListedTwiceIsRefused() throws {
        let error = try #require(Fixtures.parseError("profile: entra-ios\napps: [chat, {app: chat, sso: {bundleID: x.y}}]\nsteps:\n  - goOnline\n"))
        #expect(error.message == "app 'chat' is listed twice")
    }
}
