import ArgumentParser
import CursesTerminal
import DeviceStore
import Foundation
import HubUI
import Logging
import Scenarios
import SessionEngine

/// `hubsim` (the default) and `hubsim interactive`: the Hub and the app panes on this terminal.
///
/// Wiring only: the device comes from the store (`obtainInitialDevice`), every change is
/// saved (`deviceChanged`), the session ends in `finishRecording`; the terminal is the
/// `CursesSession`'s, which restores it however the loop ends.
struct InteractiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interactive",
        abstract: "The interactive simulator: the Hub beside every managed app (the default command).")

    @OptionGroup var options: DeviceOptions

    @Option(help: ArgumentHelp("Record what you do as a scenario YAML file (secrets are never written).", valueName: "file"))
    var record: String?

    func run() throws {
        // Everything that can fail for a usage reason fails before the screen is taken over.
        // One hasher for the device and the recorder's replay: it remembers verified passwords.
        let hasher = ScryptHasher()
        let logger = try diagnosticsLogger()
        // --ephemeral keeps nothing, so it opens no store at all (the device is already in memory).
        let store = options.ephemeral ? nil : try openStore(logger: logger)
        let device = try obtainInitialDevice(hasher: hasher, store: store)
        try checkRecordingDestination()
        var saveFailure: (any Error)?
        let deviceChanged = { (device: SharedDevice) in
            // A failed save must not take the screen down mid-shift: it is logged, and
            // reported (exit 1) once the terminal is restored.
            do { try store?.save(device.snapshot) } catch {
                if saveFailure == nil { saveFailure = error }
                logger.error("save failed: \(error)")
            }
        }
        if let store { try saveInitial(device, store: store) }
        let session: CursesSession
        do {
            session = try CursesSession.start(environment: ProcessInfo.processInfo.environment)
        } catch {
            FileHandle.standardError.write(Data((error.message + "\n").utf8))
            throw ExitCode(error.exitCode)
        }
        let capabilities = session.capabilities
        logger.info("start device=\(device.name) profile=\(device.profile.id.rawValue) state=\(device.state) colour=\(capabilities.hasColor) size=\(capabilities.width)x\(capabilities.height)")

        var model = HubModel(device: device, theme: capabilities.hasColor ? .colour : .mono,
                             width: capabilities.width, height: capabilities.height)
        var savedRevision = model.revision
        let exit = session.run(&model) { model in
            guard model.revision != savedRevision else { return }
            savedRevision = model.revision
            deviceChanged(model.device)
        }
        session.end()

        logger.info("exit \(exit) state=\(model.device.state) actions=\(model.actionLog.count)")
        deviceChanged(model.device)
        try? store?.close()
        try finishRecording(model, hasher: hasher)
        if let saveFailure {
            FileHandle.standardError.write(Data("hubsim: the device could not be saved: \(saveFailure)\n".utf8))
            throw ExitCode(1)
        }
        if exit != .quit { throw ExitCode(exit.exitCode) }
    }

    // MARK: - Device lifecycle

    /// `--log-file`: diagnostics through swift-log into an owner-only file; silent otherwise.
    func diagnosticsLogger() throws -> Logger {
        guard let path = options.logFile else { return Logger(label: "hubsim", factory: { _ in SwiftLogNoOpLogHandler() }) }
        let file: LogFile
        do { file = try LogFile(path: path) } catch { throw usage(error.description) }
        return Logger(label: "hubsim", factory: { FileLogHandler(label: $0, file: file) })
    }

    /// The device's database (`--device`, `--state-dir`).
    func openStore(logger: Logger) throws -> DeviceStore {
        do {
            return try DeviceStore.open(stateDir: options.stateDir, device: options.device, ephemeral: options.ephemeral, logger: logger)
        } catch {
            throw usage(error.description)
        }
    }

    /// The saved device as it was left, or a new, unenrolled one built from the options.
    /// A saved device keeps the profile and apps it was enrolled with: asking for another
    /// profile is refused with what to do, rather than silently ignored.
    func obtainInitialDevice(hasher: ScryptHasher, store: DeviceStore?) throws -> SharedDevice {
        let tenant = try options.loadTenant()
        let dependencies = EngineDependencies(keys: SystemKeySource(), hasher: hasher)
        let saved: DeviceSnapshot?
        do { saved = try store?.load() } catch { throw usage(error.description) }
        if let saved, saved.state != .unenrolled {
            if let wanted = try options.profileID(), wanted != saved.profile.id {
                throw usage("device '\(options.device)' is enrolled with the \(saved.profile.id.rawValue) profile; run 'hubsim reset --device \(options.device)' to start over, or choose another --device")
            }
            var device = SharedDevice(snapshot: saved, tenant: tenant, dependencies: dependencies)
            device.resumeAfterRestart()
            return device
        }
        do {
            return try SharedDevice.make(name: options.device, profile: options.profileID() ?? saved?.profile.id ?? .workspaceOne,
                                         tenant: tenant, catalogue: BundledAssets.catalogue(), apps: options.appIDs,
                                         dependencies: dependencies)
        } catch let error as CatalogueError {
            throw ValidationError("\(error)")
        }
    }

    /// Saves the starting point before the screen is taken over, so an unwritable state
    /// directory is one clear line now rather than a surprise at the end of a shift.
    func saveInitial(_ device: SharedDevice, store: DeviceStore) throws {
        do { try store.save(device.snapshot) } catch { throw usage(error.description) }
    }

    /// One readable line and exit 2 (a usage or file error).
    private func usage(_ message: String) -> Error {
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
    func finishRecording(_ model: HubModel, hasher: ScryptHasher) throws {
        guard let record else { return }
        let tenant = options.tenant.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let recording = ScenarioRecorder.record(model, tenant: tenant, hasher: hasher)
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
