import SessionEngine

/// The files shipped in `Assets/`: the tenant, the strict sample tenant, the app catalogue,
/// the scenario library, the lessons, the race presets and the comparisons. Compiled into
/// hubsim (`EmbeddedAssets`, generated from the files and checked by a test), so that the
/// binary is the whole program: copied on its own (`cp …/hubsim ~/bin/`) it still finds every
/// one, and a start reads no file for them.
public enum BundledAssets {
    /// The text of the shipped file `name` (a path below `Assets/`, e.g. `tenant-strict.yaml`
    /// or `lessons/ws1-offline.yaml`).
    public static func text(_ name: String) throws(ConfigError) -> String {
        guard let text = EmbeddedAssets.files.first(where: { $0.key == name })?.value else {
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

    /// The shipped scenario files (`Assets/scenarios`), sorted by name: `hubsim run --library`,
    /// the compare picker and CI.
    public static func scenarioFiles() -> [BundledFile] { files(in: "scenarios") }
    /// The shipped lessons (`Assets/lessons`), sorted by name: `hubsim lesson`'s picker and CI.
    public static func lessonFiles() -> [BundledFile] { files(in: "lessons") }
    /// The shipped race presets (`Assets/races`), sorted by name: `hubsim race`'s picker and CI.
    public static func raceFiles() -> [BundledFile] { files(in: "races") }
    /// The shipped comparison files (`Assets/comparisons`), sorted by name.
    public static func comparisonFiles() -> [BundledFile] { files(in: "comparisons") }

    /// The shipped `.yaml` files directly in `folder`, sorted by name.
    public static func files(in folder: String) -> [BundledFile] {
        EmbeddedAssets.files.compactMap { name, text in
            guard name.hasPrefix(folder + "/"), name.hasSuffix(".yaml"), !name.dropFirst(folder.count + 1).contains("/") else { return nil }
            return BundledFile(path: name, text: text)
        }
    }
}
