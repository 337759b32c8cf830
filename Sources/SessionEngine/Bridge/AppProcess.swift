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
    /// The items of `screen` as the program had them when it showed them: their owners and
    /// texts, held in the process's memory. They are what the person sees, whatever becomes of
    /// the stored items afterwards: a key the SDK deletes protects what is stored, not what a
    /// running process holds and shows (Docs/bridge-protocol.md, "What the judge reads").
    public var shown: [ShownItem] = []
    /// Android: the process registered a receiver for `CURRENT_ACCOUNT_CHANGED` at run time
    /// (`msal/registerReceiver`); it ends with the process, as a context-registered receiver does.
    public var receiverRegistered = false
    /// The SDK's optional callbacks the program says it implements (its `initialize` answer's
    /// `callbacks`): an Objective-C SDK calls an optional delegate method only when the
    /// delegate responds to it, and a program written before a callback existed is never sent it.
    public var optionalCallbacks: Set<String> = []

    public struct Screen: Codable, Sendable, Equatable {
        public var user: UserID?
        public var items: [String]
        public var lines: [String]
        public init(user: UserID?, items: [String], lines: [String]) { self.user = user; self.items = items; self.lines = lines }
    }

    /// One item on the program's screen, as it was read when the program showed it.
    public struct ShownItem: Codable, Sendable, Equatable {
        /// The stored item at that moment (its key, owner and protection).
        public var item: StoredItem
        /// Its text as the program could read it then; nil when it was sealed under a key
        /// already gone (the program shows what it held from before).
        public var text: String?
        public init(item: StoredItem, text: String?) { self.item = item; self.text = text }
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

extension AppRuntime {
    /// A developer's program's receiver for `CURRENT_ACCOUNT_CHANGED` on Android: the one its
    /// running process registered (`msal/registerReceiver`; it ends with the process, whose
    /// record lingers until the bridge reports the exit); otherwise a `receiver: manifest`
    /// in its entry declares one in the manifest, which gets nothing (Android Developers,
    /// "Implicit broadcast exceptions"), and else it has none. nil for the catalogue's apps,
    /// whose traits say (`MSALTraits.broadcastReceiver`).
    var broadcastReceiver: BroadcastReceiverRegistration? {
        guard definition.isExternal else { return nil }
        // A stopped program has whatever receiver it registers when it starts: what it misses,
        // it misses for being stopped.
        guard lifecycle.isRunning else { return .runtime }
        if process?.receiverRegistered == true { return .runtime }
        return definition.msal?.receiver == .manifest ? .manifest : BroadcastReceiverRegistration.none
    }
}
