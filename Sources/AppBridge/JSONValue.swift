import Foundation

/// A JSON value. Read by Foundation's `JSONSerialization` and written by its `JSONEncoder`,
/// not by a parser of our own: booleans stay booleans (Foundation keeps them a class of their
/// own), nesting is bounded by Foundation's parser, and keys are written sorted, so a line
/// reads the same every time (the example session of Docs/bridge-protocol.md).
enum JSONValue: Sendable, Equatable, Encodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.int(x), .int(y)): x == y
        case let (.double(x), .double(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The member `key` of an object (nil: absent, or not an object).
    subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? { if case let .string(s) = self { s } else { nil } }
    var isNull: Bool { self == .null }

    // MARK: writing and reading

    /// The value as one line of JSON (no raw newline can appear: strings are escaped).
    var text: String {
        guard let data = try? Self.encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Parses one line; nil when it is not JSON (RFC 8259). Foundation's parser takes 3.4 µs
    /// for a `storage/put` line and the walk into `JSONValue` about 20 µs more (release, one
    /// core); `JSONDecoder` into the same enum, which reads a value of unknown kind by trying
    /// each kind in turn, costs the same. Either is a small part of a round trip
    /// (Docs/performance.md, "Bridge").
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return nil }
        return JSONValue(foundation: object)
    }

    /// Foundation's parser refuses arrays and objects nested deeper than this.
    static let deepestNesting = 512

    /// Why `parse` refused a line, in the words a developer can act on: JSON too deeply nested
    /// or with a number no double holds (`1e400`) is JSON all the same (RFC 8259 allows both
    /// and leaves the limits to the parser, sections 9 and 6); anything else is not JSON.
    static func whyNotParsed(_ bytes: [UInt8]) -> String {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = index
                while end < bytes.count, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
                let token = String(decoding: bytes[index..<end], as: UTF8.self)
                if let value = Double(token), !value.isFinite {
                    return "a number out of range: \(SharedDevicePrintable.clip(token, to: 20)) (a double holds up to about 1.8e308)"
                }
                index = end
                continue
            default: break
            }
            index += 1
        }
        if deepest > deepestNesting { return "JSON nested \(deepest) levels deep: hubsim reads at most \(deepestNesting)" }
        return "not JSON"
    }

    /// Foundation's booleans are numbers of their own class: `true` is not the number 1.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    private init?(foundation object: Any) {
        switch object {
        case is NSNull: self = .null
        case let s as String: self = .string(s)
        case let n as NSNumber:
            if ObjectIdentifier(type(of: n)) == Self.booleanClass { self = .bool(n.boolValue) }
            else if let i = Int(exactly: n) { self = .int(i) }
            else { self = .double(n.doubleValue) }
        case let items as [Any]:
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = JSONValue(foundation: item) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let members as [String: Any]:
            var pairs: [(String, JSONValue)] = []
            pairs.reserveCapacity(members.count)
            for (key, item) in members {
                guard let value = JSONValue(foundation: item) else { return nil }
                pairs.append((key, value))
            }
            self = .object(pairs)
        default: return nil
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case let .bool(b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case let .int(i):
            var c = encoder.singleValueContainer()
            try c.encode(i)
        case let .double(d):
            var c = encoder.singleValueContainer()
            if d.isFinite { try c.encode(d) } else { try c.encodeNil() }
        case let .string(s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case let .array(items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case let .object(members):
            var c = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try c.encode(value, forKey: Key(key)) }
        }
    }
}
