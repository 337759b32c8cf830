import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the children's reading and writing tasks run: a dispatch queue of the bridge's own,
/// not Swift's cooperative pool. `settle` blocks its caller until a child answers; when that
/// caller is itself on the cooperative pool (a test, an async command), the readers that
/// would wake it must not need a thread of that same small pool. A serial queue (libdispatch gives
/// it a thread of its own when the pool's are blocked); the work on it is only moving lines.
///
/// Writing to a program that has just ended raises SIGPIPE, whose default action ends hubsim.
/// The interactive session ignores it while curses runs, but a headless run (a scenario,
/// check-app, a test) does not, and swift-subprocess leaves it alone: so the thread that runs
/// the bridge's work blocks SIGPIPE for itself (a write then fails with EPIPE), without
/// touching the process's signal dispositions, which belong to CursesTerminal.
final class BridgeExecutor: TaskExecutor {
    static let shared = BridgeExecutor()
    private let queue = DispatchQueue(label: "hubsim.app-bridge")

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async {
            Self.blockBrokenPipe()
            unowned.runSynchronously(on: executor)
        }
    }

    private static func blockBrokenPipe() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}
