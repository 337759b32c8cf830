import CHubsimSignals
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the interactive loop ended.
public enum TerminalExit: Equatable, Sendable {
    /// The program asked to quit (F10, the menu).
    case quit
    /// A quit signal arrived: any signal whose default action ends the process
    /// (`CursesSession.quitSignals`).
    case signal(Int32)
    /// The terminal went away: input returns errors at once instead of waiting.
    case hangup

    /// The process exit status: 0, or 128 + the signal as shells report it (130, 143, 129).
    public var exitCode: Int32 {
        switch self {
        case .quit: 0
        case let .signal(n): 128 + n
        case .hangup: 129
        }
    }

    /// After a quit signal, once state is saved and the terminal restored: ends the process
    /// by that signal's default action, so the parent (a shell, a script loop) sees the
    /// signal as the cause. Signals whose default action also dumps core (SIGQUIT, SIGXCPU,
    /// SIGXFSZ, SIGSYS) return instead, and the caller exits with `exitCode`: the state was
    /// saved cleanly and a core file would only be noise. Returns for every other exit.
    public func endProcessBySignal() {
        guard case let .signal(number) = self, hubsim_default_action_dumps_core(number) == 0 else { return }
        fflush(nil)
        hubsim_die_of_signal(number)
    }
}
