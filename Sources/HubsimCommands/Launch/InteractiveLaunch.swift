import AppBridge
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
/// A few steps, each returning what the next needs: the outputs claimed (`claimOutputs`),
/// the diagnostics log (`diagnosticsLogger`), the device opened (`openDevice`), the terminal
/// taken over (`CursesSession.started`), the session run (`walk`) and its end written
/// (`finish`). The terminal is the `CursesSession`'s, which restores it however the loop
/// ends. What runs before the first frame is kept short on purpose: see `StartupPath.swift`.
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
    /// `--app`: developers' programs playing apps over the bridge, their panes last.
    var addedApps: [CommandLineApp] = []

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
        // and before anything is written: the output files and the app list first.
        let outputs = try claimOutputs()
        _ = try requestedApps()
        // One hasher for the device and the recorder's replay: it remembers verified passwords.
        let hasher = ScryptHasher()
        let logger = try diagnosticsLogger()
        let environment = StartupPath.environment()
        let opened = try openDevice(logger: logger, environment: environment, hasher: hasher)
        let session = try CursesSession.started(environment: environment)
        StartupTrace.mark(.cursesInit)
        let outcome = walk(opened, on: session, outputs: outputs, hasher: hasher, logger: logger,
                           bridge: opened.device.snapshot.appSet.contains { $0.isExternal } ? AppBridge() : nil)
        try finish(outcome, outputs: outputs, logger: logger)
    }

    // MARK: - Steps

    /// The device a session starts from, and where its changes are kept.
    struct OpenedDevice {
        var device: SharedDevice
        var saves: DeviceSaves
    }

    /// The device from its store, or a new one built from the choice. `--ephemeral` keeps
    /// nothing, so it opens no store at all; a new device's database is made once its first
    /// frame is on screen (`DeviceSaves.createDatabase`).
    func openDevice(logger: Logger, environment: [String: String], hasher: ScryptHasher) throws -> OpenedDevice {
        var saves = DeviceSaves(logger: logger)
        var saved = SavedDevice.none
        if !choice.ephemeral {
            switch try Self.openStore(choice, logger: logger, environment: environment) {
            case let .existing(store, device): (saves, saved) = (DeviceSaves(store: store, logger: logger), device)
            case let .new(file): saves = DeviceSaves(newDeviceFile: file, logger: logger)
            }
        }
        StartupTrace.mark(.stateLoad)
        let tenant = try choice.loadTenant()
        var device = try obtainInitialDevice(saved: saved, tenant: tenant,
                                             dependencies: EngineDependencies.system(hasher: hasher))
        // A program that was running ended with the hubsim that started it.
        if device.apps.contains(where: { $0.definition.isExternal && $0.lifecycle.isRunning }) {
            device.programsEndedWithPreviousRun()
        }
        StartupTrace.mark(.assets)
        return OpenedDevice(device: device, saves: saves)
    }

    /// How a session ended, and what it recorded: for `finish`, once the terminal is restored.
    struct Outcome {
        var exit: TerminalExit
        var model: HubModel
        var saves: DeviceSaves
        var recorder: ScenarioRecorder?
        var cast: SessionCast?
    }

    /// The session: the device's model on the terminal until it ends, every change saved
    /// (`DeviceSaves`) and recorded (`--record`, `--cast`). The terminal is restored on return.
    /// `bridge` runs the programs of the device's external apps (nil: it has none): the loop
    /// exchanges with them after every event and never waits for one (`BridgedProgram`); once
    /// the terminal is restored they are ended, and their ends recorded, before the last save.
    func walk(_ opened: OpenedDevice, on session: CursesSession, outputs: ClaimedOutputs,
              hasher: ScryptHasher, logger: Logger, bridge: AppBridge? = nil) -> Outcome {
        let (device, saves) = (opened.device, opened.saves)
        // Before the first key, so that no change can come before the store that saves it.
        if saves.createsDatabase { session.afterFirstFrame = { saves.createDatabase() } }
        let capabilities = session.capabilities
        logger.info("start device=\(device.name) profile=\(device.profile.id.rawValue) state=\(device.state) colour=\(capabilities.hasColor) size=\(capabilities.width)x\(capabilities.height)")

        var model = HubModel(device: device, theme: capabilities.hasColor ? .colour : .mono,
                             width: capabilities.width, height: capabilities.height)
        model.confirmsActions = confirms
        model.keepsDevice = !choice.ephemeral
        model.asciiDrawings = !capabilities.utf8
        saves.starts(with: model)
        // A resumed device holds its newest event-log lines; older ones are read when shown.
        model.eventLog.older = saves.store.map { StoredEventLogPages(store: $0, logger: logger) }
        // `--record`: the walk is replayed as it happens, so saving it at the end is quick.
        var recorder = outputs.record.map { _ in ScenarioRecorder(model: model, hasher: hasher) }
        // `--cast`: every painted frame, timed from the first.
        let cast = outputs.cast.map { _ in SessionCast(width: capabilities.width, height: capabilities.height,
                                                       title: "hubsim: \(device.name) (\(device.profile.id.rawValue))",
                                                       environment: ProcessInfo.processInfo.environment) }
        if let cast { session.paintObserver = { cast.append($0) } }
        let exit: TerminalExit
        if let bridge {
            var program = BridgedProgram(model: model, bridge: bridge)
            exit = session.run(&program) { program in
                recorder?.append(program.model)
                saves.afterEvent(&program.model)
            }
            model = program.model
        } else {
            exit = StartupTrace.run(session, &model) { model in
                recorder?.append(model)
                saves.afterEvent(&model)
            }
        }
        var ended = exit
        if let bridge {
            // The screen first, then the programs (up to a few seconds for a hung one): a
            // hang-up meanwhile is recorded, not fatal, so no program outlives hubsim.
            session.endKeepingSignals()
            model.updateDevice { bridge.shutdown(&$0); return false }
            ProgramGuard.sweep()
            if let signalled = session.releaseSignals(), ended == .quit { ended = signalled }
        } else {
            session.end()
        }
        StartupTrace.finish()
        return Outcome(exit: ended, model: model, saves: saves, recorder: recorder, cast: cast)
    }

    /// After the terminal is restored: the last save, the recordings written, and how the
    /// process ends (a failed save 1, an output not written 2, a signal as the shell reports it).
    func finish(_ outcome: Outcome, outputs: ClaimedOutputs, logger: Logger) throws(CommandError) {
        let saves = outcome.saves
        if let creationFailure = saves.creationFailure {
            // Nothing happened yet: the session ended on its first frame.
            throw .usage(creationFailure.description)
        }
        var model = outcome.model
        logger.info("exit \(outcome.exit) state=\(model.device.state) actions=\(model.actionLog.count)")
        let unsavedSince = model.saveProblem?.since
        saves.save(&model)
        saves.close()
        var recordingWritten = true
        if let file = outputs.record, let recorder = outcome.recorder { recordingWritten = finishRecording(model, recorder: recorder, to: file) }
        if let file = outputs.cast, let cast = outcome.cast, !finishCast(cast, to: file) { recordingWritten = false }
        if let saveFailure = saves.failure {
            let lost = unsavedSince.map { "the changes since \($0) (simulator time) are lost" } ?? "the last change is lost"
            throw .failed("the device could not be saved, \(lost): \(saveFailure)")
        }
        if !recordingWritten { throw CommandError(.usage) }
        // Saved and restored: die of the signal itself, so the parent sees its cause.
        outcome.exit.endProcessBySignal()
        if outcome.exit != .quit { throw CommandError(.terminal(outcome.exit)) }
    }

    // MARK: - Device lifecycle

    /// `--log-file`: diagnostics through swift-log into an owner-only file; silent otherwise.
    func diagnosticsLogger() throws -> Logger {
        guard let path = choice.logFile else { return Logger(label: "hubsim", factory: { _ in SwiftLogNoOpLogHandler() }) }
        let file: LogFile
        do { file = try LogFile(path: path) } catch { throw CommandError.usage(error.description) }
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
            throw CommandError.usage(error.description)
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
        case let .enrolled(saved):
            if let wanted = choice.profile, wanted != saved.profile.id {
                throw CommandError.usage("device '\(choice.device)' is enrolled with the \(saved.profile.id.rawValue) profile; run 'hubsim reset --device \(choice.device)' to start over, or choose another --device")
            }
            let snapshot = try withAddedApps(saved)
            let addedIDs = Set(addedApps.map(\.id))
            let enrolledApps = snapshot.appSet.map(\.id).filter { !addedIDs.contains($0) }
            if let wanted = try requestedApps(), wanted != enrolledApps {
                throw CommandError.usage("--apps '\(MessageText.shown(choice.apps ?? ""))': device '\(choice.device)' is enrolled with the apps \(enrolledApps.joined(separator: ",")); leave --apps out, run 'hubsim reset --device \(choice.device)' to start over, or choose another --device")
            }
            var device = SharedDevice(snapshot: snapshot, tenant: tenant, dependencies: dependencies)
            device.resumeAfterRestart()
            return device
        }
        do {
            let profile = choice.profile ?? savedProfile ?? .workspaceOne
            guard !addedApps.isEmpty else {
                return try SharedDevice.make(name: choice.device, profile: profile, tenant: tenant, catalogue: BundledAssets.catalogue(),
                                             apps: requestedApps(), dependencies: dependencies)
            }
            let catalogueApps = try BundledAssets.catalogue().select(requestedApps() ?? DeviceProfile.named(profile).defaultApps)
            return SharedDevice(name: choice.device, profile: DeviceProfile.named(profile), tenant: tenant,
                                apps: CommandLineApp.merge(addedApps, into: catalogueApps, profile: profile), dependencies: dependencies)
        } catch let error as CatalogueError {
            throw ValidationError("\(error)")
        }
    }

    /// An enrolled device with the programs of `--app`: an app it was enrolled with as a
    /// program takes the command given now (the program may have moved; what it stored stays).
    /// A device enrolled without the app is refused with what to do: apps are installed at
    /// enrollment, and installing one into a device mid-shift is not something a Hub does.
    func withAddedApps(_ snapshot: DeviceSnapshot) throws -> DeviceSnapshot {
        var snapshot = snapshot
        for app in addedApps {
            guard let i = snapshot.appSet.firstIndex(where: { $0.id == app.id }), snapshot.appSet[i].isExternal else {
                let was = snapshot.appSet.contains { $0.id == app.id } ? "has '\(app.id)' as a catalogue app" : "was enrolled without '\(app.id)'"
                throw CommandError.usage("--app '\(MessageText.excerpt(app.id))': device '\(choice.device)' \(was) (apps are installed at enrollment); run 'hubsim reset --device \(choice.device)' to enrol again with it, or add --ephemeral or another --device")
            }
            snapshot.appSet[i].external = app.command
            if let j = snapshot.apps.firstIndex(where: { $0.id == app.id }) { snapshot.apps[j].definition.external = app.command }
        }
        return snapshot
    }

    /// The app ids of `--apps`, checked against the catalogue; nil without `--apps` (the
    /// catalogue is then not read: a resumed device does not need it before its first frame).
    func requestedApps() throws -> [AppID]? {
        guard choice.apps != nil else { return nil }
        do { return try choice.appIDs(in: BundledAssets.catalogue()) } catch let error as ValidationError {
            throw CommandError.usage(error.message)
        }
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
            if force { throw CommandError.usage("--force: it only lets --record or --cast replace an existing file; add --record FILE or --cast FILE, or leave --force out") }
            if choice.logFile == nil { return ClaimedOutputs() }
        }
        do throws(OutputFile.Refusal) {
            let claimed = try runFiles().claim()
            return ClaimedOutputs(record: claimed["--record"], cast: claimed["--cast"], log: claimed["--log-file"])
        } catch {
            throw CommandError.usage(error.description)
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
        // The bundled tenant and catalogue are inside hubsim: only a tenant file of one's own is read.
        files.reads(choice.tenant, as: "the tenant file")
        files.writes(record, for: "--record")
        files.writes(cast, for: "--cast")
        files.writes(choice.logFile, for: "--log-file", appending: true)
        return files
    }

    /// Writes the asciicast once the terminal is restored; a recording that cannot be
    /// written is kept elsewhere, and the line says where. False then.
    func finishCast(_ cast: SessionCast, to file: OutputFile) -> Bool {
        let recording = cast.recording
        var line: String
        var written = true
        do throws(OutputFile.WriteFailure) {
            try file.write(Array(recording.text.utf8), what: "the cast", fallbackDirectories: recordingFallbackDirectories(), kind: "cast")
            line = "hubsim: cast \(recording.eventCount) event(s) to \(MessageText.shown(file.path)) (asciicast v2; play it with asciinema play)"
        } catch {
            line = "hubsim: \(error)"
            written = false
        }
        writeNote(line)
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
        outcome.notes.forEach(writeNote)
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
