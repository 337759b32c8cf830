/// Positions in YAML text counted as libyaml counts them (lines from 1, columns in Unicode
/// scalars from 1), for the problems found before or around libyaml: a control character,
/// a duplicate key.
enum YAMLPosition {
    /// A line break for YAML: LF, CR (CR LF counts once), NEL, LS, PS.
    static func isBreak(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// A character YAML does not allow in a file (YAML 1.1 §5.1: only tab, the line breaks
    /// and printable characters). libyaml reports these at 1:1 with the line itself (the
    /// raw character included), so they are found here first.
    static func isForbidden(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0A, 0x0D, 0x85: false
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// The first forbidden character of `text`, with its line and column.
    static func firstForbidden(in text: String) -> (scalar: Unicode.Scalar, line: Int, column: Int)? {
        var line = 1, column = 1
        var previousCR = false
        for s in text.unicodeScalars {
            if isForbidden(s) { return (s, line, column) }
            if s == "\n" && previousCR {
                previousCR = false
            } else if isBreak(s) {
                line += 1; column = 1; previousCR = s == "\r"
            } else {
                column += 1; previousCR = false
            }
        }
        return nil
    }

    /// Lines of `text` as Unicode scalars (breaks removed), to look at a column.
    static func lines(_ text: String) -> [[Unicode.Scalar]] {
        var out: [[Unicode.Scalar]] = [[]]
        var previousCR = false
        for s in text.unicodeScalars {
            if s == "\n" && previousCR { previousCR = false; continue }
            if isBreak(s) { out.append([]); previousCR = s == "\r"; continue }
            out[out.count - 1].append(s)
            previousCR = false
        }
        return out
    }

    /// Where the second `key` of a mapping is, given the first one's position: Yams reports
    /// a duplicate at the first. A sibling in a block mapping starts at the same column on a
    /// later line, before a line that starts further left; in a flow mapping (`{a: 1, a: 2}`)
    /// it is the next `key:` after the first.
    static func duplicate(of key: String, firstLine: Int, firstColumn: Int, in text: String) -> (line: Int, column: Int)? {
        let lines = lines(text)
        guard firstLine >= 1, firstLine <= lines.count else { return nil }
        let spellings = [key, "\"" + key + "\"", "'" + key + "'"].map { Array($0.unicodeScalars) }
        func keyAt(_ line: [Unicode.Scalar], _ index: Int) -> Bool {
            for spelling in spellings where index + spelling.count <= line.count && Array(line[index..<(index + spelling.count)]) == spelling {
                var j = index + spelling.count
                while j < line.count && (line[j] == " " || line[j] == "\t") { j += 1 }
                if j < line.count && line[j] == ":" && (index == 0 || !isKeyCharacter(line[index - 1])) { return true }
            }
            return false
        }
        // Block mapping: the same column on the lines below.
        let col = firstColumn - 1
        if firstLine < lines.count {
            for n in firstLine..<lines.count {
                let line = lines[n]
                guard let start = line.firstIndex(where: { $0 != " " }) else { continue }
                if line[start] == "#" { continue }
                if start < col { break }
                if start == col && keyAt(line, col) { return (n + 1, col + 1) }
            }
        }
        // Flow mapping: the next `key:` after the first, on its line or below.
        for n in (firstLine - 1)..<lines.count {
            let line = lines[n]
            let from = n == firstLine - 1 ? col + 1 : 0
            guard from < line.count else { continue }
            for i in from..<line.count where keyAt(line, i) { return (n + 1, i + 1) }
        }
        return nil
    }

    private static func isKeyCharacter(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" || s == "-" || s == "."
    }
}
