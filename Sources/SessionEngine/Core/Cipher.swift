/// Authenticated encryption for stored items, passed into the engine like the key source.
///
/// Real, not simulated: once the SDK destroys a key (Workspace ONE Shared Device support for
/// app developers), what was sealed with it must really fail to open. The engine holds bytes only; the algorithm lives behind this protocol.
public protocol Cipher: Sendable {
    /// Seals `plaintext` with `key` and a fresh `nonce`; returns nonce ‖ ciphertext ‖ tag.
    func seal(_ plaintext: [UInt8], key: KeyMaterial, nonce: [UInt8]) -> [UInt8]
    /// The plaintext of `sealed`, or nil when `key` does not authenticate it.
    func open(_ sealed: [UInt8], key: KeyMaterial) -> [UInt8]?
    /// A short, non-secret fingerprint of `key` for display and for the store's key tables.
    func fingerprint(of key: KeyMaterial) -> String
}
