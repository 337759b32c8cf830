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
/// saved (`save`, retried while it fails), the session ends in `finishRecording`; the terminal is the
/// `CursesSession`'s, which restores it however the loop ends. What runs before the first
/// frame is kept short on purpose: see `StartupPath.swift`.
struct InteractiveLaunch: Equatable {
    var choice: DeviceChoice
    /// `--record FILE`: write the walk as a scenario.
    var record: String?
    /// `--cast FILE`: write what the terminal showed as an asciicast v2 recording.
    var cast: String?
    /// `--force`: let `--record` and `--cast` replace an existing file.
    var force: Bool
    /// Wipes, sign-outs and quitting mid-walk ask first (`--no-confirm` turns it off).
    var confirms: Bool

    init(choice: DeviceChoice, record: String? = nil, cast: String? = nil, force: Bool = false, confirms: Bool = true) {
        self.choice = choice
        self.record = record
        self.cast = cast
        self.force = force
        self.confirms = confirms
    }

    func run() throws {
        StartupTrace.mark(.arguments)
        // Everything that can fail for a usage reason fails before the screen is taken over,
        // and before anything is written: the output file and the app list first.
        let outputs = try claimOutputs()
        let (recordFile, castFile) = (outputs.record, outputs.cast)
        _ = try requestedApps()
        // One hasher for the device and the recorder's replay: it remembers verified passwords.
        let hasher = ScryptHasher()
        let logger = try diagnosticsLogger()
        let environment = StartupPath.environment()
        // --ephemeral keeps nothing, so it opens no store at all. A new device's database is
        // made once its first frame is on screen (`NewDeviceFile`).
        var store: DeviceStore?
        var newDeviceFile: NewDeviceFile?
        var saved = SavedDevice.none
        if !choice.ephemeral {
            switch try Self.openStore(choice, logger: logger, environment: environment) {
            case let .existing(opened, device): (store, saved) = (opened, device)
            case let .new(file): newDeviceFile = file
            }
        }
        StartupTrace.mark(.stateLoad)
        let tenant = try choice.loadTenant()
        let device = try obtainInitialDevice(saved: saved, tenant: tenant,
                                             dependencies: EngineDependencies.system(hasher: hasher))
        StartupTrace.mark(.assets)
        // Every change is saved at once. A failed save must not take the screen down mid-shift:
        // the model is told (`noteSave`: the status line and the event log say so at once, and
        // quitting says what would be lost), and the save is retried at the next change and,
        // while nothing changes, every `HubModel.saveRetryInterval` seconds of wall time.
        var saveFailure: StoreError?
        var lastAttempt = Self.monotonicSeconds()
        let save = { (model: inout HubModel) in
            guard let store else { return }
            lastAttempt = Self.monotonicSeconds()
            do throws(StoreError) {
                try store.save(model.device)
                saveFailure = nil
                guard model.saveProblem != nil else { return }
                model.noteSave(.saved)
                // The "saved again" line, at once rather than at the next change.
                try? store.save(model.device)
            } catch {
                saveFailure = error
                logger.error("save failed: \(error)")
                model.noteSave(.failed(reason: error.shortReason))
            }
        }
        let session: CursesSession
        do {
            session = try CursesSession.start(environment: environment)
        } catch {
            FileHandle.standardError.write(Data((PrintableText.escaped(error.message) + "\n").utf8))
            throw ExitCode(error.exitCode)
        }
        StartupTrace.mark(.cursesInit)
        // Before the first key, so that no change can come before the store that saves it.
        var creationFailure: StoreError?
        if let newDeviceFile {
            session.afterFirstFrame = {
                do throws(StoreError) { store = try newDeviceFile.create() } catch {
                    creationFailure = error
                    return false
                }
                return true
            }
        }
        let capabilities = session.capabilities
        logger.info("start device=\(device.name) profile=\(device.profile.id.rawValue) state=\(device.state) colour=\(capabilities.hasColor) size=\(capabilities.width)x\(capabilities.height)")

        var model = HubModel(device: device, theme: capabilities.hasColor ? .colour : .mono,
                             width: capabilities.width, height: capabilities.height)
        model.confirmsActions = confirms
        model.keepsDevice = !choice.ephemeral
        model.asciiDrawings = !capabilities.utf8
        // A resumed device holds its newest event-log lines; older ones are read when shown.
        model.olderEventLog = store.map { StoredEventLogPages(store: $0, logger: logger) }
        var savedRevision = model.revision
        // `--record`: the walk is replayed as it happens, so saving it at the end is quick.
        var recorder = recordFile.map { _ in ScenarioRecorder(model: model, hasher: hasher) }
        // `--cast`: every painted frame, timed from the first.
        let castRecorder = castFile.map { _ in SessionCast(width: capabilities.width, height: capabilities.height,
                                                          title: "hubsim: \(device.name) (\(device.profile.id.rawValue))",
                                                          environment: ProcessInfo.processInfo.environment) }
        if let castRecorder { session.paintObserver = { castRecorder.append($0) } }
        let exit = StartupTrace.run(session, &model) { model in
            recorder?.append(model)
            if model.revision != savedRevision {
                savedRevision = model.revision
                save(&model)
            } else if model.saveProblem != nil, Self.monotonicSeconds() - lastAttempt >= HubModel.saveRetryInterval {
                save(&model)
            }
        }
        session.end()
        StartupTrace.finish()
        if let creationFailure {
            // Nothing happened yet: the session ended on its first frame.
            throw Self.usage(creationFailure.description)
        }

        logger.info("exit \(exit) state=\(model.device.state) actions=\(model.actionLog.count)")
        let unsavedSince = model.saveProblem?.since
        save(&model)
        try? store?.close()
        var recordingWritten = true
        if let recordFile, let recorder { recordingWritten = finishRecording(model, recorder: recorder, to: recordFile) }
        if let castFile, let castRecorder, !finishCast(castRecorder, to: castFile) { recordingWritten = false }
        if let saveFailure {
            let lost = unsavedSince.map { "the changes since \($0) (simulator time) are lost" } ?? "the last change is lost"
            FileHandle.standardError.write(Data("hubsim: the device could not be saved, \(lost): \(saveFailure)\n".utf8))
            throw ExitCode(1)
        }
        if !recordingWritten { throw ExitCode(2) }
        // Saved and restored: die of the signal itself, so the parent sees its cause.
        exit.endProcessBySignal()
        if exit != .quit { throw ExitCode(exit.exitCode) }
    }

    // MARK: - Device lifecycle

    /// Seconds on the monotonic clock: when a failed save was last tried.
    static func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// `--log-file`: diagnostics through swift-log into an owner-only file; silent otherwise.
    func diagnosticsLogger() throws -> Logger {
        guard let path = choice.logFile else { return Logger(label: "hubsim", factory: { _ in SwiftLogNoOpLogHandler() }) }
        let file: LogFile
        do { file = try LogFile(path: path) } catch { throw Self.usage(error.description) }
        return Logger(label: "hubsim", factory: { FileLogHandler(label: $0, file: file) })
    }

    /// The device's database (`--device`, `--state-dir`) and the device saved in it, or, for
    /// a new device, its directory made and checked (the store's probe), its database to be
    /// made after the first frame. Nothing of the device is written before its first frame:
    /// it is saved at its first change and when the session ends.
    static func openStore(_ choice: DeviceChoice, logger: Logger, environment: [String: String]) throws -> StartingStore {
        do {
            return try DeviceStore.openForStart(stateDir: choice.stateDir, device: choice.device,
                                                logger: logger, environment: environment)
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
            let enrolledApps = snapshot.appSet.map(\.id)
            if let wanted = try requestedApps(), wanted != enrolledApps {
                throw Self.usage("--apps '\(MessageText.shown(choice.apps ?? ""))': device '\(choice.device)' is enrolled with the apps \(enrolledApps.joined(separator: ",")); leave --apps out, run 'hubsim reset --device \(choice.device)' to start over, or choose another --device")
            }
            var device = SharedDevice(snapshot: snapshot, tenant: tenant, dependencies: dependencies)
            device.resumeAfterRestart()
            return device
        }
        do {
            return try SharedDevice.make(name: choice.device, profile: choice.profileID() ?? savedProfile ?? .workspaceOne,
                                         tenant: tenant, catalogue: BundledAssets.catalogue(), apps: requestedApps(),
                                         dependencies: dependencies)
        } catch let error as CatalogueError {
            throw ValidationError("\(error)")
        }
    }

    /// The app ids of `--apps`, checked against the catalogue; nil without `--apps` (the
    /// catalogue is then not read: a resumed device does not need it before its first frame).
    func requestedApps() throws -> [AppID]? {
        guard choice.apps != nil else { return nil }
        do { return try choice.appIDs(in: BundledAssets.catalogue()) } catch let error as ValidationError {
            throw Self.usage(error.message)
        }
    }

    /// One readable line and exit 2 (a usage or file error).
    private static func usage(_ message: String) -> Error {
        FileHandle.standardError.write(Data("hubsim: \(PrintableText.escaped(message))\n".utf8))
        return ExitCode(2)
    }

    // MARK: - Recording

    /// The outputs of a walk, claimed.
    struct ClaimedOutputs {
        var record: OutputFile?
        var cast: OutputFile?
        var log: OutputFile?
    }

    /// `--record`, `--cast` and `--log-file` are claimed before the screen is taken over, not
    /// found wrong at the end (`OutputFile`: no existing file replaced without `--force`, a
    /// writable place), and checked against every file the walk reads and each other
    /// (`RunFiles`). Without an output nothing is looked at: the everyday start has none.
    func claimOutputs() throws -> ClaimedOutputs {
        if record == nil && cast == nil {
            if force { throw Self.usage("--force: it only lets --record or --cast replace an existing file; add --record FILE or --cast FILE, or leave --force out") }
            if choice.logFile == nil { return ClaimedOutputs() }
        }
        do throws(OutputFile.Refusal) {
            let claimed = try runFiles().claim()
            return ClaimedOutputs(record: claimed["--record"], cast: claimed["--cast"], log: claimed["--log-file"])
        } catch {
            throw Self.usage(error.description)
        }
    }

    /// What this walk reads and writes: the device's database (none with `--ephemeral`), the
    /// tenant and the app catalogue; `--record`, `--cast` and `--log-file`.
    func runFiles() -> RunFiles {
        var files = RunFiles(force: force)
        if !choice.ephemeral, let database = try? StoreLocation.resolvePath(stateDir: choice.stateDir, device: choice.device,
                                                                            environment: StartupPath.environment()) {
            files.readsDatabase(database)
        }
        files.reads(choice.tenant ?? BundledAssets.url("tenant.yaml")?.path, as: "the tenant file")
        files.reads(BundledAssets.url("apps.yaml")?.path, as: "the app catalogue")
        files.writes(record, for: "--record")
        files.writes(cast, for: "--cast")
        files.writes(choice.logFile, for: "--log-file", appending: true)
        return files
    }

    /// Writes the asciicast once the terminal is restored; a recording that cannot be
    /// written is kept elsewhere, and the line says where. False then.
    func finishCast(_ cast: SessionCast, to file: OutputFile) -> Bool {
        let recording = cast.recording
        var note: String
        var written = true
        do throws(OutputFile.WriteFailure) {
            try file.write(Array(recording.text.utf8), what: "the cast", fallbackDirectories: recordingFallbackDirectories(), kind: "cast")
            note = "hubsim: cast \(recording.eventCount) event(s) to \(MessageText.shown(file.path)) (asciicast v2; play it with asciinema play)"
        } catch {
            note = "hubsim: \(error)"
            written = false
        }
        FileHandle.standardError.write(Data((note + "\n").utf8))
        return written
    }

    /// Where a recording that cannot be written to its file is kept: the device's state
    /// directory (a persistent device has one), then the temporary directory.
    func recordingFallbackDirectories() -> [String] {
        var directories: [String] = []
        if !choice.ephemeral { directories.append(StoreLocation.directory(stateDir: choice.stateDir).path) }
        directories.append(NSTemporaryDirectory())
        return directories
    }

    /// Writes the walk as a scenario (`ScenarioRecorder`: secrets become environment
    /// references) once the terminal is restored, and says what it needs to replay. A
    /// recording that cannot be written is kept elsewhere, and the line says where; false then.
    func finishRecording(_ model: HubModel, recorder: ScenarioRecorder, to file: OutputFile) -> Bool {
        let outcome = saveRecording(model, recorder: recorder, to: file)
        FileHandle.standardError.write(Data((outcome.notes.joined(separator: "\n") + "\n").utf8))
        return outcome.written
    }

    /// `finishRecording`'s work: the file written (or kept elsewhere) and the lines to print.
    func saveRecording(_ model: HubModel, recorder: ScenarioRecorder, to file: OutputFile) -> (written: Bool, notes: [String]) {
        let tenant = choice.tenant.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let recording = recorder.recording(of: model, tenant: tenant)
        var notes: [String] = []
        var replayable: String? = file.path
        var written = true
        do throws(OutputFile.WriteFailure) {
            try file.write(Array(recording.yaml.utf8), what: "the recording",
                           fallbackDirectories: recordingFallbackDirectories(), kind: "record")
            notes.append("hubsim: recorded \(model.actionLog.count) action(s) to \(MessageText.shown(file.path))")
        } catch {
            notes.append("hubsim: \(error)")
            replayable = error.keptAt
            written = false
        }
        if let replayable, !recording.variables.isEmpty {
            notes.append("hubsim: to replay, set \(recording.variables.joined(separator: ", ")) and run 'hubsim run \(MessageText.shown(replayable))'")
        }
        notes += recording.warnings.map { "hubsim: warning: \($0)" }
        return (written, notes)
    }
}
