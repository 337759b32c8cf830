import SessionEngine
import Yams

/// A node of a YAML document that remembers its file and position, so every error
/// found while reading it can say `file:line:column`.
///
/// Tenant files, the app catalogue and scenarios are read through this one type.
/// Yams stays behind this type: other modules read values, never Yams' `Node`.
// unchecked: Yams' Node holds Tag, a class Yams does not mark Sendable; a parsed node is only ever read, never changed
public struct YAMLValue: @unchecked Sendable {
    let node: Node
    public let file: String

    /// Parses `text`; syntax errors carry Yams' position. Refused with their position too: a
    /// control character, a duplicate key, and anything past `Limits` (nesting, entries of a
    /// list, length of a value, values once aliases are expanded).
    public static func parse(_ text: String, file: String) throws(ConfigError) -> YAMLValue {
        try parse(text, file: file, refusingControlCharacters: true)
    }

    /// `parse`, optionally letting decoded control characters through: only to read back
    /// what `YAMLText` wrote (its tests), never a person's file.
    static func parse(_ text: String, file: String, refusingControlCharacters: Bool) throws(ConfigError) -> YAMLValue {
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
            throw Self.convert(error, file: file, text: text).insideText(text)
        } catch {
            throw ConfigError(file: file, line: 1, column: 1, message: "invalid YAML: the file cannot be read as YAML")
        }
        var budget = Limits.expandedValues
        try YAMLValue(node: node, file: file).checkLimits(depth: 1, budget: &budget, refusingControlCharacters: refusingControlCharacters)
        return YAMLValue(node: node, file: file)
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

    /// A boolean written as one: `true`/`false` (or YAML 1.1's `yes`/`no`/`on`/`off`), never
    /// quoted, since a quoted `"yes"` is text in YAML and in every tool that reads the file.
    public func bool(_ what: String) throws(ConfigError) -> Bool {
        guard let s = node.scalar else { throw error("\(what) must be true or false") }
        guard s.style == .plain else {
            throw error("\(what) must be true or false without quotes (a quoted value is text), not \"\(PrintableText.quoted(s.string))\"")
        }
        switch s.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("\(what) must be true or false, not '\(PrintableText.quoted(s.string))'")
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
    public struct Fields: Sendable {
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
