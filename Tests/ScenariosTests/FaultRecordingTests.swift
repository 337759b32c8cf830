import Configuration
import Foundation
import HubUI
import Platform
import SessionEngine
import Testing
@testable import Scenarios

/// Faults are replayable (Docs/faults.md): a walk recorded with faults armed writes them as
/// `fault:` steps with the device's seed, and its replay reaches the same outcome (the same
/// findings, the same fault effects); reports name the faults a scenario armed.
@Suite struct FaultRecordingTests {
    /// A workspace-one walk through the UI: cou1 checks out and opens Notes and Scanner, faults
    /// are armed on Notes through the model's action path and on Scanner from its faults menu
    /// (keys), cou1 checks in, cou2 checks out and opens Notes again.
    static func walkWithFaults(seed: UInt64? = nil) throws -> RecordedWalk {
        var walk = try RecorderTests.model()
        if let seed {
            _ = walk.model.updateDevice { $0.setFaultSeed(seed); return true }
        }
        walk.type("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        walk.settle()
        walk.type("FRONTLINE<Enter>cou1<Enter>cou1<Enter>")
        walk.type("<Tab><Enter><Tab><Enter>")                    // launch notes, then scanner
        _ = walk.model.apply(.armFault("notes", InjectedFault(.crashInCallback)))
        walk.recorder.append(walk.model)
        walk.type("!<Enter>")                                     // scanner's faults menu: drop
        walk.type("!<Down><Enter>")                               // and delay, 30 s by default
        _ = walk.model.apply(.armFault("scanner", InjectedFault(.reorder)))
        _ = walk.model.apply(.disarmFault(4))                      // the reorder, by its number
        walk.recorder.append(walk.model)
        walk.type("<F9>")                                         // checkpoint 1: armed
        walk.type("h<Esc><Enter><Enter><Enter>")                  // Hub, menu, Log Out, confirm
        walk.type("FRONTLINE<Enter>cou2<Enter>cou2<Enter><Tab><Enter>")
        return walk
    }

    /// Plays `yaml` as `hubsim run` does, step by step, and returns the device at the end.
    static func play(_ yaml: String) throws -> (result: ScenarioResult, device: SharedDevice) {
        let scenario = try Fixtures.scenario(yaml, environment: RecorderTests.environment)
        let runner = Fixtures.runner(environment: RecorderTests.environment)
        var execution = ScenarioExecution(hub: HeadlessHub(device: scenario.device(dependencies: .seeded(hasher: Fixtures.hasher)),
                                                           width: scenario.screenWidth, height: scenario.screenHeight))
        for step in scenario.steps {
            if let failure = execution.run(step) { Issue.record("line \(step.line): \(step.label): \(failure.message)\n\(failure.actual)") }
        }
        return (runner.run(scenario), execution.device)
    }

    @Test func aWalkWithFaultsRecordsFaultStepsAndReplaysToTheSameOutcome() throws {
        let walk = try Self.walkWithFaults()
        let session = walk.device
        #expect(!session.faultEffects.isEmpty, "no fault fired in the walk")
        let recording = walk.recording(name: "Faulted walk")
        let yaml = recording.yaml
        #expect(recording.warnings.isEmpty, "\(recording.warnings)")
        #expect(yaml.contains("\n  - fault: {app: notes, arm: crash-in-callback}\n"), "\(yaml)")
        #expect(yaml.contains("\n  - fault: {app: scanner, arm: drop}\n"), "\(yaml)")
        #expect(yaml.contains("\n  - fault: {app: scanner, arm: delay 30s}\n"), "\(yaml)")
        #expect(yaml.contains("\n  - fault: {app: scanner, arm: reorder}\n  - fault: {app: scanner, disarm: 4}\n"), "\(yaml)")
        #expect(yaml.contains("\nfaultSeed: \(session.snapshot.faults?.seed ?? 0)\n"), "\(yaml)")
        // At the checkpoint the faults are armed; at the end, what they did is asserted.
        #expect(yaml.contains("- expectFault: {app: notes, armed: crash-in-callback}"), "\(yaml)")
        #expect(yaml.contains("- expectFault: {app: notes, fired: crash-in-callback, consequence: "), "\(yaml)")

        let (result, replayed) = try Self.play(yaml)
        #expect(result.passed, "\(yaml)\n\(result.failedStep.map { "\($0.step.label): \($0.failure!.actual)" } ?? "")")
        #expect(replayed.faultEffects == session.faultEffects)
        #expect(replayed.armedFaults == session.armedFaults)
        #expect(replayed.findings == session.findings)
        #expect(replayed.apps.map(\.storage) == session.apps.map(\.storage))
        // The report names the faults the scenario armed.
        #expect(result.faults == ["crash-in-callback on notes", "drop on scanner", "delay 30s on scanner", "reorder on scanner"])
    }

    @Test func aSeedSetForTheWalkIsRecordedAndFollowed() throws {
        let walk = try Self.walkWithFaults(seed: 99)
        let yaml = walk.recording(name: "Seeded walk").yaml
        #expect(yaml.contains("\nfaultSeed: 99\n"), "\(yaml)")
        let (result, replayed) = try Self.play(yaml)
        #expect(result.passed, "\(yaml)")
        #expect(replayed.snapshot.faults?.seed == 99)
        #expect(replayed.faultEffects == walk.device.faultEffects)
    }

    @Test func aWalkWithoutFaultsRecordsNoSeed() throws {
        var walk = try RecorderTests.model()
        walk.type("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        walk.settle()
        #expect(!walk.recording().yaml.contains("faultSeed"))
    }

    @Test func faultsAnAppWasInstalledWithAreRecordedInItsEntry() throws {
        var apps = try Fixtures.catalogue.select(["notes", "scanner"])
        apps[0].deliveryFaults = [InjectedFault(.drop)]
        let device = SharedDevice(profile: .workspaceOne, tenant: try BundledAssets.tenant(), apps: apps,
                                  dependencies: .seeded(hasher: Fixtures.hasher))
        var walk = RecordedWalk(HubModel(device: device), hasher: Fixtures.hasher)
        walk.type("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        walk.settle()
        #expect(walk.device.armedFaults(of: "notes").map(\.fault) == [InjectedFault(.drop)])
        let yaml = walk.recording().yaml
        #expect(yaml.contains("\napps: [{app: notes, faults: [drop]}, scanner]\n"), "\(yaml)")
        #expect(try Self.play(yaml).result.passed, "\(yaml)")
    }
}
