@preconcurrency import Yams

/// The bounds of `Limits` checked on a composed document, before any reader sees it.
extension YAMLValue {
    /// Walks the document once: nesting, entries per list or mapping, length of each value
    /// and key, and values counted with aliases expanded (`budget`).
    func checkLimits(depth: Int, budget: inout Int) throws(ConfigError) {
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
        case let .mapping(m):
            guard depth <= Limits.nesting else { throw Self.nestingError(file: file, line: line, column: column) }
            guard m.count <= Limits.entries else { throw entriesError(m.count) }
            for (k, v) in m {
                let key = YAMLValue(node: k, file: file)
                if let text = k.scalar?.string, text.unicodeScalars.count > Limits.nameLength {
                    throw key.error("this key is \(Limits.grouped(text.unicodeScalars.count)) characters long; keys are limited to \(Limits.nameLength) characters")
                }
                try key.checkLimits(depth: depth + 1, budget: &budget)
                try YAMLValue(node: v, file: file).checkLimits(depth: depth + 1, budget: &budget)
            }
        case let .sequence(seq):
            guard depth <= Limits.nesting else { throw Self.nestingError(file: file, line: line, column: column) }
            guard seq.count <= Limits.entries else { throw entriesError(seq.count) }
            for item in seq { try YAMLValue(node: item, file: file).checkLimits(depth: depth + 1, budget: &budget) }
        case .alias:
            break
        }
    }

    private func entriesError(_ count: Int) -> ConfigError {
        error("this list or mapping has \(Limits.grouped(count)) entries; the limit is \(Limits.grouped(Limits.entries)) (steps of a scenario, users, apps, any list): split it into several files")
    }
}
