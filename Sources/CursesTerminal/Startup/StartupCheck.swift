/// Why the interactive front end cannot start on this terminal.
public struct StartupProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// One line for stderr.
    public var message: String
    /// The process exit status that goes with it (2: a usage error).
    public var exitCode: Int32 { 2 }

    public var description: String { message }

    public init(_ message: String) { self.message = message }
}

/// What start-up looks at before touching curses, which would otherwise exit the process
/// itself (`initscr` with an unknown `TERM`) or spin on a closed input.
public struct TerminalEnvironment: Equatable, Sendable {
    public var stdinIsTerminal: Bool
    public var stdoutIsTerminal: Bool
    public var term: String?
    public var noColor: String?

    public init(stdinIsTerminal: Bool, stdoutIsTerminal: Bool, term: String?, noColor: String? = nil) {
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.term = term
        self.noColor = noColor
    }

    /// The problem that stops the front end from starting, if any.
    public var problem: StartupProblem? {
        guard let term, !term.isEmpty else {
            return StartupProblem("hubsim: TERM is not set; set it to your terminal's type (e.g. TERM=xterm-256color)")
        }
        if term == "dumb" {
            return StartupProblem("hubsim: TERM=dumb cannot show the interactive screen; use a full terminal or 'hubsim run FILE'")
        }
        if !stdinIsTerminal {
            return StartupProblem("hubsim: standard input is not a terminal; use 'hubsim run FILE' for headless scenarios")
        }
        if !stdoutIsTerminal {
            return StartupProblem("hubsim: standard output is not a terminal; use 'hubsim run FILE' for headless scenarios")
        }
        return nil
    }

    /// `NO_COLOR` set to anything non-empty asks for no colour (no-color.org).
    public var wantsNoColor: Bool { !(noColor ?? "").isEmpty }
}
