import Foundation

/// Where a device's database lives: `<state dir>/<device>.sqlite`.
public enum StoreLocation {
    /// The database file of `device` under `stateDir`, or under the XDG state directory
    /// (`$XDG_STATE_HOME/hubsim`, falling back to `~/.local/state/hubsim`).
    public static func resolve(stateDir: String?, device: String,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) -> URL {
        URL(fileURLWithPath: try resolvePath(stateDir: stateDir, device: device, environment: environment))
    }

    /// `resolve` as a plain path, for hubsim's start.
    public static func resolvePath(stateDir: String?, device: String,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) -> String {
        guard isValidDeviceName(device) else { throw .invalidName(device) }
        return join(directoryPath(stateDir: stateDir, environment: environment), device + ".sqlite")
    }

    /// The state directory itself.
    public static func directory(stateDir: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        URL(fileURLWithPath: directoryPath(stateDir: stateDir, environment: environment), isDirectory: true)
    }

    /// Plain paths until the one `URL` at the end: this runs before hubsim's first frame.
    private static func directoryPath(stateDir: String?, environment: [String: String]) -> String {
        if let stateDir, !stateDir.isEmpty { return expandTilde(stateDir, environment) }
        // The XDG Base Directory spec says relative values are invalid and must be ignored.
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return join(xdg, "hubsim") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return join(home, ".local/state/hubsim")
    }

    /// Device names become file names, so they are kept to a safe alphabet.
    public static func isValidDeviceName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 64, !name.hasPrefix(".") else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): true
            default: false
            }
        }
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func expandTilde(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
        return home + path.dropFirst()
    }
}
