import ArgumentParser
import Foundation
import Testing
@testable import HubsimCommands

/// `--cast` and `hubsim compare` refuse a wrong call before anything runs or is written:
/// one line, exit status 2, whatever was at the path left byte-identical.
@Suite("Recordings and side by side: command-line refusals")
struct CastCommandTests {
    static func run(_ arguments: [String]) throws { try CommandRefusalTests.run(arguments) }

    @Test func aCastOverAnExistingFileIsRefusedUnlessForced() throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try CommandRefusalTests.passingScenario(in: dir)
        let file = dir + "/walk.cast"
        let before = try OutputFileTests.plant(file)
        #expect(exitStatus { try Self.run(["run", scenario, "--cast", file]) } == .usage)
        #expect(OutputFileTests.contents(file) == before)
        // The interactive command claims it before the terminal is looked at.
        let launch = try #require(try Hubsim.parseAsRoot(["--ephemeral", "--cast", file]) as? InteractiveCommand).launch
        #expect(exitStatus { try launch.run() } == .usage)
        #expect(OutputFileTests.contents(file) == before)
        // --force replaces it, owner-only.
        try Self.run(["run", scenario, "--cast", file, "--force", "--pace", "0.25", "--size", "100x30"])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("{\"version\": 2, \"width\": 100, \"height\": 30, \"timestamp\": "))
        #expect(text.split(separator: "\n").last?.hasPrefix("[0.500, \"o\", ") == true)
        var st = stat()
        #expect(stat(file, &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    @Test func castOptionsAreCheckedBeforeTheRun() throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try CommandRefusalTests.passingScenario(in: dir)
        let file = dir + "/walk.cast"
        for arguments in [["run", scenario, scenario, "--cast", file], ["run", "--library", "--cast", file],
                          ["run", scenario, "--cast", file, "--pace", "0"], ["run", scenario, "--cast", file, "--pace", "nan"],
                          ["run", scenario, "--cast", file, "--size", "79x24"], ["run", scenario, "--cast", file, "--size", "80"],
                          ["run", scenario, "--pace", "1"], ["run", scenario, "--size", "80x24"],
                          ["run", scenario, "--cast", dir], ["run", scenario, "--cast", file, "--junit", file]] {
            #expect(exitStatus { try Self.run(arguments) } == .usage, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: file), "\(arguments)")
        }
        let launch = try #require(try Hubsim.parseAsRoot(["--ephemeral", "--cast", file, "--record", file]) as? InteractiveCommand).launch
        #expect(exitStatus { try launch.run() } == .usage)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func compareRefusesAWrongCall() throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try CommandRefusalTests.passingScenario(in: dir)
        let wipe = dir + "/wipe.yaml"
        try Data("profile: workspace-one\nsteps:\n  - enroll: {group: FRONTLINE, user: stage, password: stage}\n  - enterpriseWipe\n".utf8)
            .write(to: URL(fileURLWithPath: wipe))
        for arguments in [["compare"], ["compare", scenario, scenario], ["compare", scenario, "--profiles", "workspace-one"],
                          ["compare", scenario, "--profiles", "workspace-one,entra-android"],
                          ["compare", scenario, "--profiles", "entra-ios,entra-ios"], ["compare", scenario, "--bogus"],
                          ["compare", dir + "/missing.yaml"], ["compare", wipe, "--table"], ["compare", scenario, "--apps", "notes,,x"]] {
            #expect(exitStatus { try Self.run(arguments) } == .usage, "\(arguments)")
        }
        try Self.run(["compare", scenario, "--table", "--profiles", "entra-ios,workspace-one", "--apps", "notes,chat"])
    }
}
