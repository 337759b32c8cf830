import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the children's background tasks run (each one's start, exit report and signals): a
/// dispatch queue of the bridge's own, not Swift's cooperative pool. `settle` blocks its caller
/// until a child answers or ends; when that caller is itself on the cooperative pool (a test, an
/// async command), the task that reports an exit must not need a thread of that same small pool.
/// A serial queue (libdispatch gives it a thread of its own when the pool's are blocked). The
/// answers themselves never pass through it: the caller's thread reads them (`ChildPipes`).
///
/// Writing to a program that has just ended raises SIGPIPE, whose default action ends hubsim.
/// The interactive session ignores it while curses runs, but a headless run (a scenario,
/// check-app, a test) does not, and swift-subprocess leaves it alone: so a thread of the
/// bridge's that writes blocks SIGPIPE for itself (a write then fails with EPIPE), and the
/// caller's thread holds it back only for the moment of its write, without touching the
/// process's signal dispositions, which belong to CursesTerminal.
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

    static func blockBrokenPipe() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}
