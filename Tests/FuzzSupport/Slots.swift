import Foundation
import Synchronization

/// How many of one kind of test work run at once. Swift Testing runs every test as a task on
/// the cooperative pool; once the tests wait with `Task.sleep` instead of blocking a thread, it
/// starts every one of them at once, and dozens of hubsims and tmux servers on two cores starve
/// each other (and every timing-sensitive test) until the deadlines of their waits run out. A
/// test takes a slot before it starts its program and gives it back when the program is gone;
/// while all are taken it waits for one without holding a thread.
///
/// Separate pools, so that nothing waits in a circle: a test holding a class or a terminal may
/// run a short program, but a short program never waits for either; a class's own ssh panes
/// take no slot.
public final class Slots: Sendable {
    /// tmux servers with their hubsim (EndToEndTests' `Tmux`), held for the pane's whole life.
    public static let terminals = Slots(count: count("HUBSIM_TERMINAL_SLOTS"))
    /// Runs of the hubsim binary to their end (`hubsim check-app`, a refused start…), held for one run.
    public static let programs = Slots(count: count("HUBSIM_PROGRAM_SLOTS"))
    /// Classes (ClassroomTests' `hubsim classroom`, a device per trainee and the trainees' ssh
    /// clients), held for the class's whole life: the heaviest of the three, so `cores + 1`.
    public static let classes = Slots(count: count("HUBSIM_CLASS_SLOTS", otherwise: ProcessInfo.processInfo.activeProcessorCount + 1))

    /// `2 × cores + 2` (or `otherwise`) unless `variable` says another number (for measuring):
    /// measured on two cores (Docs/testing.md, "What the suite costs").
    static func count(_ variable: String, otherwise: Int = ProcessInfo.processInfo.activeProcessorCount * 2 + 2) -> Int {
        ProcessInfo.processInfo.environment[variable].flatMap { Int($0) } ?? otherwise
    }

    private struct State {
        var free: Int
        /// Tests waiting for a slot, first come first served.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    public init(count: Int) { state = Mutex(State(free: max(1, count))) }

    /// Returns once the caller holds a slot; it must `release` it exactly once.
    public func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives a slot back: to the longest waiting test, or to the pool.
    public func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }

    /// `body` run while holding a slot.
    public func holding<T>(_ body: () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }
}
