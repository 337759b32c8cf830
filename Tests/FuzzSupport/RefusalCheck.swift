/// What every refusal of a mutated file must be: a position inside the file, one line, no
/// control character and no password hash in its message.
public enum RefusalCheck {
    /// The problems with a parser's refusal of `text` (empty when the refusal is sound).
    public static func problems(line: Int, column: Int, message: String, in text: String) -> [String] {
        var problems: [String] = []
        if !TextPositions(text).contains(line: line, column: column) {
            problems.append("the position \(line):\(column) is outside the file")
        } else if line == 1 && column == 1 && !startsAtTheFirstCharacter(text) {
            // The shipped files open with comments, so what a mutant got wrong is further down:
            // 1:1 there is the position of nothing in particular.
            problems.append("the refusal is placed at 1:1, where the file has no content")
        }
        if message.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            problems.append("the message runs over \(message.split(whereSeparator: \.isNewline).count) lines")
        }
        let controls = message.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\r") || (0x7F...0x9F).contains($0.value) }
        if !controls.isEmpty { problems.append("the message holds a raw control character") }
        if showsAHash(message) { problems.append("the message shows a password hash") }
        return problems
    }

    /// A PHC scrypt string with its parameters (`$scrypt$ln=15,…`), not the format's description.
    static func showsAHash(_ message: String) -> Bool {
        var rest = Substring(message)
        while let r = rest.firstRange(of: "$scrypt$ln=") {
            if rest[r.upperBound...].first?.isNumber == true { return true }
            rest = rest[r.upperBound...]
        }
        return false
    }

    /// Whether something other than a comment or white space starts the text: then a
    /// refusal of the whole document at 1:1 is where that thing is. An empty file (or one of
    /// comments only) is refused at 1:1 too, having nothing else to point at.
    static func startsAtTheFirstCharacter(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return true }
        if first != "#" && first != " " && first != "\n" && first != "\r" && first != "\t" { return true }
        return text.split(whereSeparator: \.isNewline).allSatisfy { $0.trimmingPrefix(while: \.isWhitespace).first == "#" || $0.allSatisfy(\.isWhitespace) }
    }
}

extension Substring {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring { drop(while: predicate) }
}
