import Crypto
import CryptoExtras
import Foundation
import SessionEngine
import Synchronization

/// scrypt (RFC 7914) through swift-crypto, with PHC strings.
///
/// The default work factor, N=2^15, r=8, p=1 (32 MiB), is OWASP's minimum for scrypt.
/// Successful verifications are remembered for the life of the process under an HMAC
/// with a random per-process key, so a scenario library that checks the same user out
/// twenty times pays for the KDF once; failures are never remembered, so guessing
/// always costs a full derivation. Nothing of the memo leaves memory. The one exception is a
/// hash adopted for a secret printed in a lesson (`adopt`): nothing is secret there to guess.
public final class ScryptHasher: CredentialHasher {
    public let logN: Int, r: Int, p: Int
    /// The memo's key, what it remembers, and the hashes adopted for secrets (`adopt`), keyed
    /// by the secret's HMAC. The key is made at the first verification, so a start that
    /// verifies nothing before its first frame does not pay for it.
    private let memo = Mutex<(key: SymmetricKey?, verified: Set<Data>, adopted: [Data: PasswordHash])>((nil, [], [:]))
    private let derived = Atomic(0)

    public init(logN: Int = 15, r: Int = 8, p: Int = 1) {
        self.logN = logN; self.r = r; self.p = p
    }

    /// How many times this hasher has run scrypt: what a class's shared work saves each device
    /// is counted, not timed (`LessonCredentialsTests`).
    public var derivations: Int { derived.load(ordering: .relaxed) }

    public func hash(_ secret: Secret) -> PasswordHash {
        // Most hashers adopt nothing: they pay no HMAC for looking.
        if memo.withLock({ !$0.adopted.isEmpty }) {
            let entry = adoptedEntry(secret)
            if let adopted = memo.withLock({ $0.adopted[entry] }) { return adopted }
        }
        var salt = [UInt8](repeating: 0, count: 16)
        var rng = SystemRandomNumberGenerator()
        for i in salt.indices { salt[i] = UInt8.random(in: .min ... .max, using: &rng) }
        let derived = derive(secret, salt: salt, logN: logN, r: r, p: p)
        return PasswordHash(phc: ScryptPHC(logN: logN, r: r, p: p, salt: salt, hash: derived).phc)
    }

    public func verify(_ secret: Secret, against hash: PasswordHash) -> Bool {
        guard let params = hash.scrypt else { return false }
        let entry = memoEntry(secret, hash)
        let (remembered, adopted) = memo.withLock { ($0.verified.contains(entry), $0.adopted.values.contains(hash)) }
        if remembered { return true }
        // An adopted hash was made from its one secret (`adopt`): nothing else can match it.
        if adopted { return false }
        let derived = derive(secret, salt: params.salt, logN: params.logN, r: params.r, p: params.p,
                             length: params.hash.count)
        let ok = constantTimeEqual(derived, params.hash)
        if ok { memo.withLock { _ = $0.verified.insert(entry) } }
        return ok
    }

    /// Remembers that `secret` verifies against `hash` without deriving it: a verification
    /// done by the process that started this one (a classroom checks its lesson's passwords
    /// once for every trainee's device, `LessonCredentials`). Remembered as `verify` remembers.
    public func remember(_ secret: Secret, verifiedAgainst hash: PasswordHash) {
        let entry = memoEntry(secret, hash)
        memo.withLock { _ = $0.verified.insert(entry) }
    }

    /// Takes `hash` as what `hash(secret)` makes, without deriving it: a hash the process that
    /// started this one made once from `secret`, which every device of a class sets alike (a
    /// lesson's scripted session PIN, printed in the lesson file: `LessonCredentials`). Checked
    /// against it, `secret` holds and any other secret is refused, both without a derivation:
    /// the hash is known to be that secret's, and the secret is no secret to the class. Any
    /// other secret is still hashed with a salt of its own, and checked in full against any
    /// other hash. A string that is not a scrypt PHC hash is passed over.
    public func adopt(_ hash: PasswordHash, for secret: Secret) {
        guard hash.scrypt != nil else { return }
        let entry = memoEntry(secret, hash), adopted = adoptedEntry(secret)
        memo.withLock {
            _ = $0.verified.insert(entry)
            $0.adopted[adopted] = hash
        }
    }

    private func derive(_ secret: Secret, salt: [UInt8], logN: Int, r: Int, p: Int, length: Int = 32) -> [UInt8] {
        derived.add(1, ordering: .relaxed)
        return secret.withPlaintext { plain in
            let key = try? KDF.Scrypt.deriveKey(
                from: Array(plain.utf8), salt: salt, outputByteCount: length,
                rounds: 1 << logN, blockSize: r, parallelism: p)
            return key.map { k in k.withUnsafeBytes { Array($0) } } ?? []
        }
    }

    private func memoEntry(_ secret: Secret, _ hash: PasswordHash) -> Data {
        mac(Array(hash.phc.utf8) + [0], secret)
    }

    /// The key of a secret's adopted hash (a PHC string begins with "$", never with 0).
    private func adoptedEntry(_ secret: Secret) -> Data { mac([0], secret) }

    private func mac(_ prefix: [UInt8], _ secret: Secret) -> Data {
        let key = memo.withLock { state in
            if let key = state.key { return key }
            let key = SymmetricKey(size: .bits256)
            state.key = key
            return key
        }
        return secret.withPlaintext { plain in
            var mac = HMAC<SHA256>(key: key)
            mac.update(data: prefix + Array(plain.utf8))
            return Data(mac.finalize())
        }
    }
}
