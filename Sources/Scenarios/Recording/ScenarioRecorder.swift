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
public enum ScenarioRecorder {
    /// A recorded scenario.
    public struct Recording: Sendable {
        /// The scenario file's text.
        public var yaml: String
        /// Environment variables the file refers to (`HUBSIM_PASSWORD_COU1`, …).
        public var variables: [String]
        /// Why the file may not replay as recorded (empty when it will).
        public var warnings: [String]
    }

    /// Records `model`'s walk. `tenant` is what the scenario's `tenant:` key should say
    /// (`strict`, or a path relative to where the file will be saved); nil for the bundled one.
    public static func record(_ model: HubModel, name: String = "Recorded walk", tenant: String? = nil,
                              hasher: any CredentialHasher = ScryptHasher()) -> Recording {
        var replay = Replay(model: model, hasher: hasher)
        let body = replay.steps()
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
        let appIDs = session.snapshot.appSet.map(\.id)
        if appIDs != session.profile.defaultApps { lines.append("apps: \(YAMLText.flowList(appIDs))") }
        if model.width != 80 || model.height != 24 { lines.append("screen: \(model.width)x\(model.height)") }
        lines.append("steps:")
        lines += body
        return Recording(yaml: lines.joined(separator: "\n") + "\n", variables: replay.writer.variables, warnings: warnings)
    }

    /// The scenario YAML for `model`'s walk (see `record`).
    public static func yaml(for model: HubModel, name: String = "Recorded walk", tenant: String? = nil,
                            hasher: any CredentialHasher = ScryptHasher()) -> String {
        record(model, name: name, tenant: tenant, hasher: hasher).yaml
    }
}
