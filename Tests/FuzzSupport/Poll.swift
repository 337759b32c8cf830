import Foundation

/// Waiting without holding a thread. Swift Testing runs every test as a task on the
/// cooperative pool, which has one thread per core: a test that blocks while it waits
/// (a condition wait, `Thread.sleep`, `usleep`, a blocking `waitpid`) keeps that thread from
/// every other test for as long as it waits, so on two cores at most two waiting tests ran at
/// once and nothing else ran beside them. A wait here is a loop of `Task.sleep`, which gives
/// the thread back between looks.
public enum Poll {
    /// How often a poll looks again: short beside anything a test waits for, long enough that
    /// dozens of waiting tests cost next to no CPU.
    public static let interval: Duration = .milliseconds(5)

    /// Evaluates `check` now and every `interval` until it gives a value, or returns nil once
    /// `deadline` has passed (the caller throws, saying what it waited for). After each sleep
    /// `check` runs before the deadline is looked at: a test resumed long after its deadline (the
    /// pool busy with other tests) still sees a state that has come about by then.
    public static func value<T>(before deadline: Date, every interval: Duration = Poll.interval, _ check: () throws -> T?) async throws -> T? {
        while true {
            if let value = try check() { return value }
            guard Date() < deadline else { return nil }
            try await Task.sleep(for: interval)
        }
    }

    /// `until` for a condition: true once it holds, false at the deadline.
    public static func until(_ deadline: Date, every interval: Duration = Poll.interval, _ condition: () throws -> Bool) async throws -> Bool {
        try await value(before: deadline, every: interval) { try condition() ? true : nil } ?? false
    }
}
