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
