#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether standard input and output are a terminal: what decides between a command's screen
/// and its headless form (`compare` draws or prints a table; `reset` asks or needs `--yes`).
/// Here because this module is the one that talks to terminals (`Scripts/check-imports`
/// refuses `isatty` elsewhere); the other modules ask these questions.
public enum StandardStreams {
    /// Standard input is a terminal: someone can be asked.
    public static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Standard output is a terminal: a screen can be drawn there.
    public static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Both: an interactive screen can start (`CursesSession.start` checks the same, and `TERM`).
    public static var areTerminals: Bool { outputIsTerminal && inputIsTerminal }
}
