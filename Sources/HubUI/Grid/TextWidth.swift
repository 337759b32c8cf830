/// Column width of text, one grapheme cluster (a `Character`) at a time, so that every
/// screen is laid out the same with no locale and no terminal.
///
/// A single character agrees with glibc's `wcwidth` (which ncurses uses) for everything
/// hubsim draws; a test compares the two under C.UTF-8. A cluster of several scalars is as
/// wide as its first one (a combining mark adds nothing: `é` written as e + U+0301 is one
/// column), except the emoji sequences of Unicode Technical Standard #51, which are two
/// columns whatever their parts: a ZWJ sequence (👩‍💻, 👨‍👩‍👧), a flag (two regional
/// indicators, 🇫🇷), a keycap (1️⃣), a base with the emoji presentation selector U+FE0F
/// (❤️) or with a skin-tone modifier. That is how terminals that follow the standard
/// (and Unicode's own East Asian Width note, UAX #11) draw them; one that does not join a
/// sequence draws it wider, and the cells after it on that row move (Docs/reliability.md,
/// "The terminal and text"). Emoji properties come from the standard library's Unicode data
/// (`Unicode.Scalar.Properties`); only the East Asian wide ranges, which it does not carry,
/// are a table here.
public enum TextWidth {
    public static func of(_ ch: Character) -> Int {
        var scalars = ch.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        // Most text is one scalar: no look at the rest.
        guard let second = scalars.next() else { return of(first) }
        if isEmojiSequence(first, second, rest: scalars) { return 2 }
        return of(first)
    }

    public static func of(_ s: String) -> Int {
        // Most of what a frame measures (titles, verdicts, box edges) is scalars each of which is
        // a cluster of its own, one column wide: counted without breaking the text into
        // clusters. Anything else (a control, a mark, a wide or emoji scalar) takes the full path.
        var count = 0
        for scalar in s.unicodeScalars {
            guard isOwnNarrowCluster(scalar.value) else { return s.reduce(0) { $0 + of($1) } }
            count += 1
        }
        return count
    }

    /// Printable ASCII and Latin-1 up to the combining marks, general punctuation (dashes,
    /// bullets, `…`) and box drawing: one column, and no scalar of them joins its neighbours
    /// into a cluster (a combining mark or joiner after one falls outside, and takes the full path).
    private static func isOwnNarrowCluster(_ v: UInt32) -> Bool {
        (v >= 0x20 && v < 0x7F) || (v >= 0xA0 && v < 0x300 && v != 0xAD) || (0x2010...0x2027).contains(v) || (0x2500...0x257F).contains(v)
    }

    /// One scalar's width: 0 for controls, combining marks and invisible format characters,
    /// 2 for East Asian wide and emoji-presentation characters, else 1.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        if (0x300...0x36F).contains(v) || v == 0x200B || (0xFE00...0xFE0F).contains(v) { return 0 }
        if isWide(v) { return 2 }
        // Punctuation, arrows, box drawing, blocks and shapes, which every frame draws by the
        // hundred: one column, without a look-up in the Unicode data.
        if (0x2010...0x2027).contains(v) || (0x2190...0x25FF).contains(v) { return 1 }
        if v >= 0x1F000 && scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        case .format where v != 0xAD: return 0 // ZWJ, the direction marks; not the soft hyphen
        default: return 1
        }
    }

    /// An emoji sequence drawn as one two-column picture (Unicode Technical Standard #51,
    /// "Emoji Presentation Sequences", "Emoji Keycap Sequences", "Emoji Flag Sequences",
    /// "Emoji ZWJ Sequences", "Emoji Modifiers").
    private static func isEmojiSequence(_ first: Unicode.Scalar, _ second: Unicode.Scalar,
                                        rest: Character.UnicodeScalarView.Iterator) -> Bool {
        if isRegionalIndicator(first) { return isRegionalIndicator(second) }
        guard first.properties.isEmoji else { return false }
        var rest = rest
        var next: Unicode.Scalar? = second
        while let s = next {
            switch s.value {
            case 0xFE0F, 0x20E3, 0x200D: return true // presentation selector, keycap, joiner
            case 0x1F3FB...0x1F3FF: return true      // skin-tone modifiers
            default: next = rest.next()
            }
        }
        return false
    }

    private static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(s.value) }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` cut to at most `width` columns, with `…` when it was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var out = "", used = 0
        for ch in text {
            let w = of(ch)
            if used + w > width - 1 { break }
            out.append(ch); used += w
        }
        return out + "…"
    }
}
