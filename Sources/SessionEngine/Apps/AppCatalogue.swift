/// The apps a device can have (read from `Assets/apps.yaml` by default, in `Configuration`).
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
