import Foundation
import Platform
import SessionEngine

/// The run's credential check: one `ScryptHasher` shared by every scenario, and at most one
/// derivation in flight per password and hash. When two scenarios on two cores check the
/// same user at once, the second waits for the first and then finds the result in the
/// hasher's memo, instead of paying for the same scrypt derivation twice.
///
/// The in-flight set holds the `Secret` values only while their check runs (they are in
/// the scenario's actions anyway) and prints as masks like every `Secret`.
// unchecked: `inFlight` is read and written only with `condition` held (a check waits on it, which Mutex cannot do)
final class SharedVerifier: CredentialHasher, @unchecked Sendable {
    private struct Check: Hashable { var secret: Secret; var hash: PasswordHash }

    let base: ScryptHasher
    private let condition = NSCondition()
    private var inFlight: Set<Check> = []

    init(base: ScryptHasher) { self.base = base }

    func hash(_ secret: Secret) -> PasswordHash { base.hash(secret) }

    func verify(_ secret: Secret, against hash: PasswordHash) -> Bool {
        let check = Check(secret: secret, hash: hash)
        condition.lock()
        while inFlight.contains(check) { condition.wait() }
        inFlight.insert(check)
        condition.unlock()
        defer {
            condition.lock()
            inFlight.remove(check)
            condition.broadcast()
            condition.unlock()
        }
        return base.verify(secret, against: hash)
    }
}
