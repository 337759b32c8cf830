import Foundation

/// The apps a device can have, read from YAML (`Assets/apps.yaml` by default).
public struct AppCatalogue: Sendable, Equatable {
    public var apps: [AppDefinition]

    public init(apps: [AppDefinition]) { self.apps = apps }

    public func app(_ id: AppID) -> AppDefinition? { apps.first { $0.id == id } }
    public var ids: [AppID] { apps.map(\.id) }

    /// The definitions for `ids`, in that order; an unknown id is an error naming the valid ones.
    public func select(_ ids: [AppID]) throws(CatalogueError) -> [AppDefinition] {
        var out: [AppDefinition] = []
        for id in ids {
            guard let app = app(id) else { throw CatalogueError.unknownApp(id, valid: self.ids) }
            out.append(app)
        }
        return out
    }

    public static func load(yaml text: String, file: String) throws(ConfigError) -> AppCatalogue {
        let root = try YAMLValue.parse(text, file: file)
        let top = try root.fields("the app catalogue", allowed: ["apps"])
        var apps: [AppDefinition] = []
        for node in try top.required("apps").items("apps") {
            let app = try readApp(node)
            if apps.contains(where: { $0.id == app.id }) { throw node.error("app '\(app.id)' is defined twice") }
            apps.append(app)
        }
        return AppCatalogue(apps: apps)
    }

    private static let keys = ["id", "name", "sdk", "support", "backgroundCapability", "listens", "checksOnForeground",
                               "faults", "userItems", "preferences", "commonItems", "summary"]

    private static func readApp(_ node: YAMLValue) throws(ConfigError) -> AppDefinition {
        let f = try node.fields("an app", allowed: keys)
        let id = try f.string("id")
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
        return AppDefinition(
            id: id, name: try f.optionalString("name") ?? id, sdk: sdk, faults: faults,
            userItems: try f.stringList("userItems"), preferences: try f.stringList("preferences"),
            commonItems: try f.stringList("commonItems"), summary: try f.optionalString("summary") ?? "")
    }
}

/// An app id the catalogue does not have.
public enum CatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownApp(AppID, valid: [AppID])
    public var description: String {
        switch self {
        case let .unknownApp(id, valid): "unknown app '\(id)'; valid apps: \(valid.joined(separator: ", "))"
        }
    }
}
