/// A problem in a YAML file (tenant, app catalogue, scenario), with its position.
///
/// `description` is `file:line:column: message`, the form editors and CI logs link to.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
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
