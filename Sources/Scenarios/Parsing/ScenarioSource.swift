import Configuration
import Foundation

/// Where a scenario, lesson or race preset comes from: a file on disk (its path, and how
/// messages and reports name it), or a file shipped inside hubsim (`BundledAssets`), which
/// has no path on disk.
public enum ScenarioSource: Sendable, Hashable {
    case file(path: String, shownAs: String)
    case bundled(BundledFile)

    /// A file on disk, named as given.
    public static func file(_ path: String) -> ScenarioSource { .file(path: path, shownAs: path) }

    /// How messages and reports name it: as given, or `Assets/…` for a shipped file.
    public var shownPath: String {
        switch self {
        case let .file(_, shown): shown
        case let .bundled(file): file.shownPath
        }
    }

    /// The file on disk; nil for a shipped one.
    public var path: String? {
        switch self {
        case let .file(path, _): path
        case .bundled: nil
        }
    }

    /// The text, and the folder that a relative `tenant:` path is resolved against (none for
    /// a shipped file: it names `default` or `strict`).
    func read(what: String) throws(ConfigError) -> (text: String, directory: URL?) {
        switch self {
        case let .file(path, shown):
            // `URL(fileURLWithPath: "")` is the current directory: an empty argument says so instead.
            let url = URL(fileURLWithPath: path)
            return (try ConfigFile.text(at: path.isEmpty || shown.isEmpty ? "" : url.path, what: what, shownAs: shown), url.deletingLastPathComponent())
        case let .bundled(file):
            return (file.text, nil)
        }
    }
}
