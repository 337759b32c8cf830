import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The end of a child the test started: its wait status and the moment it ended, taken by a
/// thread of its own that waits in a blocking `waitpid`. A test looks at `ended` between
/// `Task.sleep`s (`Poll`), so it holds none of the test pool's threads while the child runs.
///
/// Two reasons for a thread of its own rather than a `WNOHANG` poll from the test:
/// - the moment of the exit is the thread's, not the test's: a test resumes only when a pool
///   thread is free, which on a loaded runner can be tens of seconds after the exit, and a time
///   a test asserts must not include that wait (Docs/testing.md, "What a late wake-up may
///   break");
/// - an ended child polled with `WNOHANG` stays a zombie for up to a poll's interval, for
///   anything else in the test process that reaps by pid to take; a blocked `waitpid` is woken
///   at the exit itself.
public final class ChildExit: Sendable {
    private let end = Mutex<(status: Int32, at: Date)?>(nil)
    /// When the child was started (by the caller, just before).
    public let started: Date

    /// Watches `pid`, a child of this process that nothing else waits for, started at `started`.
    public init(of pid: pid_t, startedAt started: Date = Date()) {
        self.started = started
        Thread.detachNewThread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            let at = Date()
            self.end.withLock { $0 = (status, at) }
        }
    }

    /// The wait status (`waitpid`'s) and when the child ended, nil while it runs.
    public var ended: (status: Int32, at: Date)? { end.withLock { $0 } }
    /// The wait status alone.
    public var status: Int32? { ended?.status }
    /// Seconds from the start to the end, as the waiting thread saw them; nil while it runs.
    public var seconds: Double? { ended.map { $0.at.timeIntervalSince(started) } }

    /// Waits without holding a thread until the child has ended; false if it still runs at
    /// `deadline` (looked at once more after it: a test resumed late must not fail for that).
    public func wait(before deadline: Date) async throws -> Bool {
        try await Poll.until(deadline) { ended != nil }
    }

    /// The exit status as a shell gives it: the code, or 128 + the signal that killed it.
    public static func shellStatus(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// The signal that killed the child, nil if it exited.
    public static func signal(_ status: Int32) -> Int32? {
        let signal = status & 0x7F
        return signal == 0 || signal == 0x7F ? nil : signal
    }
}
