import Foundation
import Synchronization

/// How many tmux servers (each with its hubsim) the suite runs at once. With every wait
/// `async`, Swift Testing starts every end-to-end test at once; dozens of servers and hubsims
/// on two cores starve each other until the patience of their waits runs out. A `Tmux` takes a
/// slot before it starts its server and gives it back when it kills it; a test that wants a slot
/// while all are taken waits for one without holding a thread.
///
/// `2 × cores + 2` was measured best on two cores (Docs/testing.md, "Timing");
/// `HUBSIM_TERMINAL_SLOTS` sets another number, for measuring.
final class TerminalSlots: Sendable {
    static let shared = TerminalSlots(count: ProcessInfo.processInfo.environment["HUBSIM_TERMINAL_SLOTS"].flatMap { Int($0) }
                                      ?? ProcessInfo.processInfo.activeProcessorCount * 2 + 2)

    private struct State {
        var free: Int
        /// Tests waiting for a slot, first come first served.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(count: Int) { state = Mutex(State(free: max(1, count))) }

    /// Returns once the caller holds a slot; it must `release` it exactly once.
    func acquire() async {
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
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
