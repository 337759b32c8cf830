import ArgumentParser
import Foundation
import Testing
@testable import HubsimCommands

/// The commands refuse a wrong output file or a lone `tenant` before doing anything (Docs/reliability.md,
/// output files and consistent acceptance), in process: exit status 2 and whatever was at the path byte-identical.
@Suite("Reliability: command-line refusals")
struct CommandRefusalTests {
    /// Parses `arguments` as `hubsim` does and runs the command.
    static func run(_ arguments: [String]) async throws {
        try await Hubsim.run(try Hubsim.parseAsRoot(arguments))
    }

    /// A scenario that passes without a single password check.
    static func passingScenario(in dir: String) throws -> String {
        let path = dir + "/online.yaml"
        try Data("profile: workspace-one\nsteps: [goOffline, goOnline]\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func recordingOverAnExistingFileIsRefusedBeforeTheScreenStarts() async throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/default.sqlite"
        let before = try OutputFileTests.plant(file)
        // No terminal here: had the claim not come first, the refusal would be the terminal's.
        let launch = try #require(try Hubsim.parseAsRoot(["--ephemeral", "--record", file]) as? InteractiveCommand).launch
        #expect(exitStatus { try launch.run() } == .usage)
        #expect(OutputFileTests.contents(file) == before)
        #expect(OutputFileTests.entries(dir) == ["default.sqlite"])
        // A persistent device's state directory is not even created.
        let state = dir + "/state"
        #expect(await awaitedExitStatus { try await Self.run(["--state-dir", state, "--record", file]) } == .usage)
        #expect(!FileManager.default.fileExists(atPath: state))
        #expect(OutputFileTests.contents(file) == before)
    }

    @Test func forceWithoutAFileToReplaceIsRefused() async throws {
        #expect(await awaitedExitStatus { try await Self.run(["--ephemeral", "--force"]) } == .usage)
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(await awaitedExitStatus { try await Self.run(["run", "--force", try Self.passingScenario(in: dir)]) } == .usage)
    }

    @Test func theParsedForceReachesTheLaunch() throws {
        let command = try #require(try Hubsim.parseAsRoot(["--record", "w.yaml", "--force"]) as? InteractiveCommand)
        #expect(command.launch == InteractiveLaunch(choice: DeviceChoice(), record: "w.yaml", force: true))
    }

    @Test func aJUnitReportOverAnExistingFileIsRefusedBeforeAnyScenarioRuns() async throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try Self.passingScenario(in: dir)
        // The report would name the scenario it ran; the refusal comes before, and a
        // scenario file given as the report is not overwritten either.
        for target in [dir + "/report.xml", scenario] {
            let before = FileManager.default.fileExists(atPath: target) ? OutputFileTests.contents(target)! : try OutputFileTests.plant(target)
            #expect(await awaitedExitStatus { try await Self.run(["run", "--junit", target, scenario]) } == .usage)
            #expect(OutputFileTests.contents(target) == before)
        }
        #expect(OutputFileTests.entries(dir) == ["online.yaml", "report.xml"])
        #expect(await awaitedExitStatus { try await Self.run(["run", "--junit", dir, scenario]) } == .usage)
        #expect(await awaitedExitStatus { try await Self.run(["run", "--junit", "", scenario]) } == .usage)
        #expect(await awaitedExitStatus { try await Self.run(["run", "--junit", "/dev/null", "--force", scenario]) } == .usage)
        #expect(await awaitedExitStatus { try await Self.run(["run", "--junit", dir + "/no/report.xml", scenario]) } == .usage)
        #expect(OutputFileTests.entries(dir) == ["online.yaml", "report.xml"])
    }

    @Test func aJUnitReportIsWrittenOwnerOnlyAndReplacedOnlyWithForce() async throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try Self.passingScenario(in: dir)
        let report = dir + "/report.xml"
        try await Self.run(["run", "--quiet", "--junit", report, scenario])
        let first = try #require(OutputFileTests.contents(report))
        #expect(String(decoding: first, as: UTF8.self).contains("<testsuites"))
        #expect(OutputFileTests.mode(report) == 0o600)
        _ = try OutputFileTests.plant(report)
        chmod(report, 0o644)
        try await Self.run(["run", "--quiet", "--junit", report, "--force", scenario])
        #expect(String(decoding: try #require(OutputFileTests.contents(report)), as: UTF8.self).contains("<testsuites"))
        #expect(OutputFileTests.mode(report) == 0o600)
        #expect(OutputFileTests.entries(dir) == ["online.yaml", "report.xml"])
    }

    /// `hubsim tenant` alone once printed its help and exited 0.
    @Test func tenantWithoutASubcommandIsAUsageError() async throws {
        #expect(await awaitedExitStatus { try await Self.run(["tenant"]) } == .usage)
        // Asking for help is still a success.
        await #expect(throws: (any Error).self) { try await Self.run(["tenant", "--help"]) }
        do { try await Self.run(["tenant", "--help"]) } catch {
            #expect(Hubsim.exitCode(for: error) == .success)
        }
    }
}
