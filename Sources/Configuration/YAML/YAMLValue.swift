@preconcurrency import Yams

/// A node of a YAML document that remembers its file and position, so every error
/// found while reading it can say `file:line:column`.
///
/// Tenant files, the app catalogue and scenarios are read through this one type.
/// Yams stays behind this type: other modules read values, never Yams' `Node`.
public struct YAMLValue: @unchecked Sendable {
    let node: Node
    public let file: String

    /// Parses `text`; syntax errors carry Yams' position. Refused with their position too: a
    /// control character, a duplicate key, and anything past `Limits` (nesting, entries of a
    /// list, length of a value, values once aliases are expanded).
    public static func parse(_ text: String, file: String) throws(ConfigError) -> YAMLValue {
        if let bad = YAMLPosition.firstForbidden(in: text) {
            let code = "\\u{" + String(bad.scalar.value, radix: 16, uppercase: true) + "}"
            throw ConfigError(file: file, line: bad.line, column: bad.column,
                              message: "a control character (\(code)) is not allowed in a YAML file: remove it")
        }
        let node: Node
        do {
            // The basic resolver: every scalar is read as text and interpreted by the field
            // that wants it, so Yams' default resolver (regular expressions compiled at first
            // use, a quarter of hubsim's start-up) is never needed. Nothing is constructed
            // (readers interpret the text), so the constructor is empty; UTF-8 is given
            // rather than looked up in the environment.
            guard let root = try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8) else {
                throw ConfigError(file: file, line: 1, column: 1, message: "the file is empty")
            }
            node = root
        } catch let error as ConfigError {
            throw error
        } catch let error as YamlError {
            throw Self.convert(error, file: file, text: text)
        } catch {
            throw ConfigError(file: file, line: 1, column: 1, message: "invalid YAML: the file cannot be read as YAML")
        }
        var budget = Limits.expandedValues
        try YAMLValue(node: node, file: file).checkLimits(depth: 1, budget: &budget)
        return YAMLValue(node: node, file: file)
    }

    /// Yams' errors as one line at their position; never Yams' own description, which
    /// quotes the file (a tenant's password hashes included).
    private static func convert(_ error: YamlError, file: String, text: String) -> ConfigError {
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

    /// Walks the document once: nesting, entries per list or mapping, length of each value
    /// and key, and values counted with aliases expanded (`budget`).
    private func checkLimits(depth: Int, budget: inout Int) throws(ConfigError) {
        budget -= 1
        guard budget >= 0 else {
            throw error("the file expands to more than \(Limits.grouped(Limits.expandedValues)) values (through aliases such as *name), the limit: write the values out or use fewer aliases")
        }
        switch node {
        case let .scalar(s):
            let length = s.string.unicodeScalars.count
            if length > Limits.keySequenceLength {
                throw error("this value is \(Limits.grouped(length)) characters long; values are limited to \(Limits.grouped(Limits.keySequenceLength)) characters (key sequences) or \(Limits.grouped(Limits.textLength)) (other text)")
            }
        case let .mapping(m):
            guard depth <= Limits.nesting else { throw Self.nestingError(file: file, line: line, column: column) }
            guard m.count <= Limits.entries else { throw entriesError(m.count) }
            for (k, v) in m {
                let key = YAMLValue(node: k, file: file)
                if let text = k.scalar?.string, text.unicodeScalars.count > Limits.nameLength {
                    throw key.error("this key is \(Limits.grouped(text.unicodeScalars.count)) characters long; keys are limited to \(Limits.nameLength) characters")
                }
                try key.checkLimits(depth: depth + 1, budget: &budget)
                try YAMLValue(node: v, file: file).checkLimits(depth: depth + 1, budget: &budget)
            }
        case let .sequence(seq):
            guard depth <= Limits.nesting else { throw Self.nestingError(file: file, line: line, column: column) }
            guard seq.count <= Limits.entries else { throw entriesError(seq.count) }
            for item in seq { try YAMLValue(node: item, file: file).checkLimits(depth: depth + 1, budget: &budget) }
        case .alias:
            break
        }
    }

    private func entriesError(_ count: Int) -> ConfigError {
        error("this list or mapping has \(Limits.grouped(count)) entries; the limit is \(Limits.grouped(Limits.entries)) (steps of a scenario, users, apps, any list): split it into several files")
    }

    public var line: Int { node.mark?.line ?? 1 }
    public var column: Int { node.mark?.column ?? 1 }

    /// An error positioned at this node.
    public func error(_ message: String) -> ConfigError {
        ConfigError(file: file, line: line, column: column, message: message)
    }

    // MARK: scalars

    public var isScalar: Bool { node.scalar != nil }
    /// True for a scalar written plain (not quoted, not a block): its text starts where the value does.
    public var isPlainScalar: Bool { node.scalar?.style == .plain }
    public var isNull: Bool { node.scalar.map { ["", "~", "null"].contains($0.string) && $0.style == .plain } ?? false }

    /// The scalar's text, at most `limit` characters (`Limits.textLength` unless told).
    public func string(_ what: String, limit: Int = Limits.textLength) throws(ConfigError) -> String {
        guard let s = node.scalar else { throw error("\(what) must be a text value") }
        let length = s.string.count
        guard length <= limit else {
            throw error("\(what) is \(Limits.grouped(length)) characters long; the limit is \(Limits.grouped(limit)) characters")
        }
        return s.string
    }

    /// A name or identifier (user name, group ID, app id): 1 to `Limits.nameLength` characters.
    public func name(_ what: String) throws(ConfigError) -> String {
        let text = try string(what, limit: Limits.nameLength)
        guard !text.isEmpty else { throw error("\(what) must not be empty") }
        return text
    }

    /// A whole number within `range`; `unit` follows the bounds in the message ("seconds").
    public func integer(_ what: String, in range: ClosedRange<Int>, unit: String? = nil) throws(ConfigError) -> Int {
        let bounds = "between \(Limits.grouped(range.lowerBound)) and \(Limits.grouped(range.upperBound))" + (unit.map { " \($0)" } ?? "")
        guard let s = node.scalar else { throw error("\(what) must be a whole number \(bounds)") }
        let text = s.string
        if let v = Int(text) {
            guard range.contains(v) else { throw error("\(what) must be \(bounds) (got \(PrintableText.quoted(text)))") }
            return v
        }
        if let v = Double(text), v.isFinite, v == v.rounded(), v.magnitude < 9e18 {
            // `1e3`: a whole number written as a decimal.
            guard range.contains(Int(v)) else { throw error("\(what) must be \(bounds) (got \(PrintableText.quoted(text)))") }
            return Int(v)
        }
        if let v = Double(text), v.isFinite, v.magnitude >= 9e18 {
            throw error("\(what) must be \(bounds) (got \(PrintableText.quoted(text)))")
        }
        throw error("\(what) must be a whole number \(bounds) (got \(PrintableText.quoted(text)))")
    }

    public func int(_ what: String) throws(ConfigError) -> Int {
        guard let s = node.scalar, let v = Int(s.string) else { throw error("\(what) must be a whole number") }
        return v
    }

    public func double(_ what: String) throws(ConfigError) -> Double {
        guard let s = node.scalar, let v = Double(s.string) else { throw error("\(what) must be a number") }
        return v
    }

    public func bool(_ what: String) throws(ConfigError) -> Bool {
        guard let s = node.scalar else { throw error("\(what) must be true or false") }
        switch s.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("\(what) must be true or false, not '\(s.string)'")
        }
    }

    // MARK: collections

    public var isMapping: Bool { node.mapping != nil }
    public var isSequence: Bool { node.sequence != nil }

    /// The entries of a mapping, in file order, keys as text.
    public func entries(_ what: String) throws(ConfigError) -> [(key: String, keyNode: YAMLValue, value: YAMLValue)] {
        guard let mapping = node.mapping else { throw error("\(what) must be a mapping (key: value lines)") }
        var out: [(String, YAMLValue, YAMLValue)] = []
        for (k, v) in mapping {
            let keyValue = YAMLValue(node: k, file: file)
            guard let key = k.scalar?.string else { throw keyValue.error("keys in \(what) must be text") }
            out.append((key, keyValue, YAMLValue(node: v, file: file)))
        }
        return out
    }

    public func items(_ what: String) throws(ConfigError) -> [YAMLValue] {
        guard let seq = node.sequence else { throw error("\(what) must be a list") }
        return seq.map { YAMLValue(node: $0, file: file) }
    }

    /// A mapping whose keys must all come from `allowed`; an unknown key is an error that
    /// names the valid ones.
    public func fields(_ what: String, allowed: [String]) throws(ConfigError) -> Fields {
        var values: [String: YAMLValue] = [:]
        for entry in try entries(what) {
            guard allowed.contains(entry.key) else {
                throw entry.keyNode.error("unknown key '\(entry.key)' in \(what); valid keys: \(allowed.joined(separator: ", "))")
            }
            guard values[entry.key] == nil else { throw entry.keyNode.error("'\(entry.key)' is given twice in \(what)") }
            values[entry.key] = entry.value
        }
        return Fields(owner: self, what: what, values: values)
    }

    /// The known keys of a mapping, read one by one.
    public struct Fields: @unchecked Sendable {
        public let owner: YAMLValue
        public let what: String
        public let values: [String: YAMLValue]

        public subscript(key: String) -> YAMLValue? { values[key] }

        public func required(_ key: String) throws(ConfigError) -> YAMLValue {
            guard let v = values[key] else { throw owner.error("\(what) needs '\(key)'") }
            return v
        }
        public func string(_ key: String) throws(ConfigError) -> String { try required(key).string(key) }
        public func optionalString(_ key: String) throws(ConfigError) -> String? { try values[key]?.string(key) }
        public func int(_ key: String, default d: Int) throws(ConfigError) -> Int { try values[key]?.int(key) ?? d }
        public func integer(_ key: String, in range: ClosedRange<Int>, unit: String? = nil, default d: Int) throws(ConfigError) -> Int {
            try values[key]?.integer(key, in: range, unit: unit) ?? d
        }
        public func name(_ key: String) throws(ConfigError) -> String { try required(key).name(key) }
        public func double(_ key: String, default d: Double) throws(ConfigError) -> Double { try values[key]?.double(key) ?? d }
        public func bool(_ key: String, default d: Bool) throws(ConfigError) -> Bool { try values[key]?.bool(key) ?? d }
        public func stringList(_ key: String) throws(ConfigError) -> [String] {
            guard let v = values[key] else { return [] }
            var out: [String] = []
            for item in try v.items(key) { out.append(try item.string("an entry of \(key)")) }
            return out
        }
    }
}
