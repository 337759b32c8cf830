import Foundation
import HubUI
import Platform
import SessionEngine
import Testing
@testable import HubsimCommands

/// The interactive launch's steps, each on its own and without a terminal: the device
/// opened (`openDevice`), kept while the session runs (`DeviceSaves`), and the session's
/// end (`finish`).
@Suite struct InteractiveLaunchStepTests {
    @Test func anEphemeralDeviceOpensNoStore() throws {
        let launch = InteractiveLaunch(choice: DeviceChoice(ephemeral: true))
        let opened = try launch.openDevice(logger: launch.diagnosticsLogger(), environment: [:], hasher: ScryptHasher())
        #expect(opened.saves.store == nil)
        #expect(!opened.saves.createsDatabase)
        #expect(opened.device.name == SharedDevice.defaultName)
        #expect(opened.device.state == .unenrolled)
        // Nothing to save to: saving is a no-op, not a failure.
        var model = HubModel(device: opened.device)
        opened.saves.save(&model)
        #expect(opened.saves.failure == nil)
        #expect(model.saveProblem == nil)
    }

    @Test func aNewDeviceIsMadeAfterItsFirstFrameAndFoundAgain() throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let launch = InteractiveLaunch(choice: DeviceChoice(profile: .entraIOS, device: "till", stateDir: dir))
        let opened = try launch.openDevice(logger: launch.diagnosticsLogger(), environment: [:], hasher: ScryptHasher())
        // Before the first frame only the directory exists.
        #expect(opened.saves.createsDatabase)
        #expect(opened.saves.store == nil)
        #expect(!FileManager.default.fileExists(atPath: dir + "/till.sqlite"))
        #expect(opened.saves.createDatabase())
        #expect(!opened.saves.createsDatabase)
        #expect(FileManager.default.fileExists(atPath: dir + "/till.sqlite"))
        var model = HubModel(device: opened.device)
        opened.saves.starts(with: model)
        opened.saves.save(&model)
        #expect(opened.saves.failure == nil)
        opened.saves.close()
        // The next start finds the file and the profile it was set up with.
        let again = InteractiveLaunch(choice: DeviceChoice(device: "till", stateDir: dir))
        let reopened = try again.openDevice(logger: again.diagnosticsLogger(), environment: [:], hasher: ScryptHasher())
        #expect(reopened.saves.store != nil)
        #expect(!reopened.saves.createsDatabase)
        #expect(reopened.device.profile.id == .entraIOS)
        reopened.saves.close()
    }

    @Test func aLostTerminalEndsWithItsStatusAfterTheLastSave() throws {
        let launch = InteractiveLaunch(choice: DeviceChoice(ephemeral: true))
        let logger = try launch.diagnosticsLogger()
        let opened = try launch.openDevice(logger: logger, environment: [:], hasher: ScryptHasher())
        let model = HubModel(device: opened.device)
        let quit = InteractiveLaunch.Outcome(exit: .quit, model: model, saves: opened.saves, recorder: nil, cast: nil)
        try launch.finish(quit, outputs: InteractiveLaunch.ClaimedOutputs(), logger: logger)
        let hangup = InteractiveLaunch.Outcome(exit: .hangup, model: model, saves: opened.saves, recorder: nil, cast: nil)
        #expect(exitStatus { try launch.finish(hangup, outputs: InteractiveLaunch.ClaimedOutputs(), logger: logger) } == .terminal(.hangup))
    }
}
