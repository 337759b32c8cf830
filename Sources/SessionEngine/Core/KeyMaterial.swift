import Crypto
import Foundation

/// Raw bytes of a symmetric key held by the simulated keychain.
///
/// Stored as bytes (so the device can persist its keychain) and printed as a mask.
public struct KeyMaterial: Sendable, Hashable, Codable, CustomStringConvertible, CustomReflectable {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public var symmetricKey: SymmetricKey { SymmetricKey(data: bytes) }
    /// A short, non-secret fingerprint for display: the first 4 bytes of SHA-256 of the key.
    public var fingerprint: String {
        SHA256.hash(data: bytes).prefix(4).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
    public var description: String { "key(\(fingerprint))" }
    public var customMirror: Mirror { Mirror(self, children: ["fingerprint": fingerprint]) }
}

/// Where the engine gets key bytes and nonces. Passed in, so tests are deterministic.
public protocol KeySource: Sendable {
    /// A fresh 256-bit key.
    func makeKey() -> KeyMaterial
    /// A fresh 96-bit AES-GCM nonce.
    func makeNonce() -> AES.GCM.Nonce
}

/// Keys and nonces from the operating system's secure random generator.
public struct SystemKeySource: KeySource {
    public init() {}
    public func makeKey() -> KeyMaterial {
        KeyMaterial(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }
    public func makeNonce() -> AES.GCM.Nonce { AES.GCM.Nonce() }
}

/// Deterministic keys and nonces derived from a seed and a counter (SHA-256), for tests
/// and benchmarks. Never used for a real device.
public final class SeededKeySource: KeySource, @unchecked Sendable {
    private let seed: [UInt8]
    private var counter: UInt64 = 0
    private let lock = NSLock()

    public init(seed: String = "hubsim-test") { self.seed = Array(seed.utf8) }

    private func next() -> [UInt8] {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        var input = seed
        withUnsafeBytes(of: counter.bigEndian) { input.append(contentsOf: $0) }
        return Array(SHA256.hash(data: input))
    }

    public func makeKey() -> KeyMaterial { KeyMaterial(bytes: next()) }
    public func makeNonce() -> AES.GCM.Nonce {
        // 12 of 32 bytes is a valid nonce size; the force is on a constant length.
        try! AES.GCM.Nonce(data: next().prefix(12))
    }
}
