/// How to start a developer's program that plays an app over the bridge
/// (Docs/bridge-protocol.md): the argument list, where it runs and what it is given.
public struct ExternalProgram: Codable, Sendable, Equatable {
    /// The program and its arguments, as a list: no shell reads it.
    public var exec: [String]
    /// Where the program runs (a scenario or catalogue resolves it against its own folder);
    /// nil: the folder hubsim was started in.
    public var workingDirectory: String?
    /// Variables added to hubsim's environment for the program, in the order given.
    public var environment: [EnvironmentVariable]
    /// How long an event may go unanswered before the pane says the app is hung; nil: the
    /// bridge's default (`ExternalProgram.defaultTimeoutMilliseconds`).
    public var timeoutMilliseconds: Int?

    /// Two seconds: far beyond a well-behaved handler, short enough for a class to see.
    public static let defaultTimeoutMilliseconds = 2000

    public init(exec: [String], workingDirectory: String? = nil, environment: [EnvironmentVariable] = [],
                timeoutMilliseconds: Int? = nil) {
        self.exec = exec; self.workingDirectory = workingDirectory; self.environment = environment
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    public var timeout: Int { timeoutMilliseconds ?? Self.defaultTimeoutMilliseconds }
}

/// One environment variable of an external app (a list of these, not a dictionary: the
/// definition is stored as text and must read the same every time it is written).
public struct EnvironmentVariable: Codable, Sendable, Equatable {
    public var name: String
    public var value: String
    public init(name: String, value: String) { self.name = name; self.value = value }
}
