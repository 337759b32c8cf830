import Configuration
import SessionEngine

/// `${NAME}` references in scenario values, resolved from the runner's environment.
///
/// The recorder writes `${HUBSIM_PASSWORD_COU1}` where a secret was typed, so recorded
/// files never hold one; the person replaying them exports the variables. `$$` is a
/// literal `$`. A reference to a variable that is not set is a file error naming it.
public enum EnvironmentReferences {
    /// The name the recorder uses for `user`'s password (or app passcode).
    ///
    /// One-to-one over the user-name characters (`UserID.nameRule`: letters, digits and
    /// `. _ - @`, case-insensitive), so two users never share a variable: letters are
    /// upper-cased, digits kept, and each punctuation mark becomes `_` and a letter of its
    /// own — `_` → `__`, `.` → `_D`, `-` → `_H`, `@` → `_A`. `cou1` → `HUBSIM_PASSWORD_COU1`,
    /// `a.b` → `HUBSIM_PASSWORD_A_DB`, `a_b` → `HUBSIM_PASSWORD_A__B`.
    public static func variable(for user: String, passcode: Bool = false) -> String {
        variable(for: user, prefix: passcode ? "HUBSIM_PASSCODE_" : "HUBSIM_PASSWORD_")
    }

    /// The name the recorder uses for `user`'s Managed Home Screen session PIN
    /// (`HUBSIM_PIN_COU1`), spelled as `variable(for:passcode:)` spells the user.
    public static func pinVariable(for user: String) -> String {
        variable(for: user, prefix: "HUBSIM_PIN_")
    }

    private static func variable(for user: String, prefix: String) -> String {
        var name = prefix
        for scalar in user.lowercased().unicodeScalars {
            switch scalar {
            case "a"..."z": name.unicodeScalars.append(Unicode.Scalar(scalar.value - 32)!)
            case "0"..."9": name.unicodeScalars.append(scalar)
            case "_": name += "__"
            case ".": name += "_D"
            case "-": name += "_H"
            case "@": name += "_A"
            // Not a user-name character (the tenant refuses such names): its code point in
            // hex between `_X` and `_`, which no character above can produce.
            default: name += "_X" + String(scalar.value, radix: 16, uppercase: true) + "_"
            }
        }
        return name
    }

    /// What stops a value's references from resolving, at a character offset of the value.
    public enum Problem: Error, Equatable, Sendable {
        case unset(String, offset: Int)
        case emptyName(offset: Int)
        case unclosed(offset: Int)

        public var offset: Int {
            switch self {
            case let .unset(_, offset), let .emptyName(offset), let .unclosed(offset): offset
            }
        }

        public var message: String {
            switch self {
            case let .unset(name, _):
                "environment variable \(PrintableText.quoted(name)) is not set (scenario files refer to secrets as ${NAME}; export it before `hubsim run`)"
            case .emptyName:
                "empty variable name in '${}': write ${NAME} with the variable's name, or $$ for a literal '$'"
            case .unclosed:
                "'${' is not closed: write ${NAME}, or $$ for a literal '$'"
            }
        }
    }

    /// `text` with every `${NAME}` replaced, or the first problem.
    public static func resolving(_ text: String, in environment: [String: String]) -> Result<String, Problem> {
        guard text.contains("$") else { return .success(text) }
        var out = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let offset = text.distance(from: text.startIndex, to: dollar)
            let after = rest[rest.index(after: dollar)...]
            if after.first == "$" {
                out += "$"
                rest = after.dropFirst()
            } else if after.first == "{" {
                guard let close = after.firstIndex(of: "}") else { return .failure(.unclosed(offset: offset)) }
                let name = String(after[after.index(after: after.startIndex)..<close])
                guard !name.isEmpty else { return .failure(.emptyName(offset: offset)) }
                guard let value = environment[name] else { return .failure(.unset(name, offset: offset)) }
                out += value
                rest = after[after.index(after: close)...]
            } else {
                out += "$"
                rest = after
            }
        }
        out += rest
        return .success(out)
    }
}

extension YAMLValue {
    /// The scalar's text with `${VAR}` references resolved; at most `limit` characters
    /// before and after (a variable's value counts).
    func text(_ what: String, env: [String: String], limit: Int = Limits.textLength) throws(ConfigError) -> String {
        let raw = try string(what, limit: limit)
        switch EnvironmentReferences.resolving(raw, in: env) {
        case let .success(resolved):
            guard resolved.count <= limit else {
                throw error("\(what) is \(Limits.grouped(resolved.count)) characters long once its ${…} references are resolved; the limit is \(Limits.grouped(limit)) characters")
            }
            return resolved
        case let .failure(problem):
            throw ConfigError(file: file, line: line, column: column(at: problem.offset, in: raw), message: problem.message)
        }
    }

    /// The column of character `offset` of this scalar's text, where the text is written as it
    /// is read (one line, plain or quoted without escapes before it); else the value's column.
    func column(at offset: Int, in text: String) -> Int {
        guard !text.contains(where: \.isNewline), !text.prefix(offset).contains("\\") else { return column }
        return column + offset + (isPlainScalar ? 0 : 1)
    }
}
