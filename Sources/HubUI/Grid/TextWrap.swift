/// Word wrapping that never cuts a word: a word longer than a line (an API name such as
/// `controllerDidWipeCurrentUserData` or `SHARED_MODE_CURRENT_ACCOUNT_CHANGED`) breaks where
/// a reader would, at a camel-case boundary or after `_`, and goes on on the next line.
public enum TextWrap {
    /// `text` in lines of at most `width` columns; lines after the first are `hanging` columns
    /// narrower (the caller indents them). The lines carry no indent of their own.
    public static func lines(_ text: String, width: Int, hanging: Int = 0) -> [String] {
        guard width > 0, width - hanging > 0 else { return [] }
        if fitsAsItIs(text, width: width) { return [text] }
        return wrapped(text, width: width, hanging: hanging)
    }

    /// Whether `text` is its own single line: words one space apart, within `width`, of
    /// characters that are one scalar each and never join their neighbour (no combining marks,
    /// joiners, variation selectors or control characters), so its width is the sum of theirs.
    /// Most lines of a long list (10,000 redirect URIs) are; `wrapped` would measure each of
    /// them again word by word.
    static func fitsAsItIs(_ text: String, width: Int) -> Bool {
        guard text.utf8.count <= 4 * width, text.utf8.first != 0x20, text.utf8.last != 0x20, !text.isEmpty else { return false }
        var columns = 0
        var previousSpace = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let simple = (0x20...0x7E).contains(v) || (0xA0...0x2FF).contains(v)
                || ((0x2010...0x2027).contains(v) || (0x2030...0x205F).contains(v) || (0x2070...0x2BFF).contains(v))
            guard simple, !(v == 0x20 && previousSpace) else { return false }
            previousSpace = v == 0x20
            columns += TextWidth.of(Character(scalar))
            if columns > width { return false }
        }
        return true
    }

    /// `lines`, word by word.
    static func wrapped(_ text: String, width: Int, hanging: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        func room() -> Int { lines.isEmpty ? width : width - hanging }
        func push() { lines.append(current); current = "" }

        for word in text.split(separator: " ").map(String.init) {
            let joined = current.isEmpty ? word : current + " " + word
            if TextWidth.of(joined) <= room() { current = joined; continue }
            if !current.isEmpty, TextWidth.of(word) <= width - hanging { push(); current = word; continue }
            // Longer than a whole line: it starts here and breaks at its own boundaries.
            var rest = Substring(word)
            var prefix = current.isEmpty ? "" : current + " "
            current = ""
            while TextWidth.of(prefix) + TextWidth.of(String(rest)) > room() {
                let space = room() - TextWidth.of(prefix)
                if let cut = breakIndex(in: rest, fitting: space) {
                    current = prefix + rest[..<cut]; push()
                    rest = rest[cut...]
                    prefix = ""
                } else if !prefix.isEmpty {
                    current = String(prefix.dropLast()); push()
                    prefix = ""
                } else {
                    // No boundary fits (a very narrow line): split by columns, losing nothing.
                    let cut = columnIndex(in: rest, fitting: max(1, space))
                    current = String(rest[..<cut]); push()
                    rest = rest[cut...]
                }
            }
            current = prefix + String(rest)
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The last boundary of `word` whose head fits `width` columns: before a capital that
    /// follows a lower-case letter or digit, or after `_`, `-`, `/` or `.`.
    static func breakIndex(in word: Substring, fitting width: Int) -> Substring.Index? {
        var best: Substring.Index?
        var used = 0
        var previous: Character?
        for i in word.indices {
            let ch = word[i]
            if let p = previous, i != word.startIndex {
                let camel = ch.isUppercase && (p.isLowercase || p.isNumber)
                if camel || "_-/.".contains(p) { best = i }
            }
            used += TextWidth.of(ch)
            if used > width { break }
            previous = ch
        }
        return best
    }

    /// The index after as many characters as fit `width` columns (at least one).
    static func columnIndex(in word: Substring, fitting width: Int) -> Substring.Index {
        var used = 0
        for i in word.indices {
            used += TextWidth.of(word[i])
            if used > width { return i == word.startIndex ? word.index(after: i) : i }
        }
        return word.endIndex
    }
}
