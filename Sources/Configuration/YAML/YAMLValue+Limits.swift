import SessionEngine
import Yams

/// The bounds of `Limits` checked on a composed document, before any reader sees it.
extension YAMLValue {
    /// Walks the document once: nesting, entries per list or mapping, length of each value
    /// and key, and values counted with aliases expanded (`budget`).
    func checkLimits(depth: Int, budget: inout Int, refusingControlCharacters: Bool = true) throws(ConfigError) {
        budget -= 1
        guard budget >= 0 else {
            throw error("the file expands to more than \(Limits.grouped(Limits.expandedValues)) values (through aliases such as *name), the limit: write the values out or use fewer aliases")
        }
        switch node {
        case let .scalar(s):
            let length = s.string.unicodeScalars.count
            if length > Limits.keySequenceLength {
                throw error("this value is \(Limits.grouped(length)) characters long; values are limited to \(Limits.grouped(Limits.keySequenceLength)) characters (key sequences) or \(Limits.grouped(Limits.textLength)) (other text)")
            }
            if refusingControlCharacters { try checkNoControlCharacter(s.string) }
        case let .mapping(m):
            guard depth <= Limits.nesting else { throw Self.nestingError(file: file, line: line, column: column) }
            guard m.count <= Limits.entries else { throw entriesError(m.count) }
            for (k, v) in m {
                let key = YAMLValue(node: k, file: file)
                if let text = k.scalar?.string, text.unicodeScalars.count > Limits.nameLength {
                    throw key.error("this key is \(Limits.grouped(text.unicodeScalars.count)) characters long; keys are limited to \(Limits.nameLength) characters")
                }
                try key.checkLimits(depth: depth + 1, budget: &budget, refusingControlCharacters: refusingControlCharacters)
                try YAMLValue(node: v, file: file).checkLimits(depth: depth + 1, budget: &budget, refusingControlCharacters: refusingControlCharacters)
            }
        case let .sequence(seq):
            guard depth <= Limits.nesting else { throw Self.nestingError(file: file, line: line, column: column) }
            guard seq.count <= Limits.entries else { throw entriesError(seq.count) }
            for item in seq { try YAMLValue(node: item, file: file).checkLimits(depth: depth + 1, budget: &budget, refusingControlCharacters: refusingControlCharacters) }
        case .alias:
            break
        }
    }

    /// The raw file has no control character (`YAMLPosition.firstForbidden`), but a quoted
    /// value can still spell one as an escape (`"\e"`, `"\x7f"`, `"\u009b"`, `"\N"`, `"\L"`,
    /// `"\t"`, `"\n"`): checked here on the text libyaml decoded, which is what a screen,
    /// a log line or a report would show. Refused: what `PrintableText` escapes (C0, DEL,
    /// C1 with NEL, the line and paragraph separators, and the invisible direction marks,
    /// embeddings, overrides and isolates, which can make one name look like another).
    func checkNoControlCharacter(_ text: String) throws(ConfigError) {
        guard let bad = text.unicodeScalars.first(where: PrintableText.needsEscape) else { return }
        let code = "\\u{" + String(bad.value, radix: 16, uppercase: true) + "}"
        throw error("this value holds a control character (\(code)); text values allow printable characters only, no escape such as \\e, \\t or \\u009b: remove it")
    }

    private func entriesError(_ count: Int) -> ConfigError {
        error("this list or mapping has \(Limits.grouped(count)) entries; the limit is \(Limits.grouped(Limits.entries)) (steps of a scenario, users, apps, any list): split it into several files")
    }
}
