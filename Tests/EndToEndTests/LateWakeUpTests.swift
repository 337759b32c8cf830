import Foundation
import FuzzSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The harness holds when a test is resumed late: Swift Testing runs every test on the
/// cooperative pool (one thread per core), and a test that awaits resumes only once a thread of
/// it is free, which on a loaded runner has been tens of seconds (Docs/testing.md, "What a late
/// wake-up may break"). Here the late resumption is made on purpose, by holding the test's thread.
@Suite struct LateWakeUpTests {
    /// A wait resumed after its deadline looks once more before it gives up: what came about
    /// while the test was not running is seen, not reported as a timeout.
    @Test func aWaitResumedAfterItsDeadlineLooksOnceMore() async throws {
        var looks = 0
        let found = try await Poll.until(Date().addingTimeInterval(-1)) {
            looks += 1
            return true
        }
        #expect(found)
        #expect(looks == 1)
        let value = try await Poll.value(before: .distantPast) { "there" }
        #expect(value == "there")
    }

    /// A program's time is taken by the thread that waits for its exit, not by the test when it
    /// looks: a test held for a second after a program that ends at once still measures the
    /// program alone.
    @Test func aProgramsTimeLeavesOutTheTestsLateResumption() async throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0) }
        let started = Date()
        let pid = try Subprocess.spawn(["true"], environment: ProcessInfo.processInfo.environment, actions: &actions)
        let exit = ChildExit(of: pid, startedAt: started)
        // The test's thread blocks until the program has ended (without reaping it: the exit's
        // thread does), then stays blocked as a busy pool would keep the test from running.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        Self.holdTheThread(seconds: 1)
        let resumed = Date()
        #expect(try await exit.wait(before: Date().addingTimeInterval(30)))
        let end = try #require(exit.ended)
        #expect(ChildExit.shellStatus(end.status) == 0)
        #expect(end.at < resumed, "the end was taken when the test looked, \(end.at.timeIntervalSince(resumed)) s after it resumed")
        #expect(try #require(exit.seconds) < resumed.timeIntervalSince(started) - 0.5)
    }

    /// Keeps the caller's thread, as a pool busy with other tests keeps a test from running: the
    /// subject of the test above, not a wait for something.
    static func holdTheThread(seconds: Double) { Thread.sleep(forTimeInterval: seconds) }
}
