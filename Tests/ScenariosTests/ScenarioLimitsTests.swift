import Configuration
import Foundation
import SessionEngine
import Testing
@testable import Scenarios

/// Limits for scenario files (Docs/qa.md, Docs/reliability.md): durations and counts have ranges, sizes
/// have limits, and each refusal names its position (no crash, no run).
@Suite struct ScenarioLimitsTests {
    static let ws1 = "profile: workspace-one\nsteps:\n"

    @Test(arguments: [
        ("  - advanceClock: 9300000000000000\n", 3, 19,
         "advanceClock must be between 0 and 315,360,000 seconds (10 years) (got 9300000000000000)"),
        ("  - advanceClock: 9223372036854775807\n", 3, 19,
         "advanceClock must be between 0 and 315,360,000 seconds (10 years) (got 9223372036854775807)"),
        ("  - advanceClock: -5\n", 3, 19, "advanceClock must be between 0 and 315,360,000 seconds (10 years) (got -5)"),
        ("  - advanceClock: 0.0001\n", 3, 19,
         "advanceClock must be between 0 and 315,360,000 seconds (10 years), in whole milliseconds (got 0.0001)"),
        ("  - advanceClock: nan\n", 3, 19,
         "advanceClock must be a number of seconds, or a duration such as 90s, 5m or 1h, between 0 and 315,360,000 seconds (10 years) (got nan)"),
        ("  - advanceClock: 87601h\n", 3, 19, "advanceClock must be between 0 and 315,360,000 seconds (10 years) (got 87601h)"),
        ("  - press: \"<Tick:1e300>\"\n", 3, 13,
         "<Tick:SECONDS> must be between 0 and 315,360,000 seconds (10 years) (got Tick:1e300)"),
        ("  - press: \"<Resize:100000x100000>\"\n", 3, 13, "<Resize:WxH> must be between 1x1 and 1000x500 (got Resize:100000x100000)"),
        ("  - press: \"<Click:5,100000>\"\n", 3, 13, "<Click:X,Y> must be between 0,0 and 999,499 (got Click:5,100000)"),
        ("  - expect: {held: 10001}\n", 3, 20, "held must be between 0 and 10,000 (got 10001)"),
        ("  - expectApp: {app: notes, items: -1}\n", 3, 36, "items must be between 0 and 10,000 (got -1)"),
    ])
    func stepNumbersHaveRanges(step: String, line: Int, column: Int, message: String) throws {
        let error = try #require(Fixtures.parseError(Self.ws1 + step))
        #expect(error == ConfigError(file: "bad.yaml", line: line, column: column, message: message))
    }

    @Test(arguments: [
        ("policy: {inactivityTimeout: 9.3e15}\n", 1, 29, "inactivityTimeout must be between 0.001 and 315,360,000 seconds (10 years) (got 9.3e15)"),
        ("policy: {lockoutSeconds: 9223372036854775807}\n", 1, 26,
         "lockoutSeconds must be between 0 and 315,360,000 seconds (10 years) (got 9223372036854775807)"),
        ("policy: {failedAttemptLimit: 1001}\n", 1, 30, "failedAttemptLimit must be between 1 and 1,000 (got 1001)"),
        ("policy: {appPasscode: {minLength: 17}}\n", 1, 35, "minLength must be between 1 and 16 digits (got 17)"),
        ("screen: 100000x24\n", 1, 9, "screen must be between 20x5 and 1000x500 (got 100000x24)"),
    ])
    func policyAndScreenHaveRanges(top: String, line: Int, column: Int, message: String) throws {
        let error = try #require(Fixtures.parseError(top + Self.ws1 + "  - goOnline\n"))
        #expect(error == ConfigError(file: "bad.yaml", line: line, column: column, message: message))
    }

    /// The largest durations run: a check-out, an inactivity lock after 10 years, a lockout
    /// of 10 years that ends; the clock arithmetic cannot trap.
    @Test func theLargestDurationsRunWithoutTrapping() throws {
        let yaml = Fixtures.ws1("""
              - advanceClock: 315360000
              - expect: {state: locked}
              - unlock: {password: wrong}
                refused: true
              - advanceClock: 315360000
              - advanceClock: 315360000
              - unlock: {password: cou1}
              - expect: {state: checkedOut}
            """, extra: "policy: {inactivityTimeout: 315360000, lockoutSeconds: 315360000, failedAttemptLimit: 1}")
        let result = try Fixtures.run(yaml)
        #expect(result.passed, "\(result.failure?.message ?? "")")
    }

    @Test func stepsAreLimited() throws {
        let steps = String(repeating: "  - goOnline\n", count: Limits.entries + 1)
        let error = try #require(Fixtures.parseError(Self.ws1 + steps))
        #expect(error == ConfigError(file: "bad.yaml", line: 3, column: 3, message:
            "this list or mapping has 10,001 entries; the limit is 10,000 (steps of a scenario, users, apps, any list): split it into several files"))
    }

    @Test func keySequencesAndTextsAreLimited() throws {
        let keys = String(repeating: "a", count: Limits.keySequenceLength)
        #expect(Fixtures.parseError(Self.ws1 + "  - press: \(keys)\n") == nil)
        let tooMany = try #require(Fixtures.parseError(Self.ws1 + "  - press: \(keys)a\n"))
        #expect(tooMany.message == "this value is 4,097 characters long; values are limited to 4,096 characters (key sequences) or 1,000 (other text)")
        let text = String(repeating: "t", count: 1_001)
        let screen = try #require(Fixtures.parseError(Self.ws1 + "  - expect: {screen: \(text)}\n"))
        #expect(screen == ConfigError(file: "bad.yaml", line: 3, column: 22, message: "screen is 1,001 characters long; the limit is 1,000 characters"))
        // A variable's value counts once it is resolved.
        let viaVariable = try #require(Fixtures.parseError(Self.ws1 + "  - expect: {user: \"${BIG}\"}\n", environment: ["BIG": text]))
        #expect(viaVariable.message == "user is 1,001 characters long once its ${…} references are resolved; the limit is 1,000 characters")
    }

    @Test(arguments: [
        ("  - checkOut: {user: cou1, password: \"${}\"}\n", 3, 39,
         "empty variable name in '${}': write ${NAME} with the variable's name, or $$ for a literal '$'"),
        ("  - checkOut:\n      user: cou1\n      password: ab${}\n", 5, 19,
         "empty variable name in '${}': write ${NAME} with the variable's name, or $$ for a literal '$'"),
        ("  - checkOut: {user: cou1, password: \"${PW\"}\n", 3, 39, "'${' is not closed: write ${NAME}, or $$ for a literal '$'"),
        ("  - checkOut: {user: cou1, password: \"x${NOPE}\"}\n", 3, 40,
         "environment variable NOPE is not set (scenario files refer to secrets as ${NAME}; export it before `hubsim run`)"),
    ])
    func variableReferencesAreCheckedWhereTheyAre(step: String, line: Int, column: Int, message: String) throws {
        let error = try #require(Fixtures.parseError(Self.ws1 + step))
        #expect(error == ConfigError(file: "bad.yaml", line: line, column: column, message: message))
    }

    /// A value read from the file with an escape (`"\e"`) is refused, and echoed escaped.
    @Test func echoedValuesAreEscaped() throws {
        let error = try #require(Fixtures.parseError(Self.ws1 + "  - launch: \"\\e[2J\\a\"\n"))
        #expect(error.description.hasPrefix("bad.yaml:3:13: this value holds a control character (\\u{1B})"))
        #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        // A name with control characters that reaches a report some other way is shown escaped.
        let name = "\u{1B}[2Jdemo\u{7}"
        let report = TextReport.render(RunReport(results: [ScenarioResult(name: name, file: "s.yaml", steps: [])], duration: 0))
        #expect(report.hasPrefix("PASS  s.yaml — \\u{1B}[2Jdemo\\u{7} (0 steps"))
        #expect(!report.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        let tap = TAPReport.render(RunReport(results: [ScenarioResult(name: name, file: "s.yaml", steps: [])], duration: 0))
        #expect(tap.contains("ok 1 - s.yaml: \\u{1B}[2Jdemo\\u{7} (0 steps)"))
        #expect(!tap.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func aScenarioFileOverOneMebibyteIsRefusedFast() throws {
        let dir = Fixtures.temporaryDirectory()
        let path = dir.appendingPathComponent("big.yaml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("profile: workspace-one\nsteps:\n".utf8)))
        #expect(truncate(path, 54_000_000) == 0)
        do throws(ConfigError) {
            _ = try Fixtures.parser().load(contentsOf: URL(fileURLWithPath: path), displayPath: "big.yaml")
            Issue.record("a 54 MB scenario was read")
        } catch {
            #expect(error.description == "big.yaml:1:1: the scenario file is 54,000,000 bytes; files hubsim reads are limited to 1 MiB (1,048,576 bytes): split it into smaller files")
        }
    }

    @Test(arguments: [
        ("/dev/null", "cannot read the scenario file: it is not a regular file (a device, pipe or socket); give the path of a YAML file"),
        ("/tmp", "cannot read the scenario file: it is a directory; give the path of a YAML file"),
    ])
    func whatIsNotARegularFileSaysSo(path: String, message: String) {
        do throws(ConfigError) {
            _ = try Fixtures.parser().load(contentsOf: URL(fileURLWithPath: path))
            Issue.record("\(path) was read as a scenario")
        } catch {
            #expect(error == ConfigError(file: path, line: 1, column: 1, message: message))
        }
    }

    /// Clock ticks merge in a walk; a recorded advance past the 10-year limit is written as
    /// several steps, so the recording replays.
    @Test func aRecordedAdvancePastTheLimitIsSplit() throws {
        var walk = try RecorderTests.model()
        walk.type("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        walk.settle()
        walk.type("<Tick:315360000><Tick:315360000><Tick:1.5>")
        let yaml = walk.recording(name: "long").yaml
        #expect(yaml.contains("  - advanceClock: 315360000\n  - advanceClock: 315360000\n  - advanceClock: 1\n"), "\(yaml)")
        let result = try RecorderTests.replay(yaml)
        #expect(result.passed, "\(yaml)\n\(result.failure?.message ?? "")")
    }
}
