import ArgumentParser
import Configuration
import Platform
import Foundation
import SessionEngine
import Testing
@testable import HubsimCommands

/// What the device options mean: the profile validated, the app list split, the options mapped.
@Suite struct DeviceChoiceTests {
    @Test func everyOptionReachesTheChoice() throws {
        let options = try DeviceOptions.parse(["--profile", "entra-ios", "--tenant", "t.yaml", "--apps", "a,b",
                                               "--device", "till", "--state-dir", "/s", "--ephemeral", "--log-file", "l"])
        #expect(options.choice == DeviceChoice(profile: .entraIOS, tenant: "t.yaml", apps: "a,b", device: "till",
                                               stateDir: "/s", ephemeral: true, logFile: "l"))
    }

    /// The profile is typed: ArgumentParser refuses any other value before a command runs.
    @Test func theProfileIsOneOfTheProfiles() throws {
        #expect(try DeviceOptions.parse([]).choice.profile == nil)
        #expect(try DeviceOptions.parse(["--profile", "workspace-one"]).choice.profile == .workspaceOne)
        #expect(throws: (any Error).self) { try DeviceOptions.parse(["--profile", "android"]) }
    }

    @Test func theAppListIsSplitAndTrimmed() throws {
        let catalogue = try BundledAssets.catalogue()
        #expect(try DeviceChoice().appIDs(in: catalogue) == nil)
        #expect(try DeviceChoice(apps: " notes , scanner").appIDs(in: catalogue) == ["notes", "scanner"])
        #expect(try DeviceChoice(apps: "handbook").appIDs(in: catalogue) == ["handbook"])
    }

    /// `--apps` lists that were once accepted (Docs/reliability.md, consistent acceptance): each is refused in one line
    /// naming the option and the list, saying what is wrong and what to do.
    @Test(arguments: [
        ("", "--apps '': names no app; give app ids separated by commas, e.g. --apps notes,scanner; valid apps: "),
        (",,,", "--apps ',,,': names no app; give app ids separated by commas"),
        ("  ", "--apps '  ': names no app;"),
        ("notes,,scanner", "--apps 'notes,,scanner': has an empty app id (two commas in a row, or one at an end); separate app ids with single commas"),
        ("notes,", "--apps 'notes,': has an empty app id"),
        ("notes,notes", "--apps 'notes,notes': 'notes' is listed twice; list each app once"),
        ("notes, scanner ,notes", "--apps 'notes, scanner ,notes': 'notes' is listed twice"),
        ("notes,paint", "--apps 'notes,paint': unknown app 'paint'; valid apps: notes, scanner, inventory"),
        ("Notes", "--apps 'Notes': unknown app 'Notes'"),
        ("notes,\u{1B}[31m", "--apps 'notes,?[31m': unknown app '?[31m'"),
    ])
    func aBadAppListIsRefused(_ apps: String, _ message: String) throws {
        do {
            let ids = try DeviceChoice(apps: apps).appIDs(in: BundledAssets.catalogue())
            Issue.record("--apps '\(apps)' was accepted as \(String(describing: ids))")
        } catch let error as ValidationError {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(!error.message.contains("\n") && !error.message.contains("\u{1B}"))
        }
    }

    /// An enrolled device keeps the apps it was enrolled with: another `--apps` is refused
    /// (as another `--profile` is) rather than silently ignored; the same list is fine.
    @Test func anEnrolledDeviceRefusesAnotherAppList() throws {
        let dependencies = EngineDependencies.seeded(hasher: ScryptHasher(logN: 10))
        let enrolled = try SharedDevice.make(name: "till", profile: .workspaceOne, tenant: BundledAssets.tenant(),
                                             catalogue: BundledAssets.catalogue(), apps: ["notes", "forms"],
                                             dependencies: dependencies).snapshot
        func start(_ apps: String?) throws -> SharedDevice {
            try InteractiveLaunch(choice: DeviceChoice(apps: apps, device: "till"))
                .obtainInitialDevice(saved: .enrolled(enrolled), tenant: BundledAssets.tenant(), dependencies: dependencies)
        }
        #expect(try start(nil).snapshot.appSet.map(\.id) == ["notes", "forms"])
        #expect(try start("notes, forms").snapshot.appSet.map(\.id) == ["notes", "forms"])
        #expect(exitStatus { try start("notes,scanner") } == .usage)
        #expect(exitStatus { try start("forms,notes") } == .usage)
    }

    /// The interactive start refuses a bad list before it opens a store or the terminal.
    @Test func theLaunchRefusesABadAppListFirst() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-apps-\(UUID().uuidString)").path
        let launch = InteractiveLaunch(choice: DeviceChoice(apps: "notes,notes", stateDir: dir))
        #expect(exitStatus { try launch.run() } == .usage)
        #expect(!FileManager.default.fileExists(atPath: dir), "the state directory was created before the refusal")
    }

    @Test func theBundledTenantIsTheDefault() throws {
        let tenant = try DeviceChoice().loadTenant()
        #expect(tenant == (try BundledAssets.tenant()))
    }
}
