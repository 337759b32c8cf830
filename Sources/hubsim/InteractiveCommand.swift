import ArgumentParser
import CursesTerminal
import Foundation
import HubUI
import Scenarios
import SessionEngine

/// `hubsim` (the default) and `hubsim interactive`: the Hub and the app panes on this terminal.
///
/// Wiring only: the device comes from `obtainInitialDevice()`, every change goes to
/// `deviceChanged(_:)`, the session ends in `finishRecording(_:)`; the terminal is the
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
        let device = try obtainInitialDevice(hasher: hasher)
        try checkRecordingDestination()
        let diagnostics = Diagnostics(path: options.logFile)
        let session: CursesSession
        do {
            session = try CursesSession.start(environment: ProcessInfo.processInfo.environment)
        } catch {
            FileHandle.standardError.write(Data((error.message + "\n").utf8))
            throw ExitCode(error.exitCode)
        }
        let capabilities = session.capabilities
        diagnostics.write("start device=\(device.name) profile=\(device.profile.id.rawValue) state=\(device.state) colour=\(capabilities.hasColor) size=\(capabilities.width)x\(capabilities.height)")

        var model = HubModel(device: device, theme: capabilities.hasColor ? .colour : .mono,
                             width: capabilities.width, height: capabilities.height)
        var savedRevision = model.revision
        let exit = session.run(&model) { model in
            guard model.revision != savedRevision else { return }
            savedRevision = model.revision
            deviceChanged(model.device)
        }
        session.end()

        diagnostics.write("exit \(exit) state=\(model.device.state) actions=\(model.actionLog.count)")
        deviceChanged(model.device)
        try finishRecording(model, hasher: hasher)
        if exit != .quit { throw ExitCode(exit.exitCode) }
    }

    // MARK: - Device lifecycle (the device store connects here)

    /// STORE SEAM: the device to start from. With the store, this opens (or creates) the
    /// device `options.device` under `options.stateDir` unless `options.ephemeral`; until the
    /// store is wired, every start is a fresh, unenrolled device (what `--ephemeral` means).
    func obtainInitialDevice(hasher: ScryptHasher) throws -> SharedDevice {
        let tenant = try options.loadTenant()
        let dependencies = EngineDependencies(keys: SystemKeySource(), hasher: hasher)
        do {
            return try SharedDevice.make(name: options.device, profile: options.profileID() ?? .workspaceOne, tenant: tenant,
                                         catalogue: BundledAssets.catalogue(), apps: options.appIDs, dependencies: dependencies)
        } catch let error as CatalogueError {
            throw ValidationError("\(error)")
        }
    }

    /// STORE SEAM: the device changed (called after every event that changed it, and once
    /// at exit, also after a quit signal): save `device.snapshot`. Nothing to do while the
    /// device is ephemeral.
    func deviceChanged(_ device: SharedDevice) {
        if options.ephemeral { return }
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

/// Diagnostics for `--log-file`: one line per start and exit, never a secret.
private struct Diagnostics {
    let path: String?

    func write(_ line: String) {
        guard let path else { return }
        let text = "\(ISO8601DateFormatter().string(from: Date())) hubsim interactive: \(line)\n"
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
