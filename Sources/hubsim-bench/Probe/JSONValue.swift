import HubUI

/// A JSON value written on one line, its objects' keys in the order they were set, integers
/// without a fraction: the probe's report, which the scripts read with Python's json module.
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(Object)

    /// Keys in insertion order; setting a key again replaces its value in place.
    struct Object: Equatable, Sequence {
        private(set) var pairs: [(key: String, value: JSONValue)] = []

        subscript(key: String) -> JSONValue? {
            get { pairs.first { $0.key == key }?.value }
            set {
                if let i = pairs.firstIndex(where: { $0.key == key }) {
                    if let newValue { pairs[i].value = newValue } else { pairs.remove(at: i) }
                } else if let newValue {
                    pairs.append((key, newValue))
                }
            }
        }

        func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> { pairs.makeIterator() }

        static func == (a: Object, b: Object) -> Bool {
            a.pairs.count == b.pairs.count && zip(a.pairs, b.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        }
    }

    init(_ value: Double?) { self = value.map(JSONValue.number) ?? .null }
    init(_ value: Int?) { self = value.map(JSONValue.int) ?? .null }

    /// The value as a number, when it is one.
    var number: Double? {
        switch self {
        case let .int(n): Double(n)
        case let .number(n): n
        default: nil
        }
    }

    var text: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .int(n): return String(n)
        case let .number(n):
            guard n.isFinite else { return "null" }
            if n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) + ".0" }
            return String(n)
        case let .string(s): return Self.quoted(s)
        case let .array(a): return "[" + a.map(\.text).joined(separator: ",") + "]"
        case let .object(o): return "{" + o.pairs.map { Self.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string, escaped as the casts' are (one escaper for every JSON line hubsim writes).
    static func quoted(_ s: String) -> String { Asciicast.json(s) }
}
