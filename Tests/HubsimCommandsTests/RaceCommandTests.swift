import ArgumentParser
import Configuration
import Testing
@testable import HubsimCommands

/// `hubsim race` and `hubsim compare --race`: the arguments a person can get wrong are refused
/// with one line and status 2 before anything plays; a shipped preset is found by its name.
@Suite struct RaceCommandTests {
    @Test func aShippedPresetIsFoundByNameAndAnUnknownOneIsNamedWithTheValidOnes() throws {
        let shipped = try RaceCommand.locate("silent-token-during-sign-out")
        #expect(shipped.path == nil, "inside hubsim, not a file beside it")
        #expect(shipped.shownPath == "Assets/races/silent-token-during-sign-out.yaml")
        #expect(try RaceCommand.locate("mine.yaml") == .file(path: "mine.yaml", shownAs: "mine.yaml"))
        do {
            _ = try RaceCommand.locate("no-such-race")
            Issue.record("an unknown preset was found")
        } catch let error as CommandError {
            #expect(error.status == .usage)
            #expect(error.printed.hasPrefix("hubsim: race preset 'no-such-race' is not shipped; valid: "))
            #expect(error.printed.contains("current-and-previous-both-nil"))
        }
    }

    @Test func misusedOptionsAreUsageErrors() async throws {
        for arguments in [["--all"], ["--headless"], ["--headless", "--all", "silent-token-during-sign-out"], ["--headless", "no-such-race"]] {
            var command = try #require(try Hubsim.parseAsRoot(["race"] + arguments) as? RaceCommand)
            #expect(await awaitedExitStatus { try await command.run() } == .usage, "race \(arguments)")
        }
    }

    @Test func theHeadlessRaceRunsAsItsScenarioAndPasses() async throws {
        var command = try #require(try Hubsim.parseAsRoot(["race", "--headless", "current-and-previous-both-nil"]) as? RaceCommand)
        #expect(await awaitedExitStatus { try await command.run() } == nil)
    }

    @Test func compareTakesTheRaceAndItsTwoProfiles() throws {
        for arguments in [["--race", "silent-token-during-sign-out", "workspace-one"],
                          ["--race", "silent-token-during-sign-out", "workspace-one", "entra-ios", "--profiles", "workspace-one,entra-ios"],
                          ["--race", "no-such-race", "--table"],
                          ["--race", "silent-token-during-sign-out", "--library"]] {
            var command = try #require(try Hubsim.parseAsRoot(["compare"] + arguments) as? CompareCommand)
            #expect(exitStatus { try command.run() } == .usage, "compare \(arguments)")
        }
        var command = try #require(try Hubsim.parseAsRoot(["compare", "--race", "silent-token-during-sign-out", "workspace-one", "entra-ios", "--table"]) as? CompareCommand)
        #expect(exitStatus { try command.run() } == nil)
        // Up to four profiles after the race.
        var four = try #require(try Hubsim.parseAsRoot(["compare", "--race", "silent-token-during-sign-out", "workspace-one", "entra-ios",
                                                         "entra-android", "android-mhs", "--table"]) as? CompareCommand)
        #expect(exitStatus { try four.run() } == nil)
    }
}
