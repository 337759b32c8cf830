import Foundation
import Testing
@testable import HubsimCommands

/// Option values that were answered with ArgumentParser's "Missing value" or echoed whole:
/// through the real binary, each is one line that names the value and what is allowed.
@Suite struct ArgumentMessageTests {
    /// A cast path that can be claimed (nothing is written: the values are refused first).
    static var castPath: String { NSTemporaryDirectory() + "hubsim-args-\(UUID().uuidString).cast" }

    /// `--pace -1` and `--size -80x24` were taken for options ("Missing value").
    @Test(arguments: [
        (["run", "Assets/scenarios/ws1-coalescing.yaml", "--cast", Self.castPath, "--pace", "-1"],
         "hubsim: --pace '-1': give seconds between steps, from 0.05 to 60 (e.g. 1.5)"),
        (["run", "Assets/scenarios/ws1-coalescing.yaml", "--cast", Self.castPath, "--size", "-80x24"],
         "hubsim: --size '-80x24': give columns x rows, from 80x24 to 1000x500 (e.g. 120x40)"),
        (["lesson", "--headless", "ws1-shift-change", "--cast", Self.castPath, "--pace", "-1"],
         "hubsim: --pace '-1': give seconds between steps, from 0.05 to 60 (e.g. 1.5)"),
    ])
    func aNegativeValueIsNamed(arguments: [String], line: String) async throws {
        let run = try await MessageTests.hubsim(arguments)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr == line + "\n")
    }

    /// `--apps` with 5,000 ids echoed 30 KB on one line.
    @Test func aHugeAppListIsCut() async throws {
        let apps = (0..<5_000).map { "app\($0)" }.joined(separator: ",")
        let run = try await MessageTests.hubsim(["--ephemeral", "--apps", apps])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("hubsim: --apps 'app0,app1,app2,"), "\(run.stderr.prefix(200))")
        #expect(run.stderr.contains("… (\(apps.count) characters)': unknown app 'app0'"))
        #expect(run.stderr.utf8.count < 400, "\(run.stderr.utf8.count) bytes")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    /// ArgumentParser's own refusals begin like every other message of hubsim.
    @Test func argumentParserRefusalsUseHubsimsPrefix() async throws {
        let run = try await MessageTests.hubsim(["run", "--nope"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("hubsim: unknown option '--nope'"), "\(run.stderr)")
        #expect(!run.stderr.contains("Error:"))
    }
}

extension ArgumentMessageTests {
    /// `--state-dir ''` fell back to the default directory without a word.
    @Test(arguments: [["--state-dir", ""], ["--state-dir", "", "--ephemeral"], ["reset", "--state-dir", ""]])
    func anEmptyStateDirectoryIsRefused(arguments: [String]) async throws {
        let run = try await MessageTests.hubsim(arguments)
        #expect(run.status == 2)
        #expect(run.stderr == "hubsim: --state-dir '': the path is empty; give the directory for device state, or leave --state-dir out for $XDG_STATE_HOME/hubsim (~/.local/state/hubsim)\n")
    }

    /// A refusal of ArgumentParser's own is one line that says where to read more.
    @Test func argumentParserRefusalsAreOneLine() async throws {
        let run = try await MessageTests.hubsim(["--profile", "x"])
        #expect(run.status == 2)
        #expect(run.stderr == "hubsim: unknown profile 'x'; valid: workspace-one, entra-ios, entra-android, android-mhs\n")
        let missing = try await MessageTests.hubsim(["reset", "--device"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "hubsim: Missing value for '--device <device>'; see 'hubsim reset --help'\n")
    }
}
