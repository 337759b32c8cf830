import Configuration
import SessionEngine

/// `${NAME}` references in scenario values, resolved from the runner's environment.
///
/// The recorder writes `${HUBSIM_PASSWORD_COU1}` where a secret was typed, so recorded
/// files never hold one; the person replaying them exports the variables. `$$` is a
/// literal `$`. A reference to a variable that is not set is a file error naming it.
public enum EnvironmentReferences {
    /// The name the recorder uses for `user`'s password (or app passcode).
    public static func variable(for user: String, passcode: Bool = false) -> String {
        let upper = user.uppercased().map { ch -> Character in
            ch.isASCII && (ch.isLetter || ch.isNumber) ? ch : "_"
        }
        return (passcode ? "HUBSIM_PASSCODE_" : "HUBSIM_PASSWORD_") + String(upper)
    }

    /// `text` with every `${NAME}` replaced; `missing` names the first unset variable.
    public static func resolve(_ text: String, in environment: [String: String]) -> (text: String, missing: String?) {
        guard text.contains("$") else { return (text, nil) }
        var out = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            if after.first == "$" {
                out += "$"
                rest = after.dropFirst()
            } else if after.first == "{", let close = after.firstIndex(of: "}") {
                let name = String(after[after.index(after: after.startIndex)..<close])
                guard let value = environment[name] else { return (out, name) }
                out += value
                rest = after[after.index(after: close)...]
            } else {
                out += "$"
                rest = after
            }
        }
        out += rest
        return (out, nil)
    }
}

extension YAMLValue {
    /// The scalar's text with `${VAR}` references resolved.
    func text(_ what: String, env: [String: String]) throws(ConfigError) -> String {
        let raw = try string(what)
        let (resolved, missing) = EnvironmentReferences.resolve(raw, in: env)
        if let missing {
            throw error("environment variable \(missing) is not set (scenario files refer to secrets as ${NAME}; export it before `hubsim run`)")
        }
        return resolved
    }
}
