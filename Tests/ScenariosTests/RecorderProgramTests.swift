import AppBridge
import Configuration
import Foundation
import HubUI
import Platform
import SessionEngine
import Testing
@testable import Scenarios

/// `hubsim --record` with a developer's program (`--app`): the walk's program runs as the Hub
/// runs it, the recorder replays the walk once with the program run afresh and settled after
/// every step, and the file it writes names the program's command and replays with `hubsim run`.
@Suite struct RecorderProgramTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A walk on workspace-one with `app` (the Examples' Python apps) beside the catalogue's:
    /// cou1 checks out and opens it, checks in, cou2 checks out and opens it. The walk's own
    /// programs answer after every action, as the Hub's loop lets them.
    static func walk(_ app: String) throws -> HubModel {
        let program = try CommandLineApp.parse(app, directory: root)
        let tenant = try BundledAssets.tenant()
        let apps = try Fixtures.catalogue.select(DeviceProfile.named(.workspaceOne).defaultApps) + [program.definition(profile: .workspaceOne)]
        let device = SharedDevice(profile: DeviceProfile.named(.workspaceOne), tenant: tenant, apps: apps,
                                  dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        var model = HubModel(device: device)
        model.confirmsActions = false
        let bridge = AppBridge()
        model.performer = bridge
        let id = program.id
        let actions: [DeviceAction] = [
            .enroll(group: "FRONTLINE", user: "stage", password: Secret("stage")), .installProfileStep, .completeEnrollment,
            .checkOut(group: "FRONTLINE", user: "cou1", password: Secret("cou1"), passcode: nil), .launch(id),
            .logOut, .checkOut(group: "FRONTLINE", user: "cou2", password: Secret("cou2"), passcode: nil), .launch(id),
        ]
        for action in actions {
            model.apply(action)
            model.updateDevice { bridge.settle(&$0); return false }
        }
        model.updateDevice { bridge.shutdown(&$0); return false }
        return model
    }

    @Test func aWalkWithTheStoreAppRecordsItsCommandAndReplays() throws {
        let model = try Self.walk("store=python3 Examples/python/store_app.py")
        let recording = ScenarioRecorder.record(model, name: "store walk", hasher: Fixtures.hasher)
        let yaml = recording.yaml
        #expect(recording.warnings.isEmpty, "\(recording.warnings)")
        #expect(yaml.contains("\n  - id: store\n    name: store\n    sdk: workspace-one\n    exec: [python3, Examples/python/store_app.py]\n    cwd: "), "\(yaml)")
        // The replayed program answered every step: what it shows is captured.
        #expect(yaml.contains("{app: store, lifecycle: foreground, blocked: false, shows: cou2, items: 1, callbacks: ["), "\(yaml)")
        let result = try RecorderTests.replay(yaml)
        #expect(result.passed, "\(yaml)\n\(result)")
    }

    /// The leaky app's leak is recorded as the leak audit saw it in the replay, and the replay passes.
    @Test func theLeakyAppsLeakIsRecorded() throws {
        let model = try Self.walk("leaky=python3 Examples/python/leaky_app.py")
        let yaml = ScenarioRecorder.record(model, name: "leaky walk", hasher: Fixtures.hasher).yaml
        #expect(yaml.contains("  - expectLeak: {app: leaky, owner: cou1}"), "\(yaml)")
        #expect(try RecorderTests.replay(yaml).passed, "\(yaml)")
    }
}
