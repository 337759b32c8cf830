import Configuration
import HubUI
import Platform
import SessionEngine

/// Turns a manual walk in the interactive UI into a scenario: every action the `HubModel`
/// applied becomes a step (refused ones with `refused: TAG`), and the state at each
/// checkpoint the person marked, and at the end, becomes `expect`, `expectApp` and leak
/// assertions. Replaying the file with `hubsim run` passes.
///
/// The recorder never writes a secret: passwords and passcodes become `${HUBSIM_PASSWORD_USER}`
/// and `${HUBSIM_PASSCODE_USER}` references (listed in `Recording.variables` and in the
/// file's header), and a secret the engine rejected becomes a placeholder that is rejected again.
///
/// To know the state at each checkpoint, the recorder replays the walk on a fresh device
/// with the same profile, tenant and apps; a walk that started from a saved (already
/// enrolled) device cannot be replayed from scratch, which `Recording.warnings` says.
///
/// The replay is incremental: `append` replays the actions the model applied since its last
/// call, and `recording` only the last step or two `append` left pending, so saving a
/// recording does not replay the walk (nor repeat its key derivations).
///
/// A walk with developers' programs (`exec:` apps, `--app`) is replayed once, when the
/// recording is taken, with the programs run afresh and settled after every step as
/// `hubsim run` settles them (Docs/architecture.md, "Every app through one port"): the walk's
/// own programs are never waited for, so a slow or hung one costs the Hub no key.
public struct ScenarioRecorder: Sendable {
    private var replay: Replay
    private let hasher: any CredentialHasher
    /// Whether the walk's apps include programs: then nothing is replayed before `recording`.
    private let runsPrograms: Bool

    /// A recorder for the walk `model` starts (its device gives the profile, tenant and apps).
    public init(model: HubModel, hasher: any CredentialHasher = ScryptHasher()) {
        replay = Replay(model: model, hasher: hasher)
        self.hasher = hasher
        runsPrograms = model.device.snapshot.appSet.contains(where: \.isExternal)
    }

    /// Replays what `model` applied since the last call (the last step waits: it may grow).
    public mutating func append(_ model: HubModel) {
        guard !runsPrograms else { return }
        replay.append(model)
    }

    /// How many of the walk's actions have been replayed so far.
    var replayedEntries: Int { replay.replayedEntries }

    /// The recorder as `recording` leaves it, for tests: the replay finished on a copy.
    func finished(_ model: HubModel) -> Replay {
        var finished = replay
        finished.append(model)
        _ = finished.finish()
        return finished
    }

    /// A recorded scenario.
    public struct Recording: Sendable {
        /// The scenario file's text.
        public var yaml: String
        /// Environment variables the file refers to (`HUBSIM_PASSWORD_COU1`, …).
        public var variables: [String]
        /// Why the file may not replay as recorded (empty when it will).
        public var warnings: [String]
    }

    /// Records `model`'s walk from scratch (see `recording(of:name:tenant:)`).
    public static func record(_ model: HubModel, name: String = "Recorded walk", tenant: String? = nil,
                              hasher: any CredentialHasher = ScryptHasher()) -> Recording {
        ScenarioRecorder(model: model, hasher: hasher).recording(of: model, name: name, tenant: tenant)
    }

    /// The recording of `model`'s walk, replaying only what `append` has not. `tenant` is what
    /// the scenario's `tenant:` key should say (`strict`, or a path relative to where the file
    /// will be saved); nil for the bundled one. The recorder itself is left as it was.
    public func recording(of model: HubModel, name: String = "Recorded walk", tenant: String? = nil) -> Recording {
        // With programs, a replay of its own each time, whose processes end with it.
        var replay = runsPrograms ? Replay(model: model, hasher: hasher) : self.replay
        replay.append(model)
        let body = replay.finish()
        defer { replay.endPrograms() }
        var warnings: [String] = []
        let session = model.device
        let replayed = replay.device
        if replay.divergedFromSession || replayed.state != session.state || replayed.foreground != session.foreground
            || replayed.online != session.online || replayed.apps.map(\.lifecycle) != session.apps.map(\.lifecycle) {
            warnings.append("the walk started from a saved device (now \(session.state)); replayed on a new device it ends \(replayed.state): record from a new device (--ephemeral) to get a faithful scenario")
        }
        var lines = ["# Recorded by hubsim: every action of an interactive walk, with the state at each"]
        lines.append("# checkpoint and at the end. Secrets are never written; export these to replay:")
        if replay.writer.variables.isEmpty {
            lines.append("#   (none)")
        } else {
            lines.append("#   " + replay.writer.variables.map { "\($0)=…" }.joined(separator: " "))
        }
        lines.append("#   hubsim run THIS-FILE")
        for w in warnings { lines.append("# WARNING: \(w)") }
        lines.append("name: \(YAMLText.scalar(name))")
        lines.append("profile: \(session.profile.id.rawValue)")
        if let tenant { lines.append("tenant: \(YAMLText.scalar(tenant))") }
        let appSet = session.snapshot.appSet
        let appIDs = appSet.map(\.id)
        if appSet.contains(where: \.isExternal) {
            // A program is an entry of the file's own, with its command (Docs/bridge-protocol.md).
            lines.append("apps:")
            for app in appSet { lines += Self.entry(app) }
        } else if appSet.contains(where: { $0.deliveryFaults != nil }) {
            // Delivery faults the walk's apps were installed with are armed again at install.
            let entries = appSet.map { app in
                app.deliveryFaults.map { "{app: \(YAMLText.flowItem(app.id)), faults: \(YAMLText.flowList($0.map(\.label)))}" } ?? YAMLText.flowItem(app.id)
            }
            lines.append("apps: [" + entries.joined(separator: ", ") + "]")
        } else if appIDs != session.profile.defaultApps {
            lines.append("apps: \(YAMLText.flowList(appIDs))")
        }
        if model.width != 80 || model.height != 24 { lines.append("screen: \(model.width)x\(model.height)") }
        // A walk that armed faults replays them with its seed (a crash-in-callback's partial wipe).
        if let seed = session.snapshot.faults?.seed { lines.append("faultSeed: \(seed)") }
        lines.append("steps:")
        lines += body
        return Recording(yaml: lines.joined(separator: "\n") + "\n", variables: replay.writer.variables, warnings: warnings)
    }

    /// An app of the `apps:` list: a catalogue app by its id (with its delivery faults), a
    /// program as an entry with its SDK, its traits and its command. The command's paths are
    /// absolute (`--app` made them so), so the file replays from any folder.
    static func entry(_ app: AppDefinition) -> [String] {
        guard let command = app.external else {
            return ["  - " + (app.deliveryFaults.map { "{app: \(YAMLText.flowItem(app.id)), faults: \(YAMLText.flowList($0.map(\.label)))}" }
                ?? YAMLText.flowItem(app.id))]
        }
        var lines = ["  - id: \(YAMLText.scalar(app.id))", "    name: \(YAMLText.scalar(app.name))"]
        switch app.sdk {
        case let .workspaceOne(support):
            lines.append("    sdk: workspace-one")
            if support != .none { lines.append("    support: \(support.rawValue)") }
        case let .msal(traits):
            lines.append("    sdk: msal")
            if traits.backgroundCapability { lines.append("    backgroundCapability: true") }
            if !traits.listensForNotification { lines.append("    listens: false") }
            if !traits.checksAccountOnForeground { lines.append("    checksOnForeground: false") }
            if let receiver = traits.receiver { lines.append("    receiver: \(receiver.rawValue)") }
        case .none:
            lines.append("    sdk: none")
        }
        lines.append("    exec: \(YAMLText.flowList(command.exec))")
        if let folder = command.workingDirectory { lines.append("    cwd: \(YAMLText.scalar(folder))") }
        if !command.environment.isEmpty {
            lines.append("    env: {" + command.environment.map { "\(YAMLText.flowItem($0.name)): \(YAMLText.flowItem($0.value))" }.joined(separator: ", ") + "}")
        }
        if let timeout = command.timeoutMilliseconds { lines.append("    timeout: \(timeout)ms") }
        if let faults = app.deliveryFaults { lines.append("    faults: \(YAMLText.flowList(faults.map(\.label)))") }
        return lines
    }

    /// The scenario YAML for `model`'s walk (see `record`).
    public static func yaml(for model: HubModel, name: String = "Recorded walk", tenant: String? = nil,
                            hasher: any CredentialHasher = ScryptHasher()) -> String {
        record(model, name: name, tenant: tenant, hasher: hasher).yaml
    }
}
