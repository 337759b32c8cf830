import Foundation

/// The defaults shipped in `Assets/`: the tenant, the strict sample tenant, the app
/// catalogue and the scenario library. Embedded in the build as resources, so
/// `swift run hubsim` works from any directory.
public enum BundledAssets {
    public static func url(_ name: String) -> URL? {
        guard let dir = assetsDirectory else { return nil }
        let url = dir.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Where the resources were copied by the build, found without `Bundle.module`, whose
    /// accessor traps when the bundle is missing: a moved binary gets a clear error instead.
    public static let assetsDirectory: URL? = {
        let bundleName = "hubsim_SessionEngine.resources"
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for base in candidates {
            var dir = base
            // An .xctest bundle sits one or two levels below the build directory on some hosts.
            for _ in 0..<3 {
                let assets = dir.appendingPathComponent(bundleName).appendingPathComponent("Assets")
                if FileManager.default.fileExists(atPath: assets.appendingPathComponent("apps.yaml").path) { return assets }
                dir = dir.deletingLastPathComponent()
            }
        }
        return nil
    }()

    public static func text(_ name: String) throws(ConfigError) -> String {
        guard let url = url(name), let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw ConfigError(file: "Assets/\(name)", line: 1, column: 1, message: "the bundled asset is missing from this build")
        }
        return text
    }

    /// The default tenant: Group ID FRONTLINE, staging user `stage`, users `cou1` and `cou2`.
    public static func tenant() throws(ConfigError) -> Tenant {
        try TenantLoader.load(yaml: text("tenant.yaml"), file: "Assets/tenant.yaml")
    }

    /// The strict sample: app passcode (4 digits), 120 s inactivity, a Single User Devices staging user.
    public static func strictTenant() throws(ConfigError) -> Tenant {
        try TenantLoader.load(yaml: text("tenant-strict.yaml"), file: "Assets/tenant-strict.yaml")
    }

    public static func catalogue() throws(ConfigError) -> AppCatalogue {
        try AppCatalogue.load(yaml: text("apps.yaml"), file: "Assets/apps.yaml")
    }

    /// The shipped scenario files, sorted by name.
    public static func scenarioURLs() -> [URL] {
        guard let dir = url("scenarios"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { dir.appendingPathComponent($0) }
    }
}
