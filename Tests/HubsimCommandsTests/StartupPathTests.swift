import ArgumentParser
import Testing
@testable import HubsimCommands

/// The everyday start skips ArgumentParser (`StartupPath`): for every documented command line
/// of the interactive simulator it must choose exactly what the parser chooses.
@Suite struct StartupPathTests {
    /// Every interactive command line the README and `hubsim --help` show, and their mixes.
    static let documentedLines: [[String]] = [
        [], ["--ephemeral"], ["interactive"], ["interactive", "--ephemeral"],
        ["--profile", "workspace-one"], ["--profile", "entra-ios"], ["--ephemeral", "--profile", "entra-ios"],
        ["--tenant", "my-tenant.yaml"], ["--apps", "notes, scanner"], ["--device", "till-2"],
        ["--state-dir", "/tmp/hubsim-state"], ["--log-file", "hubsim.log"], ["--record", "walk.yaml"],
        ["--ephemeral", "--record", "walk.yaml"], ["--device", "till-2", "--state-dir", "/tmp/s", "--profile", "entra-ios"],
    ]

    /// The launch ArgumentParser builds for `arguments`, as `Hubsim.runCommandLine` would run it.
    static func parsedLaunch(_ arguments: [String]) throws -> InteractiveLaunch {
        let command = try Hubsim.parseAsRoot(arguments)
        return try #require(command as? InteractiveCommand, "\(arguments) is not the interactive command").launch
    }

    @Test(arguments: documentedLines)
    func theFastPathGivesWhatTheParserGives(_ arguments: [String]) throws {
        let parsed = try Self.parsedLaunch(arguments)
        if let fast = InteractiveLaunch(everydayArguments: arguments) {
            #expect(fast == parsed, "\(arguments)")
        } else {
            // Not an everyday line: the parser alone decides, and it did not take the defaults' shortcut.
            #expect(!StartupPath.everydayChoices.contains { $0.arguments == arguments })
        }
    }

    @Test func theReadmesEverydayLinesTakeTheFastPath() throws {
        #expect(InteractiveLaunch(everydayArguments: []) == InteractiveLaunch(choice: DeviceChoice()))
        #expect(InteractiveLaunch(everydayArguments: ["--ephemeral"])?.choice.ephemeral == true)
        for everyday in StartupPath.everydayChoices {
            #expect(Self.documentedLines.contains(everyday.arguments), "\(everyday.arguments) is not documented")
            #expect(try Self.parsedLaunch(everyday.arguments) == InteractiveLaunch(choice: everyday.choice))
        }
    }

    @Test(arguments: [["--help"], ["-h"], ["--ephemeral", "--ephemeral"], ["run"], ["--version"], ["--ephemeral="]])
    func anythingElseGoesToTheParser(_ arguments: [String]) {
        #expect(InteractiveLaunch(everydayArguments: arguments) == nil)
    }

    @Test func theParsedDefaultsAreDeviceChoicesDefaults() throws {
        let options = try DeviceOptions.parse([])
        #expect(options.choice == DeviceChoice())
        #expect(DeviceChoice().device == "shared-device-1" && !DeviceChoice().ephemeral)
    }
}
