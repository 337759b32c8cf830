/// Why the interactive loop ended.
public enum TerminalExit: Equatable, Sendable {
    /// The program asked to quit (F10, the menu).
    case quit
    /// A quit signal arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT).
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
}
