import Crypto
import CryptoExtras
import Foundation
import Synchronization

/// A password hash in PHC string format, e.g. `$scrypt$ln=15,r=8,p=1$<salt>$<hash>`.
///
/// Self-describing: the algorithm and its work factor travel with the hash, so a tenant
/// file can raise the cost later without breaking older entries.
public struct PasswordHash: Sendable, Hashable, Codable, CustomStringConvertible {
    public let phc: String
    public init(phc: String) { self.phc = phc }
    public var description: String { phc }

    /// The parts of a scrypt PHC string, or nil when the string is not one.
    public struct Scrypt: Equatable, Sendable {
        public var logN: Int, r: Int, p: Int
        public var salt: [UInt8], hash: [UInt8]
    }

    public var scrypt: Scrypt? {
        let parts = phc.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return nil }
        var params: [String: Int] = [:]
        for pair in parts[2].split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, let v = Int(kv[1]) else { return nil }
            params[String(kv[0])] = v
        }
        guard let ln = params["ln"], let r = params["r"], let p = params["p"],
            (1...20).contains(ln), (1...32).contains(r), (1...16).contains(p),
            let salt = PHCBase64.decode(String(parts[3])), salt.count >= 8,
            let hash = PHCBase64.decode(String(parts[4])), hash.count >= 16
        else { return nil }
        return Scrypt(logN: ln, r: r, p: p, salt: salt, hash: hash)
    }

    /// True when the string looks like a PHC hash of any algorithm (`$name$...`).
    public var looksLikePHC: Bool { phc.hasPrefix("$") && phc.split(separator: "$").count >= 3 }
}

/// PHC strings use standard Base64 without padding.
enum PHCBase64 {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }
    static func decode(_ text: String) -> [UInt8]? {
        var padded = text
        while padded.count % 4 != 0 { padded += "=" }
        return Data(base64Encoded: padded).map(Array.init)
    }
}

/// Turns secrets into hashes and checks them. Passed into the engine, as the console's
/// credential check is: the engine itself never runs a KDF or touches randomness.
public protocol CredentialHasher: Sendable {
    func hash(_ secret: Secret) -> PasswordHash
    func verify(_ secret: Secret, against hash: PasswordHash) -> Bool
}

/// scrypt (RFC 7914) through swift-crypto, with PHC strings.
///
/// The default work factor, N=2^15, r=8, p=1 (32 MiB), is OWASP's minimum for scrypt.
/// Successful verifications are remembered for the life of the process under an HMAC
/// with a random per-process key, so a scenario library that checks the same user out
/// twenty times pays for the KDF once; failures are never remembered, so guessing
/// always costs a full derivation. Nothing of the memo leaves memory.
public final class ScryptHasher: CredentialHasher {
    public let logN: Int, r: Int, p: Int
    /// The memo's key and what it remembers. The key is made at the first verification,
    /// so a start that verifies nothing before its first frame does not pay for it.
    private let memo = Mutex<(key: SymmetricKey?, verified: Set<Data>)>((nil, []))

    public init(logN: Int = 15, r: Int = 8, p: Int = 1) {
        self.logN = logN; self.r = r; self.p = p
    }

    public func hash(_ secret: Secret) -> PasswordHash {
        var salt = [UInt8](repeating: 0, count: 16)
        var rng = SystemRandomNumberGenerator()
        for i in salt.indices { salt[i] = UInt8.random(in: .min ... .max, using: &rng) }
        let derived = derive(secret, salt: salt, logN: logN, r: r, p: p)
        return PasswordHash(
            phc: "$scrypt$ln=\(logN),r=\(r),p=\(p)$\(PHCBase64.encode(salt))$\(PHCBase64.encode(derived))")
    }

    public func verify(_ secret: Secret, against hash: PasswordHash) -> Bool {
        guard let params = hash.scrypt else { return false }
        let entry = memoEntry(secret, hash)
        if memo.withLock({ $0.verified.contains(entry) }) { return true }
        let derived = derive(secret, salt: params.salt, logN: params.logN, r: params.r, p: params.p,
                             length: params.hash.count)
        let ok = constantTimeEqual(derived, params.hash)
        if ok { memo.withLock { _ = $0.verified.insert(entry) } }
        return ok
    }

    private func derive(_ secret: Secret, salt: [UInt8], logN: Int, r: Int, p: Int, length: Int = 32) -> [UInt8] {
        secret.withPlaintext { plain in
            let key = try? KDF.Scrypt.deriveKey(
                from: Array(plain.utf8), salt: salt, outputByteCount: length,
                rounds: 1 << logN, blockSize: r, parallelism: p)
            return key.map { k in k.withUnsafeBytes { Array($0) } } ?? []
        }
    }

    private func memoEntry(_ secret: Secret, _ hash: PasswordHash) -> Data {
        let key = memo.withLock { state in
            if let key = state.key { return key }
            let key = SymmetricKey(size: .bits256)
            state.key = key
            return key
        }
        return secret.withPlaintext { plain in
            var mac = HMAC<SHA256>(key: key)
            mac.update(data: Array(hash.phc.utf8) + [0] + Array(plain.utf8))
            return Data(mac.finalize())
        }
    }
}

func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count, !a.isEmpty else { return false }
    var diff: UInt8 = 0
    for i in a.indices { diff |= a[i] ^ b[i] }
    return diff == 0
}
