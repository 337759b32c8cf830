/// Lines and columns as YAML (libyaml, behind Yams) counts them, to check that an error's
/// `line:column` points inside the text it was found in.
public struct TextPositions: Sendable {
    /// Characters (Unicode scalars) on each line, without its break.
    public let lineLengths: [Int]

    public init(_ text: String) {
        // YAML 1.1's line breaks: LF, CR, CR LF, NEL, LS and PS.
        var lengths: [Int] = [], n = 0
        var previousCR = false
        for s in text.unicodeScalars {
            switch s {
            case "\n" where previousCR: previousCR = false
            case "\n", "\u{85}", "\u{2028}", "\u{2029}": lengths.append(n); n = 0; previousCR = false
            case "\r": lengths.append(n); n = 0; previousCR = true
            default: n += 1; previousCR = false
            }
        }
        lengths.append(n)
        lineLengths = lengths
    }

    /// Whether `line:column` (both from 1) is a character of the text or just after the end
    /// of a line (where a parser reports what is missing at the end of a line or the file).
    public func contains(line: Int, column: Int) -> Bool {
        guard line >= 1, line <= lineLengths.count, column >= 1 else { return false }
        return column <= lineLengths[line - 1] + 1
    }
}
