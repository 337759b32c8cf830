/// Writes YAML scalars safely: plain when that reads back as the same text, else double-quoted.
/// The one writer of YAML text: the scenario recorder, the TAP report and the tenant editor.
public enum YAMLText {
    public static func scalar(_ s: String) -> String {
        needsQuotes(s) ? quoted(s) : s
    }

    public static func quoted(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if ch.value < 0x20 || ch.value == 0x7F {
                    let hex = String(ch.value, radix: 16)
                    out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(ch)
                }
            }
        }
        return out + "\""
    }

    /// A list in flow style: `[a, "b: c"]`.
    public static func flowList(_ items: [String]) -> String { "[" + items.map(scalar).joined(separator: ", ") + "]" }

    private static let reserved: Set<String> = ["", "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"]

    private static func needsQuotes(_ s: String) -> Bool {
        if reserved.contains(s.lowercased()) { return true }
        if Double(s) != nil { return true }
        guard let first = s.first, let last = s.last else { return true }
        if first == " " || last == " " { return true }
        if "-?:,[]{}#&*!|>'\"%@`$".contains(first) { return true }
        if s.contains(": ") || s.contains(" #") || s.hasSuffix(":") { return true }
        if s.contains(where: { $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "," || $0 == "[" || $0 == "]" || $0 == "{" || $0 == "}" }) {
            return true
        }
        return s.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
