import Foundation

/// Where a device's database lives: `<state dir>/<device>.sqlite`.
public enum StoreLocation {
    /// The database file of `device` under `stateDir`, or under the XDG state directory
    /// (`$XDG_STATE_HOME/hubsim`, falling back to `~/.local/state/hubsim`).
    public static func resolve(stateDir: String?, device: String,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) -> URL {
        guard isValidDeviceName(device) else { throw .invalidName(device) }
        return directory(stateDir: stateDir, environment: environment).appendingPathComponent(device + ".sqlite")
    }

    /// The state directory itself.
    public static func directory(stateDir: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let stateDir, !stateDir.isEmpty { return URL(fileURLWithPath: expandTilde(stateDir, environment), isDirectory: true) }
        // The XDG Base Directory spec says relative values are invalid and must be ignored.
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("hubsim", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/state/hubsim", isDirectory: true)
    }

    /// Device names become file names, so they are kept to a safe alphabet.
    public static func isValidDeviceName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 64, !name.hasPrefix(".") else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    private static func expandTilde(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
        return home + path.dropFirst()
    }
}
