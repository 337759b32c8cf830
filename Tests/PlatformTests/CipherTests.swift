import SessionEngine
import Testing
@testable import Platform

/// The engine's capabilities on a real system: AES-GCM that really fails without its key,
/// and key sources (random for devices, seeded for tests).
@Suite struct CipherTests {
    let cipher = AESGCMCipher()

    @Test func sealedBytesOpenOnlyWithTheirKey() throws {
        let keys = SeededKeySource(seed: "cipher")
        let key = keys.makeKey(), other = keys.makeKey()
        let sealed = cipher.seal(Array("cou1's notes".utf8), key: key, nonce: keys.makeNonce())
        #expect(sealed.count == 12 + 12 + 16)  // nonce ‖ ciphertext ‖ tag
        #expect(!sealed.starts(with: Array("cou1".utf8)) && String(decoding: sealed, as: UTF8.self).contains("notes") == false)
        #expect(cipher.open(sealed, key: key).map { String(decoding: $0, as: UTF8.self) } == "cou1's notes")
        #expect(cipher.open(sealed, key: other) == nil)
        var tampered = sealed
        tampered[14] ^= 1
        #expect(cipher.open(tampered, key: key) == nil)
        #expect(cipher.open(Array(sealed.prefix(20)), key: key) == nil)
    }

    /// The first four bytes of SHA-256 of the key, as lowercase hex with leading zeros: what
    /// existing device files hold beside each key.
    @Test func aKeyFingerprintIsEightHexDigits() {
        #expect(cipher.fingerprint(of: KeyMaterial(bytes: [UInt8](repeating: 0, count: 32))) == "66687aad")
        #expect(cipher.fingerprint(of: KeyMaterial(bytes: [UInt8](repeating: 6, count: 32))) == "e802086a")
    }

    @Test func seededKeysRepeatForTheSameSeedAndDifferAcrossSeeds() {
        let a = SeededKeySource(), b = SeededKeySource(), c = SeededKeySource(seed: "other")
        let first = (a.makeKey(), a.makeNonce())
        #expect(first.0 == b.makeKey() && first.1 == b.makeNonce())
        #expect(first.0 != c.makeKey())
        #expect(first.0.bytes.count == 32 && first.1.count == 12)
        #expect(a.makeKey() != first.0)  // a counter, not a constant
    }

    @Test func systemKeysAreFreshAndTheRightSize() {
        let keys = SystemKeySource()
        let k1 = keys.makeKey(), k2 = keys.makeKey()
        #expect(k1.bytes.count == 32 && k1 != k2)
        let n1 = keys.makeNonce(), n2 = keys.makeNonce()
        #expect(n1.count == 12 && n1 != n2)
    }
}
