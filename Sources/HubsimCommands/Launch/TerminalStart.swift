import CursesTerminal

extension CursesSession {
    /// The terminal taken over for a command's screen (`hubsim`, `lesson`, `compare`), or the
    /// one line saying why it cannot be (status 2): standard input or output not a terminal,
    /// `TERM` unset, `dumb` or unknown to curses. `StartupProblem`'s message is already
    /// `hubsim: …`.
    static func started(environment: [String: String]) throws(CommandError) -> CursesSession {
        do { return try start(environment: environment) } catch { throw CommandError(.usage, message: error.message) }
    }
}
