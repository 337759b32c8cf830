import Dispatch

/// Where the children's reading and writing tasks run: a dispatch queue of the bridge's own,
/// not Swift's cooperative pool. `settle` blocks its caller until a child answers; when that
/// caller is itself on the cooperative pool (a test, an async command), the readers that
/// would wake it must not need a thread of that same small pool. A serial queue (libdispatch gives
/// it a thread of its own when the pool's are blocked); the work on it is only moving lines.
final class BridgeExecutor: TaskExecutor {
    static let shared = BridgeExecutor()
    private let queue = DispatchQueue(label: "hubsim.app-bridge")

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { unowned.runSynchronously(on: executor) }
    }
}
