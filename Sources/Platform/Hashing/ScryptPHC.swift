import Foundation
import SessionEngine

/// The parts of a scrypt PHC string (`$scrypt$ln=15,r=8,p=1$<salt>$<hash>`).
public struct ScryptPHC: Equatable, Sendable {
    public var logN: Int, r: Int, p: Int
    public var salt: [UInt8], hash: [UInt8]

    public init(logN: Int, r: Int, p: Int, salt: [UInt8], hash: [UInt8]) {
        self.logN = logN; self.r = r; self.p = p; self.salt = salt; self.hash = hash
    }

    /// The parts of `phc`, or nil when it is not a scrypt PHC string with sane parameters.
    public init?(_ phc: String) {
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
        self.init(logN: ln, r: r, p: p, salt: salt, hash: hash)
    }

    /// The PHC string of these parts.
    public var phc: String { "$scrypt$ln=\(logN),r=\(r),p=\(p)$\(PHCBase64.encode(salt))$\(PHCBase64.encode(hash))" }
}

extension PasswordHash {
    /// The scrypt parameters of this hash, or nil when it is not a scrypt PHC string.
    public var scrypt: ScryptPHC? { ScryptPHC(phc) }
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

/// Compares two digests in time that depends on their length only.
func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count, !a.isEmpty else { return false }
    var diff: UInt8 = 0
    for i in a.indices { diff |= a[i] ^ b[i] }
    return diff == 0
}
