import Foundation
import SessionEngine

/// Reads one app entry, the same in the app catalogue (`apps.yaml`) and in a scenario's
/// `apps:` list: its id, name, SDK and traits, and, for a developer's own program
/// (Docs/bridge-protocol.md), the command that starts it:
///
/// ```yaml
/// - id: myapp
///   name: My app
///   sdk: workspace-one
///   exec: [python3, myapp.py]     # a list: no shell reads it
///   cwd: apps                     # relative to the file's folder (default: the folder)
///   env: {MYAPP_DEBUG: "1"}       # added to hubsim's environment, in this order
///   timeout: 2s                   # or 500ms: an event unanswered this long marks it hung
/// ```
///
/// Relative paths are resolved here, against the folder of the file that names them, and the
/// definition keeps the result (`ExternalProgram.workingDirectory`): whoever starts the
/// program later needs no other state.
public enum AppEntryReader {
    static let templateKeys = ["faults", "userItems", "preferences", "commonItems"]
    static let commandKeys = ["exec", "cwd", "env", "timeout"]
    public static let keys = ["id", "name", "sdk", "support", "backgroundCapability", "listens", "checksOnForeground",
                              "receiver", "intuneClearsData", "summary", "sso"] + templateKeys + commandKeys

    /// The shortest and longest time limit an app may set: below 10 ms an ordinary handler
    /// would be called hung; over ten minutes a hang would go unseen for a whole session.
    static let timeoutRange = 10...600_000

    /// The app `node` defines. `directory` is the folder of the file (relative `cwd` and a
    /// relative program path resolve against it; nil: the current directory); `defaultSDK`
    /// is the SDK an entry without `sdk:` gets (nil: `sdk` is required).
    public static func read(_ node: YAMLValue, directory: String?, defaultSDK: String? = nil) throws(ConfigError) -> AppDefinition {
        let f = try node.fields("an app", allowed: keys)
        let id = try f.name("id")
        let sdkText = try f.optionalString("sdk") ?? defaultSDK
        guard let sdkText else { throw node.error("an app needs 'sdk' (workspace-one, msal or none)") }
        let sdk: AppSDK
        switch sdkText {
        case "workspace-one":
            let supportText = try f.optionalString("support") ?? "none"
            guard let support = SharedDeviceSupport(rawValue: supportText) else {
                throw (f["support"] ?? node).error("unknown support '\(supportText)'; valid: \(SharedDeviceSupport.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            sdk = .workspaceOne(support)
        case "msal":
            sdk = .msal(MSALTraits(
                backgroundCapability: try f.bool("backgroundCapability", default: false),
                listensForNotification: try f.bool("listens", default: true),
                checksAccountOnForeground: try f.bool("checksOnForeground", default: true),
                receiver: try receiver(f)))
        case "none": sdk = .none
        default: throw (f["sdk"] ?? node).error("unknown sdk '\(sdkText)'; valid: workspace-one, msal, none")
        }
        // One list, two kinds of entries: the app's own faults and delivery faults armed at install.
        let faults = try f["faults"].map { list throws(ConfigError) in try FaultEntry.list(list) } ?? (deliberate: [], delivery: [])
        var sso: SSOConfiguration?
        if let node = f["sso"] {
            guard case .msal = sdk else { throw node.error("only an app with sdk: msal has an sso configuration (the Microsoft identity SDK's)") }
            sso = try SSOReader.configuration(node)
        }
        if case .msal = sdk {} else if let node = f["receiver"] {
            throw node.error("only an app with sdk: msal has a receiver (for Android's CURRENT_ACCOUNT_CHANGED broadcast)")
        }
        let external = try command(f, directory: directory)
        if external != nil, let key = templateKeys.first(where: { f[$0] != nil && $0 != "faults" }) {
            // The simulator's templates play an app; a program plays its own (storage/put).
            throw f[key]!.error("'\(key)' is for the simulator's own apps; an app with 'exec' keeps and shows what its program says (storage/put, screen/show)")
        }
        if external != nil, let own = faults.deliberate.first, let list = f["faults"] {
            // A program's wipe is its own code: a delivery fault reaches it, a scripted flaw cannot.
            throw list.error("'\(own.rawValue)' is a fault of the simulator's own apps; a program takes delivery faults only: \(FaultEntry.validDelivery)")
        }
        return AppDefinition(
            id: id, name: try f["name"]?.name("name") ?? id, sdk: sdk, faults: faults.deliberate,
            userItems: try f.stringList("userItems"), preferences: try f.stringList("preferences"),
            commonItems: try f.stringList("commonItems"), summary: try f.optionalString("summary") ?? "", sso: sso,
            external: external, deliveryFaults: faults.delivery, intuneClearsData: try f.bool("intuneClearsData", default: false))
    }

    /// `receiver: runtime | manifest | none` (Android); absent: derived from `listens`.
    static func receiver(_ f: YAMLValue.Fields) throws(ConfigError) -> BroadcastReceiverRegistration? {
        guard let node = f["receiver"] else { return nil }
        let text = try node.string("receiver")
        guard let receiver = BroadcastReceiverRegistration(rawValue: text) else {
            let valid = BroadcastReceiverRegistration.allCases.map(\.rawValue).joined(separator: ", ")
            throw node.error("unknown receiver '\(PrintableText.quoted(text))'; valid: \(valid)")
        }
        return receiver
    }

    /// `exec`, `cwd`, `env` and `timeout`: the program's command; nil without `exec`.
    static func command(_ f: YAMLValue.Fields, directory: String?) throws(ConfigError) -> ExternalProgram? {
        guard let execNode = f["exec"] else {
            if let key = commandKeys.first(where: { f[$0] != nil }) {
                throw f[key]!.error("'\(key)' belongs to a program: add 'exec: [program, argument, …]'")
            }
            return nil
        }
        guard execNode.isSequence else {
            let shown = execNode.isScalar ? (try? execNode.string("exec")).map { " [" + $0.split(separator: " ").joined(separator: ", ") + "]" } ?? "" : ""
            throw execNode.error("exec must be a list, the program and its arguments (no shell reads it): write exec:\(shown.isEmpty ? " [python3, myapp.py]" : shown)")
        }
        var exec: [String] = []
        for item in try execNode.items("exec") {
            let text = try item.string("an entry of exec")
            if exec.isEmpty && text.isEmpty { throw item.error("exec's first entry is the program to run; it must not be empty") }
            exec.append(text)
        }
        guard !exec.isEmpty else { throw execNode.error("exec must name a program: exec: [program, argument, …]") }
        let base = absolute(directory ?? FileManager.default.currentDirectoryPath, against: FileManager.default.currentDirectoryPath)
        var workingDirectory = base
        if let cwdNode = f["cwd"] {
            let text = try cwdNode.string("cwd")
            guard !text.isEmpty else { throw cwdNode.error("cwd must not be empty; leave it out to run in the file's folder") }
            workingDirectory = absolute(text, against: base)
        }
        // A program named by a relative path (`./myapp`, `bin/myapp`) is found where it runs,
        // as a shell would after `cd`; a bare name (`python3`) is looked up in PATH.
        if exec[0].contains("/") { exec[0] = absolute(exec[0], against: workingDirectory) }
        var environment: [EnvironmentVariable] = []
        if let envNode = f["env"] {
            for entry in try envNode.entries("env") {
                guard isVariableName(entry.key) else {
                    throw entry.keyNode.error("env: '\(PrintableText.quoted(entry.key))' is not a variable name (letters, digits and _, not starting with a digit)")
                }
                environment.append(EnvironmentVariable(name: entry.key, value: try entry.value.string("env \(entry.key)")))
            }
        }
        var timeout: Int?
        if let node = f["timeout"] { timeout = try milliseconds(node) }
        return ExternalProgram(exec: exec, workingDirectory: workingDirectory, environment: environment, timeoutMilliseconds: timeout)
    }

    /// `2s`, `1.5s` or `500ms`, in whole milliseconds within `timeoutRange`. A bare number is
    /// refused: seconds or milliseconds, the reader could not tell.
    static func milliseconds(_ node: YAMLValue) throws(ConfigError) -> Int {
        let text = try node.string("timeout").trimmingCharacters(in: .whitespaces)
        let bounds = "between 10ms and 600s"
        var value: Double?
        if text.hasSuffix("ms") { value = Double(text.dropLast(2)) } else if text.hasSuffix("s") { value = Double(text.dropLast()).map { $0 * 1000 } }
        guard let value, value.isFinite, value == value.rounded() else {
            throw node.error("timeout must be a duration with its unit, such as 2s or 500ms, \(bounds) (got '\(PrintableText.quoted(text))')")
        }
        guard timeoutRange.contains(Int(value)) else { throw node.error("timeout must be \(bounds) (got '\(PrintableText.quoted(text))')") }
        return Int(value)
    }

    /// `path` made absolute against `base`, with `.` and `..` resolved.
    public static func absolute(_ path: String, against base: String) -> String {
        let joined = path.hasPrefix("/") ? path : (base.hasSuffix("/") ? base : base + "/") + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    static func isVariableName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !(("0"..."9").contains(first)) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
