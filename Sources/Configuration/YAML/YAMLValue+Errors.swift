import SessionEngine
import Yams

/// Yams' errors turned into `ConfigError`s: one line, at the problem's own position.
extension YAMLValue {
    /// Yams' errors as one line at their position; never Yams' own description, which
    /// quotes the file (a tenant's password hashes included).
    static func convert(_ error: YamlError, file: String, text: String) -> ConfigError {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            if problem.hasPrefix("Maximum nesting level") { return nestingError(file: file, line: mark.line, column: mark.column) }
            let what = context.map { "\($0.text) " } ?? ""
            // libyaml's words for a tab in an indentation do not mention the tab.
            let lines = YAMLPosition.lines(text)
            if let tabbed = (max(1, mark.line - 1)...max(1, mark.line)).first(where: { n in
                n <= lines.count && lines[n - 1].prefix(while: { $0 == " " || $0 == "\t" }).contains("\t")
            }) {
                return ConfigError(file: file, line: tabbed, column: 1, message: "invalid YAML: line \(tabbed) is indented with a tab; indent with spaces only")
            }
            return ConfigError(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(what)\(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let key = duplicates.sorted().first ?? ""
            let at = YAMLPosition.duplicate(of: key, firstLine: context.mark.line, firstColumn: context.mark.column, in: text)
                ?? (context.mark.line, context.mark.column)
            return ConfigError(file: file, line: at.line, column: at.column,
                               message: "'\(PrintableText.quoted(key))' is given twice in the same mapping (first at line \(context.mark.line)): keep one")
        case let .reader(problem, offset, _, _):
            var line = 1, column = 1
            if let offset, let index = text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) {
                let before = text[..<index]
                let lines = YAMLPosition.lines(String(before))
                line = lines.count; column = (lines.last?.count ?? 0) + 1
            }
            return ConfigError(file: file, line: line, column: column, message: "invalid YAML: \(problem)")
        default:
            return ConfigError(file: file, line: 1, column: 1, message: "invalid YAML: the file cannot be read as YAML")
        }
    }

    static func nestingError(file: String, line: Int, column: Int) -> ConfigError {
        ConfigError(file: file, line: line, column: column, message:
            "lists and mappings are nested more than \(Limits.nesting) levels deep here, the limit: hubsim files need far fewer")
    }
}
