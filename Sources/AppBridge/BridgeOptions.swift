/// The bridge's limits (Docs/bridge-protocol.md, "Limits and faults"). The defaults are the
/// protocol's; tests and benchmarks may tighten or loosen them.
public struct BridgeOptions: Sendable {
    /// Where relative `exec[0]`/`workingDirectory` are resolved (the scenario's or catalogue's folder; nil: cwd).
    public var baseDirectory: String?
    /// A line longer than this is refused and the app faulted: a reader's memory stays bounded.
    public var maxLineBytes: Int = 1 << 20
    /// More messages than this begun by the app within one second is a flood: the app is faulted.
    /// Answers to hubsim's own requests do not count (hubsim sends one event at a time).
    public var floodMessagesPerSecond: Int = 1000
    /// Unexpected exits in a row after which the app is not started again until hubsim restarts.
    public var maxExitsInARow: Int = 3
    /// Time for an initialize answer and between app/terminate, SIGTERM and SIGKILL.
    public var graceMilliseconds: Int = 1000
    /// Protocol errors in a row that mark an app faulted.
    public var maxWarningsInARow: Int = 10

    public init(baseDirectory: String? = nil) { self.baseDirectory = baseDirectory }
}
