import ArgumentParser
import Configuration
import Foundation
import FuzzSupport
import Platform
import SessionEngine
import Testing
@testable import HubsimCommands

/// `--app NAME[:SDK]=COMMAND`: a developer's program as an app of the interactive device and
/// of every scenario of `hubsim run`.
@Suite(.offThePool) struct AppOptionTests {
    /// The one line `arguments` are refused with, as a usage error (exit 2).
    static func usageLine(_ arguments: [String]) async throws -> String {
        do {
            try await Hubsim.run(try Hubsim.parseAsRoot(arguments))
            Issue.record("\(arguments) was accepted")
            return ""
        } catch {
            let failure = try #require(Hubsim.failure(for: error))
            #expect(failure.status == .usage, "\(arguments)")
            #expect(!failure.message.contains("\n"), "\(failure.message)")
            return failure.message
        }
    }

    @Test func theInteractiveCommandTakesEveryAppInOrder() throws {
        let command = try #require(try Hubsim.parseAsRoot(["--ephemeral", "--app", "myapp=python3 myapp.py", "--app", "till:msal=./till"])
                                   as? InteractiveCommand)
        let added = command.launch.addedApps
        #expect(added.map(\.id) == ["myapp", "till"])
        #expect(added[0].command.exec == ["python3", "myapp.py"] && added[0].sdk == nil)
        #expect(added[1].sdk == "msal")
        #expect(added[1].command.exec == [FileManager.default.currentDirectoryPath + "/till"])
        #expect(added[0].command.workingDirectory == URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path)
    }

    @Test func aBadAppIsOneLineOfUsage() async throws {
        for arguments in [["--app", "myapp"], ["run", "x.yaml", "--app", "my app=x"], ["--app", "x:intune=y"]] {
            let message = try await Self.usageLine(arguments)
            #expect(message.hasPrefix("hubsim: --app '"), "\(message)")
        }
    }

    /// A new device gets the program after the catalogue's apps; a device enrolled with it takes
    /// the command given now; one enrolled without it is refused with what to do.
    @Test func theProgramJoinsANewDeviceAndAnEnrolledOneMustHaveIt() throws {
        let dependencies = EngineDependencies.seeded(hasher: ScryptHasher(logN: 10))
        let tenant = try BundledAssets.tenant()
        var launch = InteractiveLaunch(choice: DeviceChoice(apps: "notes", device: "till"))
        launch.addedApps = [try CommandLineApp.parse("orders=python3 orders.py", directory: "/apps")]
        let fresh = try launch.obtainInitialDevice(saved: .none, tenant: tenant, dependencies: dependencies)
        #expect(fresh.snapshot.appSet.map(\.id) == ["notes", "orders"])
        #expect(fresh.snapshot.appSet[1].sdk == .workspaceOne(.none) && fresh.snapshot.appSet[1].isExternal)

        var enrolled = fresh.snapshot
        enrolled.appSet[1].external?.exec = ["python3", "old.py"]
        let resumed = try launch.obtainInitialDevice(saved: .enrolled(enrolled), tenant: tenant, dependencies: dependencies)
        #expect(resumed.snapshot.appSet[1].external?.exec == ["python3", "orders.py"])

        let without = try SharedDevice.make(name: "till", profile: .workspaceOne, tenant: tenant, catalogue: BundledAssets.catalogue(),
                                            apps: ["notes"], dependencies: dependencies).snapshot
        #expect(exitStatus { try launch.obtainInitialDevice(saved: .enrolled(without), tenant: tenant, dependencies: dependencies) } == .usage)
        do {
            _ = try launch.obtainInitialDevice(saved: .enrolled(without), tenant: tenant, dependencies: dependencies)
        } catch let error as CommandError {
            #expect(error.message.contains("was enrolled without 'orders'") && error.message.contains("hubsim reset --device till"), "\(error.message)")
        }
    }
}

/// `hubsim check-app`'s default name is the program's file, not its last argument.
@Suite(.offThePool) struct CheckAppDefaultNameTests {
    @Test func theNameIsTheScriptsFileWhateverArgumentsFollowIt() {
        #expect(CheckAppCommand.defaultName(["python3", "Examples/python/store_app.py", "--protection", "plain"]) == "store_app")
        #expect(CheckAppCommand.defaultName(["python3", "-u", "my_app.py"]) == "my_app")
        #expect(CheckAppCommand.defaultName(["java", "Examples/java/StoreApp.java"]) == "StoreApp")
        #expect(CheckAppCommand.defaultName(["./build/StoreApp"]) == "StoreApp")
        #expect(CheckAppCommand.defaultName(["./build/StoreApp", "--verbose"]) == "StoreApp")
    }
}
