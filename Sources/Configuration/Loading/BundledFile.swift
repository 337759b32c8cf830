/// One file shipped in `Assets/` and compiled into hubsim (`BundledAssets`): its path below
/// `Assets/` and its text. Read as a file on disk is, and named in messages and reports as
/// `Assets/…`, the path it has in the repository.
public struct BundledFile: Sendable, Hashable {
    /// The path below `Assets/`: `lessons/ws1-offline.yaml`.
    public let path: String
    public let text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// How messages and reports name it: `Assets/lessons/ws1-offline.yaml`.
    public var shownPath: String { "Assets/" + path }

    /// The file's name: `ws1-offline.yaml`.
    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The name a command takes: `ws1-offline` (the file's name without `.yaml`).
    public var name: String { fileName.hasSuffix(".yaml") ? String(fileName.dropLast(5)) : fileName }

    /// The shipped file at `relative` (`../scenarios/x.yaml`) from this one's folder, if any.
    public func sibling(_ relative: String) -> BundledFile? {
        var parts = path.split(separator: "/").dropLast().map(String.init)
        for part in relative.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(String(part))
            }
        }
        let target = parts.joined(separator: "/")
        return (try? BundledAssets.text(target)).map { BundledFile(path: target, text: $0) }
    }
}
