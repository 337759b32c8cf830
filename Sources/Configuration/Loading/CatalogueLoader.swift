import SessionEngine

/// Reads the app catalogue from YAML (`Assets/apps.yaml` by default).
extension AppCatalogue {
    public static func load(yaml text: String, file: String) throws(ConfigError) -> AppCatalogue {
        let root = try YAMLValue.parse(text, file: file)
        let top = try root.fields("the app catalogue", allowed: ["apps"])
        var apps: [AppDefinition] = []
        for node in try top.required("apps").items("apps") {
            let app = try readApp(node)
            try AppSetRules.check(app, at: node, after: apps, verb: "defined")
            apps.append(app)
        }
        return AppCatalogue(apps: apps)
    }

    private static let keys = ["id", "name", "sdk", "support", "backgroundCapability", "listens", "checksOnForeground",
                               "faults", "userItems", "preferences", "commonItems", "summary", "sso"]

    private static func readApp(_ node: YAMLValue) throws(ConfigError) -> AppDefinition {
        let f = try node.fields("an app", allowed: keys)
        let id = try f.name("id")
        let sdkText = try f.string("sdk")
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
                checksAccountOnForeground: try f.bool("checksOnForeground", default: true)))
        case "none": sdk = .none
        default: throw f["sdk"]!.error("unknown sdk '\(sdkText)'; valid: workspace-one, msal, none")
        }
        var faults: [AppFault] = []
        if let list = f["faults"] {
            for item in try list.items("faults") {
                let text = try item.string("a fault")
                guard let fault = AppFault(rawValue: text) else {
                    throw item.error("unknown fault '\(text)'; valid: \(AppFault.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                faults.append(fault)
            }
        }
        var sso: SSOConfiguration?
        if let node = f["sso"] {
            guard case .msal = sdk else { throw node.error("only an app with sdk: msal has an sso configuration (the Microsoft identity SDK's)") }
            sso = try SSOReader.configuration(node)
        }
        return AppDefinition(
            id: id, name: try f["name"]?.name("name") ?? id, sdk: sdk, faults: faults,
            userItems: try f.stringList("userItems"), preferences: try f.stringList("preferences"),
            commonItems: try f.stringList("commonItems"), summary: try f.optionalString("summary") ?? "", sso: sso)
    }
}
