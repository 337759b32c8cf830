import Foundation

/// One JSON value as it travels over the bridge: what JSON-RPC 2.0 carries in `id`, `params`
/// and `result`. Integers stay integers, so an `id` comes back exactly as hubsim sent it.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object (nil for any other value or a missing member).
subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

var boolValue: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }

var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// `"text"` or null: a user name or owner that may be nobody.
    static func optionalString(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
init(stringLiteral value: String) { self = .string(value) }
init(integerLiteral value: Int) { self = .int(value) }
init(booleanLiteral value: Bool) { self = .bool(value) }
init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: Codable {
init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as JSON text, as it travels.
var description: String {
        var data = line()
        data.removeLast()
        return String(decoding: data, as: UTF8.self)
    }
}

extension JSONValue {
    /// The value as one line of JSON (keys sorted, so a session reads the same every time).
    /// JSON escapes every control character inside a string, so the line holds no raw newline.
    func line() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: it holds only JSON's own types (a non-finite
        // double, the one exception, never comes from a decoded line or from this library).
        var data = (try? encoder.encode(self)) ?? Data("null".utf8)
        data.append(0x0A)
        return data
    }

    /// The value one line holds, or nil when the line is not JSON.
    static func parse(_ line: some Collection<UInt8>) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(line))
    }
}
