import Configuration
import SessionEngine
import Testing

/// An app entry that starts a developer's program (Docs/bridge-protocol.md): `exec`, `cwd`,
/// `env`, `timeout`, read the same in the catalogue and a scenario, every problem at its place.
@Suite struct AppEntryTests {
    @Test func aProgramEntryBecomesTheDefinitionsCommand() throws {
        let yaml = """
            apps:
              - id: myapp
                name: My app
                sdk: msal
                backgroundCapability: true
                exec: [python3, myapp.py, --verbose]
                cwd: ../apps
                env: {ZED: "1", ALPHA: two}
                timeout: 1500ms
              - id: local
                sdk: none
                exec: [./run.sh]
                timeout: 3s
            """
        let catalogue = try AppCatalogue.load(yaml: yaml, file: "/srv/files/apps.yaml")
        let app = try #require(catalogue.app("myapp"))
        #expect(app.name == "My app")
        #expect(app.msal == MSALTraits(backgroundCapability: true, listensForNotification: true, checksAccountOnForeground: true))
        #expect(app.external == ExternalProgram(
            exec: ["python3", "myapp.py", "--verbose"], workingDirectory: "/srv/apps",
            environment: [EnvironmentVariable(name: "ZED", value: "1"), EnvironmentVariable(name: "ALPHA", value: "two")],
            timeoutMilliseconds: 1500))
        // Without `cwd` the program runs in the file's folder; a relative program path is resolved there.
        let local = try #require(catalogue.app("local")?.external)
        #expect(local.workingDirectory == "/srv/files")
        #expect(local.exec == ["/srv/files/run.sh"])
        #expect(local.timeout == 3000)
    }

    @Test func theBundledCatalogueHasNoProgram() throws {
        #expect(try BundledAssets.catalogue().apps.allSatisfy { !$0.isExternal })
    }

    @Test(arguments: [
        ("  - {id: x, sdk: none, exec: python3 x.py}\n", 2, 30, "exec must be a list, the program and its arguments (no shell reads it): write exec: [python3, x.py]"),
        ("  - {id: x, sdk: none, exec: []}\n", 2, 30, "exec must name a program"),
        ("  - {id: x, sdk: none, exec: [\"\", a]}\n", 2, 31, "exec's first entry is the program to run"),
        ("  - {id: x, sdk: none, exec: [a], timeout: 2}\n", 2, 44, "timeout must be a duration with its unit, such as 2s or 500ms"),
        ("  - {id: x, sdk: none, exec: [a], timeout: 5ms}\n", 2, 44, "timeout must be between 10ms and 600s"),
        ("  - {id: x, sdk: none, exec: [a], env: {1X: y}}\n", 2, 41, "env: '1X' is not a variable name"),
        ("  - {id: x, sdk: none, exec: [a], env: [X]}\n", 2, 40, "env must be a mapping"),
        ("  - {id: x, sdk: none, exec: [a], cwd: \"\"}\n", 2, 40, "cwd must not be empty"),
        ("  - {id: x, sdk: none, cwd: here}\n", 2, 29, "'cwd' belongs to a program: add 'exec: [program, argument, …]'"),
        ("  - {id: x, sdk: workspace-one, exec: [a], userItems: [\"{user}'s\"]}\n", 2, 55, "'userItems' is for the simulator's own apps"),
        ("  - {id: x, exec: [a]}\n", 2, 5, "an app needs 'sdk'"),
        ("  - {id: x, sdk: none, exec: [a], shell: true}\n", 2, 35, "unknown key 'shell' in an app"),
    ])
    func mistakesNameTheirPosition(entry: String, line: Int, column: Int, message: String) {
        do {
            _ = try AppCatalogue.load(yaml: "apps:\n" + entry, file: "apps.yaml")
            Issue.record("no error for \(entry)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
        }
    }

    @Test func aCommandLineAppIsSplitOnSpacesAndGetsTheProfilesSDK() throws {
        let app = try CommandLineApp.parse("myapp=python3  myapp.py --fast", directory: "/home/dev/app")
        #expect(app.id == "myapp" && app.sdk == nil)
        #expect(app.command == ExternalProgram(exec: ["python3", "myapp.py", "--fast"], workingDirectory: "/home/dev/app"))
        #expect(app.definition(profile: .workspaceOne).sdk == .workspaceOne(.none))
        #expect(app.definition(profile: .entraIOS).msal != nil)
        #expect(app.definition(profile: .workspaceOne).isExternal)
        let typed = try CommandLineApp.parse("till:none=bin/till", directory: "/home/dev")
        #expect(typed.sdk == "none" && typed.command.exec == ["/home/dev/bin/till"])
        #expect(typed.definition(profile: .entraIOS).sdk == AppSDK.none)
    }

    @Test(arguments: [
        ("myapp", "give NAME=COMMAND"),
        ("=python3 x.py", "the name '' must be 1 to 32 letters"),
        ("my app=python3", "the name 'my app' must be"),
        ("myapp:intune=x", "unknown SDK 'intune'; valid: workspace-one, msal, none"),
        ("myapp=   ", "the command is empty"),
    ])
    func aCommandLineAppThatCannotBeUsedSaysWhy(value: String, message: String) {
        do {
            _ = try CommandLineApp.parse(value)
            Issue.record("no error for \(value)")
        } catch {
            #expect(error.message.hasPrefix("--app '"), "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func aCommandLineAppPlaysTheAppOfItsNameOrComesLast() throws {
        let catalogue = try BundledAssets.catalogue()
        let apps = try catalogue.select(["notes", "scanner"])
        let added = [try CommandLineApp.parse("scanner=./scan", directory: "/d"), try CommandLineApp.parse("myapp=python3 a.py", directory: "/d")]
        let merged = CommandLineApp.merge(added, into: apps, profile: .workspaceOne)
        #expect(merged.map(\.id) == ["notes", "scanner", "myapp"])
        #expect(merged[1].name == apps[1].name && merged[1].sdk == apps[1].sdk)
        #expect(merged[1].external?.exec == ["/d/scan"] && merged[1].userItems.isEmpty)
        #expect(!merged[0].isExternal)
    }
}
