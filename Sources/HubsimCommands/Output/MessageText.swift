/// What the command line echoes back in a message (a path, an option's value).
enum MessageText {
    /// `text` on one line, with every control character shown as `?`: an ESC or a BEL in an
    /// argument must not reach the terminal through an error message.
    static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }

    /// `shown(text)`, cut to its first `limit` characters and its length when longer: a
    /// message about a 30 KB `--apps` list stays one line a person reads.
    static func excerpt(_ text: String, limit: Int = 60) -> String {
        guard text.count > limit else { return shown(text) }
        return shown(String(text.prefix(limit))) + "… (\(text.count) characters)"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
