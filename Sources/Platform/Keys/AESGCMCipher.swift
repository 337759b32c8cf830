import Crypto
import Foundation
import SessionEngine

/// AES-256-GCM through swift-crypto: the cipher every device seals its items with, in the
/// app, the scenario runner and the tests alike (a key the SDK destroyed really loses the data).
public struct AESGCMCipher: Cipher {
    public init() {}

    public func seal(_ plaintext: [UInt8], key: KeyMaterial, nonce: [UInt8]) -> [UInt8] {
        // A 256-bit key and a 12-byte nonce come from the key source; anything else is a
        // programming error, not a runtime condition.
        guard let nonce = try? AES.GCM.Nonce(data: nonce),
            let box = try? AES.GCM.seal(plaintext, using: SymmetricKey(data: key.bytes), nonce: nonce),
            let combined = box.combined
        else { preconditionFailure("AES-GCM needs a 256-bit key and a 12-byte nonce") }
        return Array(combined)
    }

    public func open(_ sealed: [UInt8], key: KeyMaterial) -> [UInt8]? {
        guard let box = try? AES.GCM.SealedBox(combined: sealed),
            let plain = try? AES.GCM.open(box, using: SymmetricKey(data: key.bytes))
        else { return nil }
        return Array(plain)
    }

    /// The first 4 bytes of SHA-256 of the key, as lowercase hex: what the store has always
    /// written beside each key, so existing device files read the same.
    public func fingerprint(of key: KeyMaterial) -> String {
        // Eight digits written straight into the string's buffer: a `String(radix:)` per byte
        // and `joined()` were 6% of a save, which writes a key's fingerprint beside it (Docs/performance.md).
        SHA256.hash(data: key.bytes).withUnsafeBytes { digest in
            String(unsafeUninitializedCapacity: 8) { out in
                for i in 0..<4 {
                    out[2 * i] = Self.hexDigit(digest[i] >> 4)
                    out[2 * i + 1] = Self.hexDigit(digest[i] & 0xF)
                }
                return 8
            }
        }
    }

    /// The ASCII of one lowercase hex digit (`0`–`9`, `a`–`f`) for `nibble` (0–15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
