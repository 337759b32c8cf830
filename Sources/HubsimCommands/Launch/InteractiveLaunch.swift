import ArgumentParser
import Configuration
import CursesTerminal
import DeviceStore
import Foundation
import HubUI
import Logging
import Platform
import Scenarios
import SessionEngine

/// The interactive simulator, started: the Hub and the app panes on this terminal.
///
/// Wiring only: the device comes from the store (`obtainInitialDevice`), every change is
/// saved (`deviceChanged`), the session ends in `finishRecording`; the terminal is the
/// `CursesSession`'s, which restores it however the loop ends. What runs before the first
/// frame is kept short on purpose: see `StartupPath.swift`.
struct InteractiveLaunch: Equatable {
    var choice: DeviceChoice
    /// `--record FILE`: write the walk as a scenario.
    var record: String?
    /// Wipes, sign-outs and quitting mid-walk ask first (`--no-confirm` turns it off).
    var confirms: Bool

    init(choice: DeviceChoice, record: String? = nil, confirms: Bool = true) {
        self.choice = choice
        self.record = record
        self.confirms = confirms
    }

    func run() throws {
        // Everything that can fail for a usage reason fails before the screen is taken over.
        // One hasher for the device and the recorder's replay: it remembers verified passwords.
        let hasher = ScryptHasher()
        let logger = try diagnosticsLogger()
        let environment = StartupPath.environment()
        // --ephemeral keeps nothing, so it opens no store at all.
        let (store, saved) = choice.ephemeral ? (nil, SavedDevice.none) : try Self.openStore(choice, logger: logger, environment: environment)
        let tenant = try choice.loadTenant()
        let device = try obtainInitialDevice(saved: saved, tenant: tenant,
                                             dependencies: EngineDependencies.system(hasher: hasher))
        try checkRecordingDestination()
        var saveFailure: (any Error)?
        let deviceChanged = { (device: SharedDevice) in
            // A failed save must not take the screen down mid-shift: it is logged, and
            // reported (exit 1) once the terminal is restored.
            do { try store?.save(device) } catch {
                if saveFailure == nil { saveFailure = error }
                logger.error("save failed: \(error)")
            }
        }
        let session: CursesSession
        do {
            session = try CursesSession.start(environment: environment)
        } catch {
            FileHandle.standardError.write(Data((error.message + "\n").utf8))
            throw ExitCode(error.exitCode)
        }
        let capabilities = session.capabilities
        logger.info("start device=\(device.name) profile=\(device.profile.id.rawValue) state=\(device.state) colour=\(capabilities.hasColor) size=\(capabilities.width)x\(capabilities.height)")

        var model = HubModel(device: device, theme: capabilities.hasColor ? .colour : .mono,
                             width: capabilities.width, height: capabilities.height)
        model.confirmsActions = confirms
        model.keepsDevice = !choice.ephemeral
        model.asciiDrawings = !capabilities.utf8
        var savedRevision = model.revision
        // `--record`: the walk is replayed as it happens, so saving it at the end is quick.
        var recorder = record.map { _ in ScenarioRecorder(model: model, hasher: hasher) }
        let exit = session.run(&model) { model in
            recorder?.append(model)
            guard model.revision != savedRevision else { return }
            savedRevision = model.revision
            deviceChanged(model.device)
        }
        session.end()

        logger.info("exit \(exit) state=\(model.device.state) actions=\(model.actionLog.count)")
        deviceChanged(model.device)
        try? store?.close()
        try finishRecording(model, recorder: recorder)
        if let saveFailure {
            FileHandle.standardError.write(Data("hubsim: the device could not be saved: \(saveFailure)\n".utf8))
            throw ExitCode(1)
        }
        // Saved and restored: die of the signal itself, so the parent sees its cause.
        exit.endProcessBySignal()
        if exit != .quit { throw ExitCode(exit.exitCode) }
    }

    // MARK: - Device lifecycle

    /// `--log-file`: diagnostics through swift-log into an owner-only file; silent otherwise.
    func diagnosticsLogger() throws -> Logger {
        guard let path = choice.logFile else { return Logger(label: "hubsim", factory: { _ in SwiftLogNoOpLogHandler() }) }
        let file: LogFile
        do { file = try LogFile(path: path) } catch { throw Self.usage(error.description) }
        return Logger(label: "hubsim", factory: { FileLogHandler(label: $0, file: file) })
    }

    /// The device's database (`--device`, `--state-dir`) and the device saved in it. Opening
    /// it checks that the directory and the file can be written (the store's probe), so
    /// nothing is written before the first frame: the device is saved at its first change
    /// and when the session ends.
    static func openStore(_ choice: DeviceChoice, logger: Logger, environment: [String: String]) throws -> (DeviceStore, SavedDevice) {
        do {
            let store = try DeviceStore.open(stateDir: choice.stateDir, device: choice.device, ephemeral: false,
                                             logger: logger, environment: environment)
            return (store, try store.loadForStart())
        } catch {
            throw usage(error.description)
        }
    }

    /// The saved device as it was left, or a new, unenrolled one built from the choice (an
    /// unenrolled saved device lends it the profile it was set up with). An enrolled device
    /// keeps the profile and apps it was enrolled with: asking for another profile is
    /// refused with what to do, rather than silently ignored.
    func obtainInitialDevice(saved: SavedDevice, tenant: Tenant, dependencies: EngineDependencies) throws -> SharedDevice {
        var savedProfile: ProfileID?
        switch saved {
        case .none: break
        case let .unenrolled(profile): savedProfile = profile
        case let .enrolled(snapshot):
            if let wanted = try choice.profileID(), wanted != snapshot.profile.id {
                throw Self.usage("device '\(choice.device)' is enrolled with the \(snapshot.profile.id.rawValue) profile; run 'hubsim reset --device \(choice.device)' to start over, or choose another --device")
            }
            var device = SharedDevice(snapshot: snapshot, tenant: tenant, dependencies: dependencies)
            device.resumeAfterRestart()
            return device
        }
        do {
            return try SharedDevice.make(name: choice.device, profile: choice.profileID() ?? savedProfile ?? .workspaceOne,
                                         tenant: tenant, catalogue: BundledAssets.catalogue(), apps: choice.appIDs,
                                         dependencies: dependencies)
        } catch let error as CatalogueError {
            throw ValidationError("\(error)")
        }
    }

    /// One readable line and exit 2 (a usage or file error).
    private static func usage(_ message: String) -> Error {
        FileHandle.standardError.write(Data("hubsim: \(message)\n".utf8))
        return ExitCode(2)
    }

    // MARK: - Recording

    /// `--record FILE` must be writable before the screen is taken over, not found out at the end.
    func checkRecordingDestination() throws {
        guard let record else { return }
        let directory = URL(fileURLWithPath: record).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
              FileManager.default.isWritableFile(atPath: directory) else {
            throw ValidationError("--record \(record): the directory \(directory) does not exist or is not writable")
        }
    }

    /// With `--record FILE`, writes the walk as a scenario (`ScenarioRecorder`: secrets become
    /// environment references) once the terminal is restored, and says what it needs to replay.
    func finishRecording(_ model: HubModel, recorder: ScenarioRecorder?) throws {
        guard let record, let recorder else { return }
        let tenant = choice.tenant.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let recording = recorder.recording(of: model, tenant: tenant)
        do {
            try Data(recording.yaml.utf8).write(to: URL(fileURLWithPath: record), options: .atomic)
        } catch {
            throw ValidationError("--record \(record): \(error.localizedDescription)")
        }
        var notes = ["hubsim: recorded \(model.actionLog.count) action(s) to \(record)"]
        if !recording.variables.isEmpty {
            notes.append("hubsim: to replay, set \(recording.variables.joined(separator: ", ")) and run 'hubsim run \(record)'")
        }
        notes += recording.warnings.map { "hubsim: warning: \($0)" }
        FileHandle.standardError.write(Data((notes.joined(separator: "\n") + "\n").utf8))
    }
}
