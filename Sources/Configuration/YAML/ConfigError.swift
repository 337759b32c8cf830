import SessionEngine
/// A problem in a YAML file (tenant, app catalogue, scenario), with its position.
///
/// `description` is `file:line:column: message`, the form editors and CI logs link to.
/// Whole-file problems (cannot read, too large) are at 1:1.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// One line: the file name and the message with control characters escaped (`\u{1B}`),
    /// as both may hold text from the file or the command line.
    /// An empty file name (an empty argument) gives the message alone.
    public var description: String {
        if file.isEmpty { return PrintableText.escaped(message) }
        return "\(PrintableText.escaped(file)):\(line):\(column): \(PrintableText.escaped(message))"
    }
}

extension ConfigError {
    /// The error placed inside `text`. At the end of a file without a final line break,
    /// libyaml reports what it missed on the line after the last one, which no editor can
    /// show: the end of the last line is where the file stopped.
    func insideText(_ text: String) -> ConfigError {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard line > lines.count, let last = lines.last else { return self }
        var placed = self
        placed.line = lines.count
        placed.column = last.unicodeScalars.count + 1
        return placed
    }
}
