/// A developer's program as the device sees it: its process, whether it answers, and what
/// it says is on its screen. Kept with the app's runtime and never stored: a restarted
/// hubsim has no process for it until the app's next cold launch.
public struct AppProcess: Codable, Sendable, Equatable {
    /// How the program is doing.
    public enum Health: Codable, Sendable, Equatable {
        /// Started, handshake under way.
        case starting
        case running
        /// An event went unanswered past the time limit (the event's name).
        case hung(String)
        /// The process ended: its exit status in words, and its last lines of standard error.
        case exited(status: String, lastLines: [String])
        /// It broke the protocol past what is forgiven (a line over 1 MiB, a flood, repeated garbage).
        case faulted(String)
    }

    public var pid: Int32?
    public var health: Health = .starting
    /// The events sent and not answered yet, oldest first.
    public var awaiting: [AppRequest] = []
    /// Exits in a row without a completed launch (the bridge stops restarting it after three).
    public var exitsInARow = 0
    /// What the program says it shows (`screen/show`); nil until it says.
    public var screen: Screen?

    public struct Screen: Codable, Sendable, Equatable {
        public var user: UserID?
        public var items: [String]
        public var lines: [String]
        public init(user: UserID?, items: [String], lines: [String]) { self.user = user; self.items = items; self.lines = lines }
    }

    public init(pid: Int32? = nil) { self.pid = pid }

    /// Whether the program can take events now.
    public var isAlive: Bool {
        switch health {
        case .starting, .running, .hung: true
        case .exited, .faulted: false
        }
    }
}
