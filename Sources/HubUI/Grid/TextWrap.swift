/// Word wrapping that never cuts a word: a word longer than a line (an API name such as
/// `controllerDidWipeCurrentUserData` or `SHARED_MODE_CURRENT_ACCOUNT_CHANGED`) breaks where
/// a reader would, at a camel-case boundary or after `_`, and goes on on the next line.
public enum TextWrap {
    /// `text` in lines of at most `width` columns; lines after the first are `hanging` columns
    /// narrower (the caller indents them). The lines carry no indent of their own.
    public static func lines(_ text: String, width: Int, hanging: Int = 0) -> [String] {
        guard width > 0, width - hanging > 0 else { return [] }
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
