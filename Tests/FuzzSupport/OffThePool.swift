import Dispatch
import Testing

/// A test that waits on real programs runs on a thread of its own rather than on the
/// cooperative pool (`@Suite(.offThePool)`).
///
/// Swift Testing starts every test as a task on the cooperative pool, one thread per core. A
/// task that awaits (`Task.sleep` in `Poll`, a tmux wait, a slot) goes back into the pool's
/// queue when it wakes, behind every test not yet started: measured on two busy cores, a 10 ms
/// sleep early in the run came back after 186 s. A test whose subject lives a set time (a
/// program with a 60 s limit, a countdown) then looks after its subject is gone. On a queue of
/// its own the same sleep comes back within a few milliseconds (4 s at worst while the build
/// and the suite share the cores); the work itself still shares the cores with everything else.
///
/// Every job of the test's task, and of the default actors it calls, runs on the test's own
/// serial queue (a task executor preference, which a child task inherits).
public struct OffThePool: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // A suite's own scope holds nothing: each test case gets its queue.
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(QueueExecutor(label: test.name)) { try await function() }
    }
}

extension Trait where Self == OffThePool {
    /// The test (or every test of the suite) runs on a serial queue of its own.
    public static var offThePool: OffThePool { OffThePool() }
}

/// A task executor that runs every job on one serial dispatch queue: threads dispatch keeps
/// apart from the cooperative pool.
final class QueueExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: "hubsim-test: " + label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
