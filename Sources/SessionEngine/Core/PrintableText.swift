/// Text from a file or a command line made safe to print in a message: control characters
/// (ESC, BEL, NUL, line breaks…) and the invisible direction overrides are written as
/// `\u{1B}`, so an echoed value cannot move the cursor, ring, clear the screen or break the
/// message over lines (Docs/reliability.md).
public enum PrintableText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` escaped and cut to `limit` characters (with `…`), for values quoted in a message.
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return escaped(cut)
    }

    /// C0 and C1 controls, DEL, line and paragraph separators, and bidirectional overrides:
    /// escaped in messages and reports, refused in the files' text values.
    public static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
