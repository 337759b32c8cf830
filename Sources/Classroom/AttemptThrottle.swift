import Foundation
import Synchronization

/// Failed class codes, slowed and limited per (address, name): each failure answers later than
/// the one before (a quarter of a second, doubling, at most `longestDelay`), and
/// `allowedFailures` in `window` lock that pair out for `lockout`, the right code included. Per
/// name as well as per address, so that a room behind one NAT address is not locked out by one
/// trainee's typos, and per address as well as per name, so that a guesser cannot lock a
/// classmate out from elsewhere.
final class AttemptThrottle: Sendable {
    struct Policy: Sendable {
        var firstDelay = 0.25
        var longestDelay = 4.0
        var allowedFailures = 5
        var window = 600.0
        var lockout = 300.0
    }

    enum Verdict: Equatable {
        /// Look at the code.
        case allowed
        /// Refuse without looking, after `delay` seconds: locked out until then.
        case locked(delay: Double, remaining: Double)
    }

    private struct Record {
        var failures: [Double] = []
        var lockedUntil: Double?
    }

    let policy: Policy
    private let records = Mutex<[String: Record]>([:])

    init(policy: Policy = Policy()) { self.policy = policy }

    private static func key(_ address: String, _ name: String) -> String { address + "\u{0}" + name }

    func check(address: String, name: String, now: Double) -> Verdict {
        records.withLock { records in
            guard let until = records[Self.key(address, name)]?.lockedUntil, until > now else { return .allowed }
            return .locked(delay: 1, remaining: until - now)
        }
    }

    /// Records a failure; returns how long to wait before answering it, how many failures are
    /// counted now, and whether this one locked the pair out.
    func failed(address: String, name: String, now: Double) -> (delay: Double, count: Int, lockedOut: Bool) {
        records.withLock { records in
            let key = Self.key(address, name)
            var record = records[key] ?? Record()
            record.failures = record.failures.filter { now - $0 < policy.window } + [now]
            var lockedOut = false
            if record.failures.count >= policy.allowedFailures {
                record.lockedUntil = now + policy.lockout
                record.failures = []
                lockedOut = true
            }
            records[key] = record
            let count = lockedOut ? policy.allowedFailures : record.failures.count
            let delay = min(policy.longestDelay, policy.firstDelay * Double(1 << min(count - 1, 16)))
            return (delay, count, lockedOut)
        }
    }

    func succeeded(address: String, name: String) {
        records.withLock { _ = $0.removeValue(forKey: Self.key(address, name)) }
    }
}
