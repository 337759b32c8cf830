/// Raw bytes of a symmetric key held by the simulated keychain.
///
/// Stored as bytes (so the device can persist its keychain) and printed as a mask: the
/// engine cannot hash, so a key's display fingerprint comes from the device's `Cipher`
/// (`SharedDevice.fingerprint(of:)`).
public struct KeyMaterial: Sendable, Hashable, Codable, CustomStringConvertible, CustomReflectable {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public var description: String { "key(\(bytes.count * 8) bits)" }
    public var customMirror: Mirror { Mirror(self, children: ["bits": bytes.count * 8]) }
}

/// Where the engine gets key bytes and nonces. Passed in, so tests are deterministic.
public protocol KeySource: Sendable {
    /// A fresh 256-bit key.
    func makeKey() -> KeyMaterial
    /// A fresh 96-bit AES-GCM nonce (12 bytes).
    func makeNonce() -> [UInt8]
}
