import Crypto
import Foundation
import SessionEngine
import Synchronization

/// Deterministic keys and nonces derived from a seed and a counter (SHA-256), for tests
/// and benchmarks. Never used for a real device.
public final class SeededKeySource: KeySource, Sendable {
    private let seed: [UInt8]
    private let counter = Mutex<UInt64>(0)

    public init(seed: String = "hubsim-test") { self.seed = Array(seed.utf8) }

    private func next() -> [UInt8] {
        let count = counter.withLock { count in
            count += 1
            return count
        }
        var input = seed
        withUnsafeBytes(of: count.bigEndian) { input.append(contentsOf: $0) }
        return Array(SHA256.hash(data: input))
    }

    public func makeKey() -> KeyMaterial { KeyMaterial(bytes: next()) }
    /// 12 of the 32 bytes: AES-GCM's nonce size.
    public func makeNonce() -> [UInt8] { Array(next().prefix(12)) }
}
