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

    static func model(_ profile: ProfileID = .workspaceOne, strict: Bool = false, hasher: any CredentialHasher = Fixtures.hasher) throws -> RecordedWalk {
        let tenant = try strict ? BundledAssets.strictTenant() : BundledAssets.tenant()
        let device = try SharedDevice.make(profile: profile, tenant: tenant, catalogue: Fixtures.catalogue,
                                           dependencies: EngineDependencies.seeded(hasher: hasher))
        return RecordedWalk(HubModel(device: device), hasher: hasher)
    }

    /// Replays a recording with `hubsim run`'s runner; returns the result.
    static func replay(_ yaml: String, environment: [String: String] = RecorderTests.environment) throws -> ScenarioResult {
        try Fixtures.run(yaml, environment: environment)
    }

    /// `h` opens the Hub under workspace-one and the broker under entra-ios: the step is named
    /// after what it opened, and the recording replays.
    @Test(arguments: [(ProfileID.workspaceOne, "- openHub"), (.entraIOS, "- openBroker")])
    func hRecordsWhatItOpenedInThisProfile(profile: ProfileID, step: String) throws {
        var model = try Self.model(profile)
        model.type(profile == .workspaceOne ? "FRONTLINE<Enter>stage<Enter>stage<Enter>" : "stage<Enter>stage<Enter>")
        model.settle()
        model.type(profile == .workspaceOne ? "FRONTLINE<Enter>cou1<Enter>cou1<Enter>" : "cou1<Enter>cou1<Enter>")
        model.type("<Tab><Enter>h")
        let yaml = model.recording(name: "h").yaml
        #expect(yaml.contains("\n  \(step)\n"), "\(yaml)")
        #expect(!yaml.contains(profile == .workspaceOne ? "openBroker" : "openHub"))
        let result = try Self.replay(yaml)
        #expect(result.passed, "\(yaml)")
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

        let recording = model.recording(name: "UI walk")
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
        let yaml = model.recording().yaml
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
        let recording = model.recording(tenant: "strict")
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
        // tasks is the third pane: launch it, back to the broker, sign out (and confirm), sign cou2 in.
        model.type("<Tab><Tab><Tab><Enter>h<Esc><Enter><Enter>")
        model.type("cou2<Enter>cou2<Enter>")
        model.type("<Tab><Tab><Tab><Enter>")                     // tasks again: it still shows cou1's tasks
        #expect(model.device.findings.contains { $0.app == "tasks" && $0.severity == .visibleLeak })
        let yaml = model.recording().yaml
        #expect(yaml.contains("- expectLeak: {app: tasks, owner: cou1}"))
        #expect(yaml.contains("- expectApp: {app: tasks, lifecycle: foreground, blocked: false, shows: cou1, items: 2, notifications: []}"))
        #expect(yaml.contains("- signIn: {user: cou2, password: \"${HUBSIM_PASSWORD_COU2}\"}"))
        let result = try Self.replay(yaml)
        #expect(result.passed, "\(yaml)\n\(result.failure.map { "\($0.expected) / \($0.actual)" } ?? "")")
    }

    @Test func aWalkFromASavedDeviceIsFlagged() throws {
        // A device enrolled before the model saw it, as one restored from the store.
        var device = try Self.model().device
        _ = device.apply(.enroll(group: "FRONTLINE", user: "stage", password: "stage"))
        _ = device.apply(.completeEnrollment)
        var model = RecordedWalk(HubModel(device: device), hasher: Fixtures.hasher)
        model.type("FRONTLINE<Enter>cou1<Enter>cou1<Enter>")
        let recording = model.recording()
        #expect(recording.warnings.count == 1)
        #expect(recording.yaml.contains("# WARNING: the walk started from a saved device"))
    }

    /// Saving a recording replays only what the walk added since the recorder last saw it:
    /// no credential is checked again and at most the last step is replayed.
    @Test func savingDoesNotReplayTheWalk() throws {
        let hasher = CountingHasher(Fixtures.hasher)
        var walk = try Self.model(hasher: hasher)
        walk.type("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        walk.settle()
        walk.type("FRONTLINE<Enter>cou1<Enter>cou1<Enter><Tab><Enter><F9><Tab><Enter>")
        let checks = hasher.calls
        #expect(checks > 0)
        let replayedBefore = walk.recorder.replayedEntries
        #expect(replayedBefore == walk.model.actionLog.count - 1, "every step but the last is replayed as it happens")
        let recording = walk.recorder.recording(of: walk.model)
        #expect(hasher.calls == checks, "saving checked a credential again")
        #expect(walk.recorder.finished(walk.model).replayedEntries == replayedBefore + 1)
        #expect(recording.yaml == ScenarioRecorder.record(walk.model, hasher: Fixtures.hasher).yaml)
        // Saving twice gives the same file and leaves the recorder where it was.
        #expect(walk.recorder.recording(of: walk.model).yaml == recording.yaml)
        #expect(walk.recorder.replayedEntries == replayedBefore)
    }
}

/// A walk through the UI with a recorder fed after every event, as `hubsim --record` does.
/// `recording` checks that what it saves is exactly what a replay from scratch writes.
struct RecordedWalk {
    var model: HubModel
    var recorder: ScenarioRecorder
    let hasher: any CredentialHasher

    init(_ model: HubModel, hasher: any CredentialHasher) {
        self.model = model
        self.hasher = hasher
        recorder = ScenarioRecorder(model: model, hasher: hasher)
    }

    var device: SharedDevice { model.device }
    var checkpoints: [Int] { model.checkpoints }

    /// Types keys written as in a `press:` step, feeding the recorder after each.
    mutating func type(_ keys: String) {
        for event in try! KeySequence.parse(keys) {
            _ = model.handle(event)
            recorder.append(model)
        }
    }

    mutating func settle() {
        model.settle()
        recorder.append(model)
    }

    func recording(name: String = "Recorded walk", tenant: String? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation) -> ScenarioRecorder.Recording {
        let incremental = recorder.recording(of: model, name: name, tenant: tenant)
        let fromScratch = ScenarioRecorder.record(model, name: name, tenant: tenant, hasher: hasher)
        #expect(incremental.yaml == fromScratch.yaml, sourceLocation: sourceLocation)
        #expect(incremental.variables == fromScratch.variables && incremental.warnings == fromScratch.warnings,
                sourceLocation: sourceLocation)
        return incremental
    }
}

/// Counts the credential checks and hashes it passes on.
final class CountingHasher: CredentialHasher, @unchecked Sendable {
    private let inner: any CredentialHasher
    private let lock = NSLock()
    private var count = 0

    init(_ inner: any CredentialHasher) { self.inner = inner }

    var calls: Int { lock.withLock { count } }

    func hash(_ secret: Secret) -> PasswordHash {
        lock.withLock { count += 1 }
        return inner.hash(secret)
    }

    func verify(_ secret: Secret, against hash: PasswordHash) -> Bool {
        lock.withLock { count += 1 }
        return inner.verify(secret, against: hash)
    }
}

extension HubModel {
    /// Types keys written as in a `press:` step.
    mutating func type(_ keys: String) {
        for event in try! KeySequence.parse(keys) { _ = handle(event) }
    }
}
