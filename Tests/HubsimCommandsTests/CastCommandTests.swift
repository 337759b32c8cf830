import ArgumentParser
import Foundation
import Testing
@testable import HubsimCommands

/// `--cast` and `hubsim compare` refuse a wrong call before anything runs or is written:
/// one line, exit status 2, whatever was at the path left byte-identical.
@Suite("Recordings and side by side: command-line refusals")
struct CastCommandTests {
    static func run(_ arguments: [String]) async throws { try await CommandRefusalTests.run(arguments) }

    @Test func aCastOverAnExistingFileIsRefusedUnlessForced() async throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try CommandRefusalTests.passingScenario(in: dir)
        let file = dir + "/walk.cast"
        let before = try OutputFileTests.plant(file)
        #expect(await awaitedExitStatus { try await Self.run(["run", scenario, "--cast", file]) } == .usage)
        #expect(OutputFileTests.contents(file) == before)
        // The interactive command claims it before the terminal is looked at.
        let launch = try #require(try Hubsim.parseAsRoot(["--ephemeral", "--cast", file]) as? InteractiveCommand).launch
        #expect(exitStatus { try launch.run() } == .usage)
        #expect(OutputFileTests.contents(file) == before)
        // --force replaces it, owner-only.
        try await Self.run(["run", scenario, "--cast", file, "--force", "--pace", "0.25", "--size", "100x30"])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("{\"version\": 2, \"width\": 100, \"height\": 30, \"timestamp\": "))
        #expect(text.split(separator: "\n").last?.hasPrefix("[0.500, \"o\", ") == true)
        var st = stat()
        #expect(stat(file, &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    @Test func castOptionsAreCheckedBeforeTheRun() async throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try CommandRefusalTests.passingScenario(in: dir)
        let file = dir + "/walk.cast"
        for arguments in [["run", scenario, scenario, "--cast", file], ["run", "--library", "--cast", file],
                          ["run", scenario, "--cast", file, "--pace", "0"], ["run", scenario, "--cast", file, "--pace", "nan"],
                          ["run", scenario, "--cast", file, "--size", "79x24"], ["run", scenario, "--cast", file, "--size", "80"],
                          ["run", scenario, "--pace", "1"], ["run", scenario, "--size", "80x24"],
                          ["run", scenario, "--cast", dir], ["run", scenario, "--cast", file, "--junit", file]] {
            #expect(await awaitedExitStatus { try await Self.run(arguments) } == .usage, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: file), "\(arguments)")
        }
        let launch = try #require(try Hubsim.parseAsRoot(["--ephemeral", "--cast", file, "--record", file]) as? InteractiveCommand).launch
        #expect(exitStatus { try launch.run() } == .usage)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func compareRefusesAWrongCall() async throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try CommandRefusalTests.passingScenario(in: dir)
        // Keys typed into the Hub's screens have no counterpart on any other profile.
        let press = dir + "/press.yaml"
        try Data("profile: workspace-one\nsteps:\n  - press: \"FRONTLINE<Enter>\"\n".utf8).write(to: URL(fileURLWithPath: press))
        for arguments in [["compare"], ["compare", scenario, scenario], ["compare", scenario, "--profiles", "workspace-one"],
                          ["compare", scenario, "--profiles", "workspace-one,android"],
                          ["compare", scenario, "--profiles", "entra-ios,entra-ios"], ["compare", scenario, "--bogus"],
                          ["compare", dir + "/missing.yaml"], ["compare", press, "--table"], ["compare", scenario, "--apps", "notes,,x"],
                          // Profiles after the file: two to four, each once, and not beside --profiles.
                          ["compare", scenario, "entra-ios"], ["compare", scenario, "entra-ios", "entra-windows", "--table"],
                          ["compare", scenario, "workspace-one", "entra-ios", "entra-android", "android-mhs", "workspace-one"],
                          ["compare", scenario, "entra-ios", "entra-android", "entra-ios"],
                          ["compare", scenario, "entra-ios", "entra-android", "--profiles", "entra-ios,entra-android"]] {
            #expect(await awaitedExitStatus { try await Self.run(arguments) } == .usage, "\(arguments)")
        }
        try await Self.run(["compare", scenario, "--table", "--profiles", "entra-ios,workspace-one", "--apps", "notes,chat"])
        try await Self.run(["compare", scenario, "entra-ios", "entra-android", "android-mhs", "--table"])
        try await Self.run(["compare", scenario, "--table", "--profiles", "workspace-one,entra-ios,entra-android,android-mhs"])
    }

    /// The refusals name what to write instead, in one line.
    @Test func compareSaysHowManyProfilesItTakes() throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try CommandRefusalTests.passingScenario(in: dir)
        func message(_ arguments: [String]) throws -> String? {
            var command = try #require(try Hubsim.parseAsRoot(arguments) as? CompareCommand)
            do { try command.run() } catch let error as CommandError { return error.message } catch { return "\(error)" }
            return nil
        }
        let known = "workspace-one, entra-ios, entra-android, android-mhs"
        #expect(try message(["compare", scenario, "entra-ios", "--table"])
                == "hubsim: compare \(scenario): give two to four profiles (\(known)), not 1: 'entra-ios'")
        #expect(try message(["compare", scenario, "--profiles", "entra-ios,android", "--table"])
                == "hubsim: compare \(scenario): unknown profile 'android' (known: \(known))")
        #expect(try message(["compare", scenario, "entra-ios", "android-mhs", "entra-ios", "--table"])
                == "hubsim: compare \(scenario): profile entra-ios is named twice; name each profile once")
    }
}
