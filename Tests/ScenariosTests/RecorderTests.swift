import Configuration
import Foundation
import HubUI
import Platform
import SessionEngine
import Testing
@testable import Scenarios

@Suite struct RecorderTests {
    static let environment = [
        "HUBSIM_PASSWORD_STAGE": "stage", "HUBSIM_PASSWORD_COU1": "cou1", "HUBSIM_PASSWORD_COU2": "cou2",
        "HUBSIM_PASSCODE_COU1": "2468", "HUBSIM_PASSCODE_COU2": "8642",
    ]

    static func model(_ profile: ProfileID = .workspaceOne, strict: Bool = false) throws -> HubModel {
        let tenant = try strict ? BundledAssets.strictTenant() : BundledAssets.tenant()
        let device = try SharedDevice.make(profile: profile, tenant: tenant, catalogue: Fixtures.catalogue,
                                           dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        return HubModel(device: device)
    }

    /// Replays a recording with `hubsim run`'s runner; returns the result.
    static func replay(_ yaml: String, environment: [String: String] = RecorderTests.environment) throws -> ScenarioResult {
        try Fixtures.run(yaml, environment: environment)
    }

    @Test func aWalkThroughTheUIRecordsAndReplays() throws {
        var model = try Self.model()
        model.type("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        model.settle()
        model.type("FRONTLINE<Enter>cou1<Enter>hunter2<Enter>")       // refused: wrong password
        model.type("<C-u>cou1<Enter>")                                 // checked out
        model.type("<Tab><Enter>")                                     // focus notes, launch it
        model.type("<F9>")                                             // checkpoint 1
        model.type("<F6>")                                             // warp to the inactivity lock
        model.type("<Esc>cou1<Enter>")                                 // unlock with the password
        model.type("<Tick:0.4><Tick:0.4>")                             // wall time: merged clock ticks
        model.type("h<Esc><Enter><Enter><Enter>")                      // Hub, menu, Log Out, confirm
        model.type("FRONTLINE<Enter>cou2<Enter>cou2<Enter><Tab><Enter>")
        #expect(model.device.state == .checkedOut("cou2"))
        #expect(model.checkpoints.count == 1)

        let recording = ScenarioRecorder.record(model, name: "UI walk", hasher: Fixtures.hasher)
        let yaml = recording.yaml
        #expect(recording.warnings.isEmpty, "\(recording.warnings)")
        #expect(recording.variables == ["HUBSIM_PASSWORD_STAGE", "HUBSIM_PASSWORD_COU1", "HUBSIM_PASSWORD_COU2"])
        // No secret is written: not the wrong password, not the right ones.
        #expect(!yaml.contains("hunter2"))
        for plain in ["password: stage", "password: cou1", "password: cou2"] { #expect(!yaml.contains(plain)) }
        #expect(yaml.contains("- checkOut: {group: FRONTLINE, user: cou1, password: not-the-password}\n    refused: wrong-credentials"))
        #expect(yaml.contains("- unlock: {password: \"${HUBSIM_PASSWORD_COU1}\"}"))
        #expect(yaml.contains("# checkpoint 1"))
        #expect(yaml.contains("# end of the walk"))
        #expect(yaml.contains("callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange]"))

        let result = try Self.replay(yaml)
        #expect(result.passed, "\(yaml)\n\(result.failure.map { "\($0.expected) / \($0.actual)" } ?? "")")
        #expect(result.steps.count > 20)
    }

    @Test func aRecordingNamesTheVariablesItNeeds() throws {
        var model = try Self.model()
        model.type("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        model.settle()
        let yaml = ScenarioRecorder.yaml(for: model, hasher: Fixtures.hasher)
        #expect(yaml.contains("#   HUBSIM_PASSWORD_STAGE=…"))
        let error = Fixtures.parseError(yaml, environment: [:])
        #expect(error?.message.hasPrefix("environment variable HUBSIM_PASSWORD_STAGE is not set") == true)
        #expect(try Self.replay(yaml, environment: ["HUBSIM_PASSWORD_STAGE": "stage"]).passed)
    }

    @Test func passcodesAreReferencesAndRejectedOnesStayRejected() throws {
        var model = try Self.model(strict: true)
        model.type("WAREHOUSE<Enter>stage<Enter>stage<Enter>")
        model.settle()
        model.type("WAREHOUSE<Enter>cou1<Enter>cou1<Enter>")
        model.type("12<Enter>")                                   // too short
        model.type("<C-u>2468<Enter>")
        model.type("<F6>")
        model.type("1111<Enter>")                                 // wrong passcode
        model.type("<C-u>2468<Enter>")
        #expect(model.device.state == .checkedOut("cou1"))
        let recording = ScenarioRecorder.record(model, tenant: "strict", hasher: Fixtures.hasher)
        let yaml = recording.yaml
        #expect(!yaml.contains("2468") && !yaml.contains("1111") && !yaml.contains("\"12\""))
        #expect(yaml.contains("tenant: strict"))
        #expect(yaml.contains("passcode: \"${HUBSIM_PASSCODE_COU1}\""))
        #expect(yaml.contains("refused: passcode-too-short"))
        #expect(yaml.contains("- unlock: {passcode: x}\n    refused: wrong-passcode"))
        let result = try Self.replay(yaml)
        #expect(result.passed, "\(yaml)\n\(result.failure.map { "\($0.expected) / \($0.actual)" } ?? "")")
    }

    @Test func anEntraWalkWithALeakRecordsTheLeak() throws {
        var model = try Self.model(.entraIOS)
        model.type("stage<Enter>stage<Enter>")
        model.settle()
        model.type("cou1<Enter>cou1<Enter>")                     // global sign-in from the broker
        // tasks is the third pane: launch it, back to the broker, sign out, sign cou2 in.
        model.type("<Tab><Tab><Tab><Enter>h<Esc><Enter>")
        model.type("cou2<Enter>cou2<Enter>")
        model.type("<Tab><Tab><Tab><Enter>")                     // tasks again: it still shows cou1's tasks
        #expect(model.device.findings.contains { $0.app == "tasks" && $0.severity == .visibleLeak })
        let yaml = ScenarioRecorder.yaml(for: model, hasher: Fixtures.hasher)
        #expect(yaml.contains("- expectLeak: {app: tasks, owner: cou1}"))
        #expect(yaml.contains("- expectApp: {app: tasks, lifecycle: foreground, blocked: false, shows: cou1, items: 2, notifications: []}"))
        #expect(yaml.contains("- signIn: {user: cou2, password: \"${HUBSIM_PASSWORD_COU2}\"}"))
        let result = try Self.replay(yaml)
        #expect(result.passed, "\(yaml)\n\(result.failure.map { "\($0.expected) / \($0.actual)" } ?? "")")
    }

    @Test func aWalkFromASavedDeviceIsFlagged() throws {
        // A device enrolled before the model saw it, as one restored from the store.
        var device = try Self.model().device
        device.apply(.enroll(group: "FRONTLINE", user: "stage", password: "stage"))
        device.apply(.completeEnrollment)
        var model = HubModel(device: device)
        model.type("FRONTLINE<Enter>cou1<Enter>cou1<Enter>")
        let recording = ScenarioRecorder.record(model, hasher: Fixtures.hasher)
        #expect(recording.warnings.count == 1)
        #expect(recording.yaml.contains("# WARNING: the walk started from a saved device"))
    }
}

extension HubModel {
    /// Types keys written as in a `press:` step.
    mutating func type(_ keys: String) {
        for event in try! KeySequence.parse(keys) { _ = handle(event) }
    }
}
