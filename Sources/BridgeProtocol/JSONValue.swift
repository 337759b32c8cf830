import Foundation

/// One JSON value as the bridge carries it in `id`, `params` and `result`, and as hubsim's
/// reports are built. Read by Foundation's `JSONSerialization` and written by its
/// `JSONEncoder`, not by a parser of our own: booleans stay booleans (Foundation keeps them a
/// class of their own), integers stay integers (an `id` comes back exactly as it was sent),
/// nesting is bounded by Foundation's parser, and keys are written sorted, so a line reads the
/// same every time (the example session of Docs/bridge-protocol.md).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(Object)

    /// An object's members in the order they were set (a report keeps the order it was built
    /// in; the wire sorts them). Equal when the members are, in any order, as RFC 8259 has it.
    public struct Object: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
        public private(set) var members: [(key: String, value: JSONValue)] = []

        public init() {}

        /// A key given twice keeps its last value, in the place of its first.
        public init(_ members: some Sequence<(String, JSONValue)>) {
            for (key, value) in members { self[key] = value }
        }

        public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }

        /// Members whose keys are known to differ (a parsed object's): no search for each.
        init(distinct members: [(key: String, value: JSONValue)]) { self.members = members }

        public var count: Int { members.count }

        /// Setting a key again replaces its value in place; setting nil removes it.
        public subscript(key: String) -> JSONValue? {
            get { members.first { $0.key == key }?.value }
            set {
                if let i = members.firstIndex(where: { $0.key == key }) {
                    if let newValue { members[i].value = newValue } else { members.remove(at: i) }
                } else if let newValue {
                    members.append((key, newValue))
                }
            }
        }

        public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> { members.makeIterator() }

        public static func == (a: Object, b: Object) -> Bool {
            a.count == b.count && a.members.allSatisfy { b[$0.key] == $0.value }
        }

        public func hash(into hasher: inout Hasher) {
            // A dictionary hashes its members in no order: the same for equal objects.
            hasher.combine(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// The member `key` of an object (nil: absent, or not an object).
    public subscript(key: String) -> JSONValue? {
        if case let .object(members) = self { members[key] } else { nil }
    }

    public var stringValue: String? { if case let .string(text) = self { text } else { nil } }
    public var boolValue: Bool? { if case let .bool(flag) = self { flag } else { nil } }
    public var arrayValue: [JSONValue]? { if case let .array(elements) = self { elements } else { nil } }
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The value as a number, when it is one.
    public var number: Double? {
        switch self {
        case let .int(n): Double(n)
        case let .double(n): n
        default: nil
        }
    }

    /// `"text"` or null: a user name or owner that may be nobody.
    public static func optionalString(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// A number or null: a figure that may not have been measured.
    public init(_ value: Double?) { self = value.map(JSONValue.double) ?? .null }
    public init(_ value: Int?) { self = value.map(JSONValue.int) ?? .null }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(Object(elements)) }
}

// MARK: writing

extension JSONValue: Encodable, CustomStringConvertible {
    /// The value as one line of JSON, keys sorted. JSON escapes every control character inside
    /// a string, so the line holds no raw newline.
    public var text: String {
        guard let data = try? Self.encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `text` and a newline: one message of the bridge.
    public func line() -> Data {
        var data = (try? Self.encoder.encode(self)) ?? Data("null".utf8)
        data.append(0x0A)
        return data
    }

    public var description: String { text }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
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
            // JSON has no infinity or NaN: such a figure is written as not known.
            var c = encoder.singleValueContainer()
            if d.isFinite { try c.encode(d) } else { try c.encodeNil() }
        case let .string(s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case let .array(items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case let .object(object):
            var c = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in object { try c.encode(value, forKey: MemberKey(key)) }
        }
    }
}

// MARK: reading

extension JSONValue {
    /// Parses one line; nil when it is not JSON (RFC 8259). Foundation's parser takes 3.4 µs
    /// for a `storage/put` line and the walk into `JSONValue` about 20 µs more (release, one
    /// core); `JSONDecoder` into the same enum, which reads a value of unknown kind by trying
    /// each kind in turn, costs the same. Either is a small part of a round trip
    /// (Docs/performance.md, "Bridge").
    public static func parse(_ bytes: some Collection<UInt8>) -> JSONValue? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return nil }
        return JSONValue(foundation: object)
    }

    /// Foundation's parser refuses arrays and objects nested deeper than this.
    public static let deepestNesting = 512

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
            var pairs: [(key: String, value: JSONValue)] = []
            pairs.reserveCapacity(members.count)
            for (key, item) in members {
                guard let value = JSONValue(foundation: item) else { return nil }
                pairs.append((key, value))
            }
            self = .object(Object(distinct: pairs))
        default: return nil
        }
    }
}
