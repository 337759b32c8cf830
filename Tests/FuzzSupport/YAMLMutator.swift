/// Seeded mutations of a YAML file, for fuzzing the tenant, catalogue and scenario parsers
/// from the shipped files: byte flips, deletions, duplicated and swapped lines, YAML's
/// special characters, huge numbers, deep nesting, NUL bytes, truncation, and words taken
/// from the other shipped files (so that a mutant often stays valid YAML and reaches the
/// parser behind Yams).
public struct YAMLMutator: Sendable {
    /// Words and lines seen in the corpus: what the dictionary mutations splice in.
    public let words: [String]
    public let lines: [String]

    /// `corpus`: the shipped files of one kind.
    public init(corpus: [String]) {
        var words: Set<String> = [], lines: Set<String> = []
        for text in corpus {
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                // Password hashes are never spliced elsewhere: an error message that quotes a
                // value must not be able to show one (the tests assert that none does).
                if line.contains("$scrypt$") { continue }
                lines.insert(String(line))
                for w in line.split(whereSeparator: { " :,[]{}\"'#-".contains($0) }) where w.count < 40 { words.insert(String(w)) }
            }
        }
        self.words = words.sorted()
        self.lines = lines.sorted()
    }

    /// The kinds of mutation, each named in a failure report.
    public enum Operation: String, CaseIterable, Sendable {
        case flipBit, deleteBytes, duplicateLine, deleteLine, swapLines, insertSpecial, hugeNumber,
             deepNesting, nulByte, truncate, replaceWord, spliceLine, reindent, longText
    }

    /// Characters and fragments with a meaning in YAML (or in hubsim's own syntax: `${}`, `<F1>`).
    static let specials = [
        ": ", ":", "- ", "-", "{", "}", "[", "]", "&a ", "*a", "!!str ", "!!map ", "!tag ", "? ", "|", "|-\n", ">", "#", "'",
        "\"", "%YAML 1.1\n", "@", "`", ",", "\t", "\n", "\r", "\r\n", "\\", "\\u", "---\n", "...\n", "<<: *a\n", "<<: ",
        "${", "${}", "${X}", "$$", "$", "<", ">", "<F1>", "<nope>", "\u{FEFF}", "\u{85}", "\u{2028}", "\u{1B}", "\u{7F}",
        "é", "中", "🙂", "\u{301}", " ", "~", "null", "true", "no", "0x", "0o7", ".inf", ".nan", "=",
    ]

    /// Numbers that overflow, round, or are not numbers to Swift.
    static let hugeNumbers = [
        "9300000000000000", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551616", "99999999999999999999999999", "1e308", "1e309",
        "-1e309", "1.7976931348623157e308", "4.9e-324", "-0", "-1", "0", "0.0000001", "nan", "NaN", "inf",
        "-inf", ".inf", "1_000", "0x7fffffffffffffff", "31536000000000", "31536000000001",
        "9300000000000000s", "9223372036854775807ms", "153722867280912931m", "2562047788015216h", "1e400h",
    ]

    /// Applies 1 to 4 random mutations to `text` and returns the mutant with what was done.
    public func mutate(_ text: String, _ rng: inout SplitMix64) -> (text: String, operations: [Operation]) {
        var bytes = Array(text.utf8)
        var done: [Operation] = []
        for _ in 0..<rng.int(in: 1...4) {
            let op = rng.pick(Operation.allCases)
            apply(op, to: &bytes, &rng)
            done.append(op)
        }
        // Invalid UTF-8 is read as a lenient reader does, with U+FFFD in its place: the
        // loaders take text (a file that is not UTF-8 is refused before any parsing).
        return (String(decoding: bytes, as: UTF8.self), done)
    }

    private func apply(_ op: Operation, to b: inout [UInt8], _ rng: inout SplitMix64) {
        switch op {
        case .flipBit:
            guard !b.isEmpty else { return }
            b[rng.below(b.count)] ^= UInt8(1) << UInt8(rng.below(8))
        case .deleteBytes:
            guard !b.isEmpty else { return }
            let start = rng.below(b.count)
            b.removeSubrange(start..<min(b.count, start + rng.int(in: 1...16)))
        case .duplicateLine:
            var l = splitLines(b)
            guard !l.isEmpty else { return }
            let i = rng.below(l.count)
            l.insert(l[i], at: rng.chance(0.7) ? i : rng.below(l.count + 1))
            b = joinLines(l)
        case .deleteLine:
            var l = splitLines(b)
            guard !l.isEmpty else { return }
            l.remove(at: rng.below(l.count))
            b = joinLines(l)
        case .swapLines:
            var l = splitLines(b)
            guard l.count > 1 else { return }
            l.swapAt(rng.below(l.count), rng.below(l.count))
            b = joinLines(l)
        case .insertSpecial:
            insert(rng.pick(Self.specials), into: &b, &rng)
        case .hugeNumber:
            // Over a run of digits when there is one (a count, a duration), else anywhere.
            let huge = Array(rng.pick(Self.hugeNumbers).utf8)
            let digits = b.indices.filter { isDigit(b[$0]) && ($0 == 0 || !isDigit(b[$0 - 1])) }
            if digits.isEmpty || rng.chance(0.1) {
                insert(String(decoding: huge, as: UTF8.self), into: &b, &rng)
            } else {
                let start = rng.pick(digits)
                var end = start
                while end < b.count, isDigit(b[end]) || b[end] == UInt8(ascii: ".") { end += 1 }
                b.replaceSubrange(start..<end, with: huge)
            }
        case .deepNesting:
            let depth = rng.pick([8, 64, 200, 1000])
            let (open, close) = rng.pick([("[", "]"), ("{a: ", "}"), ("- ", "")])
            let nest: String
            if open == "- " {
                // Block sequences, one level of indentation deeper on each line.
                nest = (0..<min(depth, 200)).map { String(repeating: " ", count: $0 * 2) + "- " }.joined(separator: "\n") + "x"
            } else {
                nest = String(repeating: open, count: depth) + "x" + String(repeating: close, count: depth)
            }
            insert(nest, into: &b, &rng)
        case .nulByte:
            let n = rng.chance(0.8) ? 1 : rng.int(in: 2...8)
            for _ in 0..<n { b.insert(0, at: rng.below(b.count + 1)) }
        case .truncate:
            guard !b.isEmpty else { return }
            b.removeSubrange(rng.below(b.count)...)
        case .replaceWord:
            // One word of the file becomes a word of the corpus (a key, a step, an app id).
            guard !words.isEmpty else { return }
            let starts = b.indices.filter { isWord(b[$0]) && ($0 == 0 || !isWord(b[$0 - 1])) }
            guard !starts.isEmpty else { return }
            let start = rng.pick(starts)
            var end = start
            while end < b.count, isWord(b[end]) { end += 1 }
            b.replaceSubrange(start..<end, with: Array(rng.pick(words).utf8))
        case .spliceLine:
            guard !lines.isEmpty else { return }
            var l = splitLines(b)
            let line = Array(rng.pick(lines).utf8)
            if !l.isEmpty && rng.chance(0.5) { l[rng.below(l.count)] = line } else { l.insert(line, at: rng.below(l.count + 1)) }
            b = joinLines(l)
        case .reindent:
            var l = splitLines(b)
            guard !l.isEmpty else { return }
            let i = rng.below(l.count)
            if rng.chance(0.5) {
                l[i] = Array(repeating: UInt8(ascii: " "), count: rng.int(in: 1...4)) + l[i]
            } else {
                l[i] = Array(l[i].drop(while: { $0 == UInt8(ascii: " ") }))
            }
            b = joinLines(l)
        case .longText:
            insert(String(repeating: rng.pick(["a", "中", "{user}", "x "]), count: rng.pick([300, 5000])), into: &b, &rng)
        }
    }

    private func insert(_ s: String, into b: inout [UInt8], _ rng: inout SplitMix64) {
        b.insert(contentsOf: Array(s.utf8), at: rng.below(b.count + 1))
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private func isWord(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
    }

    private func splitLines(_ b: [UInt8]) -> [[UInt8]] {
        b.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    }

    private func joinLines(_ l: [[UInt8]]) -> [UInt8] { Array(l.joined(separator: [UInt8(ascii: "\n")])) }
}
