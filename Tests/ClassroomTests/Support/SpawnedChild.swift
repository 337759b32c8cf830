import Foundation
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

/// A process a test started (posix_spawn) and reaps itself: its exit looked for without holding
/// a thread, reaped once, killed and reaped when the test lets go of it.
final class SpawnedChild {
    let pid: pid_t
    private var status: Int32?

    init(pid: pid_t) { self.pid = pid }

    deinit {
        guard status == nil else { return }
        // Killed, it ends at once: the blocking wait is short.
        kill(pid, SIGKILL)
        var s: Int32 = 0
        _ = waitpid(pid, &s, 0)
    }

    /// Its wait status once it has exited, looking for at most `timeout` seconds.
    func waitExit(timeout: Double) async throws -> Int32? {
        try await Poll.value(before: Date().addingTimeInterval(timeout), every: .milliseconds(20)) { reap() }
    }

    /// The wait status once it has exited (reaped once); nil while it runs.
    private func reap() -> Int32? {
        if let status { return status }
        var s: Int32 = 0
        guard waitpid(pid, &s, WNOHANG) == pid else { return nil }
        status = s
        return s
    }
}
