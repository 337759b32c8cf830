#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SessionEngine

/// What a program's environment is: hubsim's own, less hubsim's secrets, plus what the app
/// entry's `env:` gives, plus the mark by which hubsim finds what the program started.
///
/// hubsim's secrets are the variables a scenario or check-app reads passwords, passcodes and
/// PINs from (`HUBSIM_PASSWORD_<USER>`, `HUBSIM_PASSCODE_<USER>`, `HUBSIM_PIN_<USER>`): a program
/// plays an app, and an app never sees a person's password. An entry that names one in `env:`
/// gives it on purpose, and the program gets it.
enum ChildEnvironment {
    /// The variable holding the program's mark (Docs/bridge-protocol.md, "Starting and stopping").
    static let markName = "HUBSIM_BRIDGE_PROCESS"
    static let secretPrefixes = ["HUBSIM_PASSWORD_", "HUBSIM_PASSCODE_", "HUBSIM_PIN_"]

    static func isSecret(_ name: String) -> Bool { secretPrefixes.contains { name.hasPrefix($0) } }

    /// The changes to the inherited environment: nil removes a variable.
    static func overrides(inherited: [String], entry: [EnvironmentVariable], mark: String) -> [String: String?] {
        var changes: [String: String?] = [:]
        for name in inherited where isSecret(name) { changes[name] = .some(nil) }
        for variable in entry { changes[variable.name] = variable.value }
        changes[markName] = mark
        return changes
    }

    /// The names of this process's environment variables.
    static func inheritedNames() -> [String] {
        var names: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") { names.append(String(text[..<equals])) }
            cursor += 1
        }
        return names
    }
}
