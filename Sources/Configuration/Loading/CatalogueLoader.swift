import Foundation
import SessionEngine

/// Reads the app catalogue from YAML (`Assets/apps.yaml` by default).
extension AppCatalogue {
    /// `directory` resolves an app's relative `cwd` and program path (nil: the folder of `file`).
    public static func load(yaml text: String, file: String, directory: String? = nil) throws(ConfigError) -> AppCatalogue {
        let root = try YAMLValue.parse(text, file: file)
        let top = try root.fields("the app catalogue", allowed: ["apps"])
        let folder = directory ?? URL(fileURLWithPath: file).deletingLastPathComponent().path
        var apps: [AppDefinition] = []
        for node in try top.required("apps").items("apps") {
            let app = try AppEntryReader.read(node, directory: folder)
            try AppSetRules.check(app, at: node, after: apps, verb: "defined")
            apps.append(app)
        }
        return AppCatalogue(apps: apps)
    }
}
