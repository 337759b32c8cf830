import BridgeProtocol
import SessionEngine

/// What the bridge knows of one app's program: its process, the handshake, the events taken
/// from the device and not yet sent, the one in flight, and the stop under way. Changed only
/// on the caller's thread.
struct AppChannel {
    let id: AppID
    var process: ChildProcess?
    var pid: Int32?
    /// The `initialize` request's id while its answer is awaited, and by when.
    var handshake: (rpcID: Int, deadline: UInt64, reportedHung: Bool)?
    /// Taken from the device, not sent yet (one event in flight at a time).
    var queue: [AppRequest] = []
    var inFlight: InFlight?
    var nextRPCID = 1
    /// `msal/acquireToken` calls waiting for the person's answer to the sign-in prompt.
    var pendingTokens: [JSONValue] = []
    /// The process is being ended; its exit is expected.
    var stop: Stop?
    /// The process was stopped for a fault: its exit is not reported as a crash.
    var faulted = false
    /// Protocol errors since its last good message.
    var warningsInARow = 0
    /// Exited too often in a row: not started again until hubsim restarts.
    var givenUp = false
    /// The program closed its standard output: by this time it has exited, or it is stopped.
    var outputClosed: UInt64?

    struct InFlight {
        var rpcID: Int
        var request: AppRequest
        var deadline: UInt64
        var reportedHung = false
    }

    /// The steps of ending a program (Docs/bridge-protocol.md, "Starting and stopping").
    enum Stop {
        /// hubsim's own `app/terminate` (at shutdown) sent: its answer awaited until `deadline`.
        case terminating(rpcID: Int, deadline: UInt64)
        /// Standard input closed; SIGTERM at `deadline`.
        case inputClosed(deadline: UInt64)
        /// SIGTERM sent; SIGKILL to the process group at `deadline`.
        case signalled(deadline: UInt64)
        /// SIGKILL sent; the exit report is awaited (`late`: the grace period already ran out once).
        case killed(deadline: UInt64, late: Bool = false)

        var deadline: UInt64 {
            switch self {
            case let .terminating(_, d), let .inputClosed(d), let .signalled(d), let .killed(d, _): d
            }
        }
    }

    init(id: AppID) { self.id = id }

    /// Whether the bridge waits for this program (settle's condition): a handshake or an event
    /// not yet given up on as hung, or a stop under way.
    var isAwaited: Bool {
        if process == nil { return false }
        if stop != nil || outputClosed != nil { return true }
        if let handshake { return !handshake.reportedHung }
        if let inFlight { return !inFlight.reportedHung }
        return !queue.isEmpty
    }

    /// The nearest time limit running (nil: none).
    var nextDeadline: UInt64? {
        guard process != nil else { return nil }
        var deadlines: [UInt64] = []
        if let stop { deadlines.append(stop.deadline) }
        if let outputClosed { deadlines.append(outputClosed) }
        if let handshake, !handshake.reportedHung { deadlines.append(handshake.deadline) }
        if let inFlight, !inFlight.reportedHung { deadlines.append(inFlight.deadline) }
        return deadlines.min()
    }

    mutating func takeRPCID() -> Int {
        defer { nextRPCID += 1 }
        return nextRPCID
    }
}
