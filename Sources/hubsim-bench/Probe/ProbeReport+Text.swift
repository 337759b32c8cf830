import BridgeProtocol
import HubUI

extension JSONValue {
    /// The probe's report as one line: objects' keys in the order the report set them (the
    /// wire's `text` sorts them) and integral doubles with their `.0`, so a figure reads as a
    /// measurement. The scripts read it with Python's json module.
    var reportText: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .int(n): return String(n)
        case let .double(n):
            guard n.isFinite else { return "null" }
            if n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) + ".0" }
            return String(n)
        case let .string(s): return Self.quoted(s)
        case let .array(a): return "[" + a.map(\.reportText).joined(separator: ",") + "]"
        case let .object(o): return "{" + o.map { Self.quoted($0.key) + ":" + $0.value.reportText }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string, escaped as the casts' are (one escaper for every JSON line hubsim writes).
    private static func quoted(_ s: String) -> String { Asciicast.json(s) }
}
