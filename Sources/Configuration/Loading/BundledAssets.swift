import Foundation
import SessionEngine

/// The defaults shipped in `Assets/`: the tenant, the strict sample tenant, the app
/// catalogue and the scenario library. Embedded in the build as this module's resources,
/// so `swift run hubsim` works from any directory.
public enum BundledAssets {
    public static func url(_ name: String) -> URL? {
        path(name).map { URL(fileURLWithPath: $0) }
    }

    /// Where the resources were copied by the build (SwiftPM puts `<package>_<target>.resources`
    /// beside the executable), found without `Bundle.module`, whose accessor traps when the
    /// bundle is missing: a moved binary gets a clear error instead. Plain system calls, as
    /// this runs before hubsim's first frame (no `FileManager`; Docs/performance.md, Benchmarks).
    public static let assetsDirectory: String? = {
        let bundleName = "hubsim_Configuration.resources"
        // Tried in order and only as far as needed: `Bundle.main` is the costly one (a
        // symbol-table walk) and is only needed where /proc is missing (macOS).
        let candidates: [() -> String?] = [
            { TextFile.linkTarget("/proc/self/exe") },
            { Bundle.main.executablePath },
            { CommandLine.arguments.first },
        ]
        for candidate in candidates {
            guard var dir = candidate().map(parent) else { continue }
            // An .xctest bundle sits one or two levels below the build directory on some hosts.
            for _ in 0..<3 {
                let assets = dir + "/" + bundleName + "/Assets"
                if TextFile.isReadable(assets + "/apps.yaml") { return assets }
                dir = parent(dir)
            }
        }
        return nil
    }()

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func path(_ name: String) -> String? {
        guard let dir = assetsDirectory else { return nil }
        let path = dir + "/" + name
        return TextFile.isReadable(path) ? path : nil
    }

    public static func text(_ name: String) throws(ConfigError) -> String {
        guard let path = path(name), let text = try? TextFile.text(at: path) else {
            throw ConfigError(file: "Assets/\(name)", line: 1, column: 1, message: "the bundled asset is missing from this build")
        }
        return text
    }

    /// The default tenant: Group ID FRONTLINE, staging user `stage`, users `cou1` and `cou2`.
    /// `Assets/tenant.yaml` as decoded when hubsim was built (`CompiledAssets`): hubsim's start
    /// parses no YAML. It cannot fail; it throws as the loaders do, so callers read the same
    /// for the bundled tenant as for a tenant file.
    public static func tenant() throws(ConfigError) -> Tenant { CompiledAssets.tenant }

    /// The strict sample: app passcode (4 digits), 120 s inactivity, a Single User Devices staging user.
    public static func strictTenant() throws(ConfigError) -> Tenant {
        try TenantLoader.load(yaml: text("tenant-strict.yaml"), file: "Assets/tenant-strict.yaml")
    }

    /// The app catalogue: `Assets/apps.yaml` as decoded when hubsim was built (`CompiledAssets`),
    /// as `tenant()` is.
    public static func catalogue() throws(ConfigError) -> AppCatalogue { CompiledAssets.catalogue }

    /// The compiled catalogue's definition of `id` when `json` is exactly its text as the
    /// device store writes it (JSON with sorted keys), else nil: a resumed device takes it
    /// instead of decoding the text, whose first decode of each `Codable` type costs more than
    /// the bytes (Docs/performance.md). Any other text, an older or edited definition, is decoded as stored.
    public static func compiledDefinition(_ id: AppID, json: String) -> AppDefinition? {
        let apps = CompiledAssets.catalogue.apps
        guard let index = apps.firstIndex(where: { $0.id == id }), CompiledAssets.catalogueJSON[index] == json else { return nil }
        return apps[index]
    }

    /// The shipped scenario files, sorted by name. Only `hubsim run --library` and the tests
    /// list them, never a start, so `FileManager` is fine here.
    public static func scenarioURLs() -> [URL] { yamlURLs(in: "scenarios") }

    /// The shipped lessons (`Assets/lessons`), sorted by name: `hubsim lesson`'s picker and CI.
    public static func lessonURLs() -> [URL] { yamlURLs(in: "lessons") }
    /// The shipped race presets (`Assets/races`), sorted by name: `hubsim race`'s picker and CI.
    public static func raceURLs() -> [URL] { yamlURLs(in: "races") }
    /// The shipped comparison files (`Assets/comparisons`), sorted by name.
    public static func comparisonURLs() -> [URL] { yamlURLs(in: "comparisons") }

    private static func yamlURLs(in folder: String) -> [URL] {
        guard let dir = path(folder),
            let names = try? FileManager.default.contentsOfDirectory(atPath: dir)
        else { return [] }
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { URL(fileURLWithPath: dir + "/" + $0) }
    }
}
