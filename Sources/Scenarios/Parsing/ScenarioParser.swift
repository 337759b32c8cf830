import Configuration
import Foundation
import SessionEngine
import Synchronization

/// Reads scenario files (`Assets/scenarios/README.md`) through the engine's `YAMLValue`, so every problem is
/// reported as `file:line:column: message`, and an unknown key, step or app id names the
/// valid ones.
///
/// Top level: `name`, `profile`, optional `tenant` (a path relative to the scenario file,
/// `strict` for the bundled strict sample, or `default`), `policy` (overrides merged into the
/// tenant's security policy), `sharedDeviceSetup` (overrides of the tenant's MDM set-up of
/// shared device mode, entra-ios), `apps` (the app set pushed at enrollment), `screen`
/// (`WIDTHxHEIGHT` of the off-screen terminal, default 80x24), `faultSeed` (the seed of the
/// device's injected faults, Docs/faults.md), `description`, and `steps`.
public struct ScenarioParser: Sendable {
    /// Values for `${NAME}` references.
    public var environment: [String: String]
    public var catalogue: AppCatalogue
    /// Programs given on the command line (`hubsim run --app`): added to every scenario's
    /// apps, or playing the app of the same name.
    public var addedApps: [CommandLineApp] = []
    private let tenants: TenantCache

    public init(environment: [String: String] = [:], catalogue: AppCatalogue) {
        self.environment = environment
        self.catalogue = catalogue
        self.tenants = TenantCache()
    }

    static let topKeys = ["name", "description", "profile", "tenant", "policy", "sharedDeviceSetup", "managedHomeScreen", "apps", "screen",
                          "faultSeed", "steps"]

    /// Reads and checks the scenario file at `url`.
    public func load(contentsOf url: URL, displayPath: String? = nil) throws(ConfigError) -> Scenario {
        let path = displayPath ?? url.path
        // `URL(fileURLWithPath: "")` is the current directory: an empty argument says so instead.
        let text = try ConfigFile.text(at: displayPath == "" ? "" : url.path, what: "the scenario file", shownAs: path)
        return try parse(text, file: path, directory: url.deletingLastPathComponent())
    }

    /// Reads and checks a scenario from a file on disk or a shipped one.
    public func load(_ source: ScenarioSource) throws(ConfigError) -> Scenario {
        let (text, directory) = try source.read(what: "the scenario file")
        return try parse(text, file: source.shownPath, directory: directory)
    }

    /// Parses scenario text; `directory` resolves a relative `tenant` path.
    public func parse(_ text: String, file: String, directory: URL? = nil) throws(ConfigError) -> Scenario {
        let root = try YAMLValue.parse(text, file: file)
        let top = try root.fields("a scenario", allowed: Self.topKeys)

        let fallbackName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let name = try top["name"]?.text("name", env: environment) ?? fallbackName
        var scenario = try header(top, name: name, file: file, directory: directory)

        let stepsNode = try top.required("steps")
        let context = stepParser(for: scenario)
        var steps: [ScenarioStep] = []
        for node in try stepsNode.items("steps") { steps.append(try context.step(node)) }
        guard !steps.isEmpty else { throw stepsNode.error("a scenario needs at least one step") }
        scenario.steps = steps
        return scenario
    }

    /// The device a scenario (or a lesson) builds: profile, tenant with its policy, apps and
    /// screen size; the steps are left empty.
    func header(_ top: YAMLValue.Fields, name: String, file: String, directory: URL?) throws(ConfigError) -> Scenario {
        let profileNode = try top.required("profile")
        let profileText = try profileNode.text("profile", env: environment)
        guard let profile = ProfileID(rawValue: profileText) else {
            throw profileNode.error("unknown profile '\(profileText)'; valid: \(ProfileID.allCases.map(\.rawValue).joined(separator: ", "))")
        }

        var tenant = try loadTenant(top["tenant"], directory: directory)
        if let policy = top["policy"] { tenant.policy = try PolicyOverrides.merge(policy, into: tenant.policy, env: environment) }
        if let setup = top["sharedDeviceSetup"] {
            guard profile == .entraIOS else { throw setup.error("sharedDeviceSetup is the MDM set-up of entra-ios (shared device mode); this scenario's profile is \(profile.rawValue)") }
            tenant.sharedDeviceSetup = try SharedDeviceSetupReader.read(setup, over: tenant.sharedDeviceSetup)
        }
        if let mhs = top["managedHomeScreen"] {
            // Intune's Managed Home Screen configuration, key by key over the tenant's.
            guard profile == .androidMHS else {
                throw mhs.error("managedHomeScreen is the configuration of Managed Home Screen (android-mhs); this scenario's profile is \(profile.rawValue)")
            }
            tenant.managedHomeScreen = try ManagedHomeScreenReader.read(mhs, over: tenant.managedHomeScreen)
        }

        let apps = CommandLineApp.merge(addedApps, into: try appSet(top["apps"], profile: profile, directory: directory), profile: profile)
        let (width, height) = try screenSize(top["screen"])
        var scenario = Scenario(name: name, file: file, profile: profile, tenant: tenant, apps: apps,
                                screenWidth: width, screenHeight: height, steps: [])
        scenario.faultSeed = try top["faultSeed"].map { node throws(ConfigError) in try faultSeed(node) }
        return scenario
    }

    /// Reads the steps of `scenario`'s device.
    func stepParser(for scenario: Scenario) -> StepParser {
        StepParser(profile: scenario.profile, appIDs: scenario.apps.map(\.id), env: environment)
    }

    private func loadTenant(_ node: YAMLValue?, directory: URL?) throws(ConfigError) -> Tenant {
        guard let node else { return try tenants.tenant(.bundled) }
        let text = try node.text("tenant", env: environment)
        switch text {
        case "default": return try tenants.tenant(.bundled)
        case "strict": return try tenants.tenant(.strict)
        default:
            let url = Self.tenantURL(text, directory: directory)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw node.error("tenant file '\(text)' not found (looked for \(url.path)); or write 'strict' or 'default' for a bundled tenant")
            }
            return try tenants.tenant(.file(url.standardizedFileURL.path))
        }
    }

    /// A `tenant: FILE` value as a file: absolute, or relative to the scenario's directory.
    private static func tenantURL(_ text: String, directory: URL?) -> URL {
        text.hasPrefix("/") ? URL(fileURLWithPath: text)
            : (directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(text)
    }

    /// The tenant file the scenario or lesson file at `path` names (`tenant: FILE`, resolved
    /// as `load` resolves it), so a command can keep its outputs off it before anything runs;
    /// nil when it names none or a bundled one, or cannot be read (its run then says why).
    public func tenantFile(referencedBy path: String) -> String? {
        guard let text = try? ConfigFile.text(at: path, what: "the scenario file"),
              let root = try? YAMLValue.parse(text, file: path),
              let node = (try? root.entries("a scenario"))?.first(where: { $0.key == "tenant" })?.value,
              let name = try? node.text("tenant", env: environment), name != "default", name != "strict" else { return nil }
        return Self.tenantURL(name, directory: URL(fileURLWithPath: path).deletingLastPathComponent()).path
    }

    private func appSet(_ node: YAMLValue?, profile: ProfileID, directory: URL?) throws(ConfigError) -> [AppDefinition] {
        guard let node else {
            do { return try catalogue.select(DeviceProfile.named(profile).defaultApps) } catch {
                throw ConfigError(file: node?.file ?? "", line: 1, column: 1, message: error.description)
            }
        }
        var out: [AppDefinition] = []
        for item in try node.items("apps") {
            let app: AppDefinition
            let idNode: YAMLValue
            let keys = item.isMapping ? try item.entries("an app entry").map(\.key) : []
            // An entry with `app:` names a catalogue app (a wrong key beside it is a typo, said so).
            if !keys.contains("app"), keys.contains(where: { !Self.catalogueEntryKeys.contains($0) }) {
                // `{id: myapp, exec: [python3, myapp.py], …}`: an app of this file's own, read as
                // the catalogue reads its apps (a developer's program, most often).
                idNode = item
                app = try AppEntryReader.read(item, directory: directory?.path, defaultSDK: Self.defaultSDK(of: profile))
                if catalogue.app(app.id) != nil, app.external == nil {
                    throw item.error("app '\(app.id)' is the catalogue's; list it as '- \(app.id)' (or give 'exec' to play it with your own program)")
                }
            } else {
                // `mail`, or `{app: mail, sso: {…}, faults: [drop]}`: the catalogue's app with its
                // SSO set-up changed, or with faults added to its own.
                let fields = item.isMapping ? try item.fields("an app entry", allowed: Self.catalogueEntryKeys) : nil
                idNode = try fields?.required("app") ?? item
                let id = try idNode.text("an app id", env: environment)
                guard var known = catalogue.app(id) else {
                    throw idNode.error("unknown app '\(id)'; valid apps: \(catalogue.ids.joined(separator: ", ")), or an entry of your own with 'id' and 'exec'")
                }
                if let sso = fields?["sso"] { known = try known.overridingSSO(with: sso) }
                if let list = fields?["faults"] { known = try Self.adding(faults: list, to: known) }
                app = known
            }
            // The catalogue's rules for the set, on the apps as this file changes them.
            try AppSetRules.check(app, at: idNode, after: out, verb: "listed")
            out.append(app)
        }
        guard !out.isEmpty else { throw node.error("'apps' needs at least one app; valid apps: \(catalogue.ids.joined(separator: ", "))") }
        return out
    }

    /// The keys of an entry that lists a catalogue app: any other key makes it an app of the file's own.
    static let catalogueEntryKeys = ["app", "sso", "faults"]

    /// A catalogue app with the faults a scenario lists for it: its own deliberate faults stay
    /// (they are what the app demonstrates), the listed ones are added, delivery faults in order.
    static func adding(faults node: YAMLValue, to app: AppDefinition) throws(ConfigError) -> AppDefinition {
        let (deliberate, delivery) = try FaultEntry.list(node)
        var changed = app
        for f in deliberate where !changed.faults.contains(f) { changed.faults.append(f) }
        let armed = (app.deliveryFaults ?? []) + delivery
        changed.deliveryFaults = armed.isEmpty ? nil : armed
        return changed
    }

    /// The SDK of an app entry that names none: the profile's own (Workspace ONE's SDK on a
    /// Workspace ONE device, MSAL in Entra shared device mode).
    static func defaultSDK(of profile: ProfileID) -> String {
        profile == .workspaceOne ? "workspace-one" : "msal"
    }

    /// `faultSeed: 42`: a whole number from 0 to 2^64-1, as the recorder writes a device's seed.
    private func faultSeed(_ node: YAMLValue) throws(ConfigError) -> UInt64 {
        let text = try node.text("faultSeed", env: environment).trimmingCharacters(in: .whitespaces)
        guard let seed = UInt64(text) else {
            throw node.error("faultSeed must be a whole number from 0 to \(UInt64.max), the seed of the device's injected faults (got \(PrintableText.quoted(text)))")
        }
        return seed
    }

    private func screenSize(_ node: YAMLValue?) throws(ConfigError) -> (Int, Int) {
        guard let node else { return (80, 24) }
        let text = try node.text("screen", env: environment)
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1] else {
            throw node.error("screen must be WIDTHxHEIGHT, e.g. 80x24 or 120x40 (got \(PrintableText.quoted(text)))")
        }
        guard (20...Limits.screenWidth).contains(width), (5...Limits.screenHeight).contains(height) else {
            throw node.error("screen must be between 20x5 and \(Limits.screenWidth)x\(Limits.screenHeight) (got \(PrintableText.quoted(text)))")
        }
        return (width, height)
    }

}

/// Tenants read once per run: scenarios that name the same tenant share one parse.
final class TenantCache: Sendable {
    enum Source: Hashable, Sendable { case bundled, strict, file(String) }
    /// Held while a tenant is read, so two scenarios naming the same one read it once.
    private let cache = Mutex<[Source: Tenant]>([:])

    func tenant(_ source: Source) throws(ConfigError) -> Tenant {
        try cache.withLock { (cache: inout [Source: Tenant]) throws(ConfigError) -> Tenant in
            if let t = cache[source] { return t }
            let t: Tenant
            switch source {
            case .bundled: t = try BundledAssets.tenant()
            case .strict: t = try BundledAssets.strictTenant()
            case let .file(path): t = try TenantLoader.load(path: path)
            }
            cache[source] = t
            return t
        }
    }
}

/// `policy:` in a scenario: the tenant file's policy keys, each overriding one setting.
enum PolicyOverrides {
    static let keys = ["appPasscode", "inactivityTimeout", "failedAttemptLimit", "lockoutSeconds"]

    static func merge(_ node: YAMLValue, into base: SecurityPolicy, env: [String: String]) throws(ConfigError) -> SecurityPolicy {
        let f = try node.fields("the policy", allowed: keys)
        var policy = base
        if let passcode = f["appPasscode"] {
            let pf = try passcode.fields("appPasscode", allowed: ["required", "minLength"])
            let required = try pf.bool("required", default: true)
            if required {
                policy.appPasscodeMinLength = try pf.integer("minLength", in: 1...16, unit: "digits", default: base.appPasscodeMinLength ?? 4)
            } else {
                policy.appPasscodeMinLength = nil
            }
        }
        if let v = f["inactivityTimeout"] {
            policy.inactivityTimeout = try ScenarioValues.seconds(v, "inactivityTimeout", env: env, from: 0.001)
        }
        if let v = f["failedAttemptLimit"] {
            policy.failedAttemptLimit = try v.integer("failedAttemptLimit", in: 1...Limits.attempts)
        }
        if let v = f["lockoutSeconds"] {
            policy.lockoutDuration = try ScenarioValues.seconds(v, "lockoutSeconds", env: env)
        }
        return policy
    }
}

/// Small value readers shared by the scenario parser.
enum ScenarioValues {
    /// Seconds as a number (`300`, `0.5`) or with a unit (`90s`, `5m`, `1h`, `250ms`), in whole
    /// milliseconds (the clock's step) from `lower` to `Limits.durationSeconds` (10 years).
    static func seconds(_ node: YAMLValue, _ what: String, env: [String: String], from lower: Double = 0) throws(ConfigError) -> Double {
        let text = try node.text(what, env: env).trimmingCharacters(in: .whitespaces)
        let bounds = "between \(formatSeconds(lower)) and \(Limits.grouped(Limits.durationSeconds)) seconds (10 years)"
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var value: Double?
        if let v = Double(text) { value = v }
        for (suffix, factor) in units where value == nil && text.hasSuffix(suffix) {
            if let v = Double(text.dropLast(suffix.count)) { value = v * factor }
        }
        guard let value, value.isFinite else {
            throw node.error("\(what) must be a number of seconds, or a duration such as 90s, 5m or 1h, \(bounds) (got \(PrintableText.quoted(text)))")
        }
        guard value >= lower, value <= Double(Limits.durationSeconds) else {
            throw node.error("\(what) must be \(bounds) (got \(PrintableText.quoted(text)))")
        }
        let milliseconds = (value * 1000).rounded()
        guard abs(value * 1000 - milliseconds) < 1e-6 else {
            throw node.error("\(what) must be \(bounds), in whole milliseconds (got \(PrintableText.quoted(text)))")
        }
        return milliseconds / 1000
    }
}
