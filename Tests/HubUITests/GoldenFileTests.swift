import Foundation
import GoldenSupport
import Testing

/// The golden helper itself: what each value of `HUBSIM_RECORD_GOLDEN` does, in CI and out,
/// and that a check which should fail does record a failure.
@Suite struct GoldenFileTests {
    @Test func aMismatchReadsAsANumberedLineDiff() {
        let diff = GoldenFile.diff("same\nold line\nend", "same\nnew line\nend\nextra")
        #expect(diff == "  2 - |old line|\n  2 + |new line|\n  4 - |<missing>|\n  4 + |extra|")
    }

    @Test func aLongDiffIsCutWithACount() {
        let diff = GoldenFile.diff("a\nb\nc", "x\ny\nz", limit: 1)
        #expect(diff == "  1 - |a|\n  1 + |x|\n… and 2 more lines")
    }

    @Test func goldenScreensAreFoundBesideTheTests() {
        #expect(Golden.directory.path.hasSuffix("Tests/HubUITests/Golden"))
        #expect((try? String(contentsOf: Golden.directory.appendingPathComponent("home-80x24.txt"), encoding: .utf8)) != nil)
    }

    @Test func theVariableNamesOneOfThreeModes() {
        #expect(GoldenFile.Mode(nil) == .compare && GoldenFile.Mode("") == .compare)
        #expect(GoldenFile.Mode("1") == .record && GoldenFile.Mode("accept") == .accept)
        #expect(GoldenFile.Mode("yes") == .unknown("yes"))
    }

    @Test func ciIsAnyValueButEmptyZeroOrFalse() {
        #expect(GoldenFile.isCI(["CI": "true"]) && GoldenFile.isCI(["CI": "1"]))
        #expect(!GoldenFile.isCI([:]) && !GoldenFile.isCI(["CI": ""]) && !GoldenFile.isCI(["CI": "false"]) && !GoldenFile.isCI(["CI": "0"]))
    }

    @Test func comparingFailsOnAMissingOrDifferentFile() {
        #expect(GoldenFile.outcome(mode: .compare, inCI: false, stored: "a\n", actual: "a\n") == .matches)
        #expect(GoldenFile.outcome(mode: .compare, inCI: true, stored: "a\n", actual: "a\n") == .matches)
        #expect(GoldenFile.outcome(mode: .compare, inCI: false, stored: nil, actual: "a\n") == .missing)
        #expect(GoldenFile.outcome(mode: .compare, inCI: false, stored: "a\n", actual: "b\n") == .differs(diff: "  1 - |a|\n  1 + |b|"))
    }

    /// Recording writes only what changed: `1` fails for each file written, `accept` warns.
    @Test func recordingWritesOnlyWhatChanged() {
        for mode in [GoldenFile.Mode.record, .accept] {
            #expect(GoldenFile.outcome(mode: mode, inCI: false, stored: "a\n", actual: "a\n") == .matches)
            #expect(GoldenFile.outcome(mode: mode, inCI: false, stored: "a\n", actual: "b\n") == .write(failing: mode == .record))
            #expect(GoldenFile.outcome(mode: mode, inCI: false, stored: nil, actual: "b\n") == .write(failing: mode == .record))
        }
    }

    /// Under CI neither `1` nor `accept` passes, even when nothing changed, and nothing is written.
    @Test func recordingFailsUnderCI() {
        for mode in [GoldenFile.Mode.record, .accept] {
            #expect(GoldenFile.outcome(mode: mode, inCI: true, stored: "a\n", actual: "a\n") == .refusedInCI)
            #expect(GoldenFile.outcome(mode: mode, inCI: true, stored: "a\n", actual: "b\n") == .refusedInCI)
        }
        #expect(GoldenFile.outcome(mode: .unknown("2"), inCI: false, stored: "a\n", actual: "a\n") == .unknownMode("2"))
    }

    /// The checks themselves, on a file of their own: each failing case records an issue
    /// (a known issue here, so the test fails if it records none).
    @Test func aCheckRecordsTheFailureItsOutcomeNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("screen.txt")

        withKnownIssue { GoldenFile.check("new\n", file: url, name: "screen.txt", environment: [:]) } matching: {
            $0.comments.contains { $0.rawValue.hasPrefix("no golden file screen.txt") }
        }
        withKnownIssue {
            GoldenFile.check("new\n", file: url, name: "screen.txt", environment: ["HUBSIM_RECORD_GOLDEN": "accept", "CI": "true"])
        } matching: { $0.comments.contains { $0.rawValue.contains("re-recording golden files is not allowed in CI") } }
        #expect(!FileManager.default.fileExists(atPath: url.path))

        withKnownIssue { GoldenFile.check("new\n", file: url, name: "screen.txt", environment: ["HUBSIM_RECORD_GOLDEN": "1"]) } matching: {
            $0.comments.contains { $0.rawValue.hasPrefix("re-recorded screen.txt") }
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "new\n")
        // Recorded: the same text now matches, in every mode outside CI.
        #expect(GoldenFile.check("new\n", file: url, name: "screen.txt", environment: [:]))
        #expect(GoldenFile.check("new\n", file: url, name: "screen.txt", environment: ["HUBSIM_RECORD_GOLDEN": "1"]))
        withKnownIssue { GoldenFile.check("newer\n", file: url, name: "screen.txt", environment: [:]) } matching: {
            $0.comments.contains { $0.rawValue.contains("  1 - |new|\n  1 + |newer|") }
        }
    }
}
