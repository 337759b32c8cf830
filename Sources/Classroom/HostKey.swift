import Crypto
import Foundation
import NIOSSH

/// The classroom's ed25519 host key: made once, kept owner-only (0600) in the class folder, so
/// that a trainee's `ssh` sees the same key at every class and a restart, and its fingerprint
/// printed at start as OpenSSH prints it (`SHA256:` and the unpadded base64 of the SHA-256 of
/// the key's wire form, RFC 4253 section 6.6 and RFC 8709), for trainees to compare.
///
/// The file holds one line, `hubsim-ed25519 ` and the base64 of the 32-byte private key.
public struct HostKey: Sendable {
    public let key: Curve25519.Signing.PrivateKey
    static let prefix = "hubsim-ed25519 "

    public init(key: Curve25519.Signing.PrivateKey) { self.key = key }

    /// The key in `path`, or a new one written there (0600) when there is none. A file that is
    /// not a key, or one others can read, is a one-line problem: the trainer decides.
    public static func loadOrCreate(at path: String) throws(ClassroomProblem) -> HostKey {
        let manager = FileManager.default
        if manager.fileExists(atPath: path) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ClassroomProblem("the host key '\(path)' cannot be read; check its owner, or move it away to make a new one (trainees then see a changed key)")
            }
            let attributes = try? manager.attributesOfItem(atPath: path)
            if let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
                throw ClassroomProblem("the host key '\(path)' is readable by others; run 'chmod 600 \(path)'")
            }
            guard text.hasPrefix(prefix),
                  let raw = Data(base64Encoded: text.dropFirst(prefix.count).trimmingCharacters(in: .whitespacesAndNewlines)),
                  let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
                throw ClassroomProblem("the host key '\(path)' is not a hubsim host key; move it away to make a new one (trainees then see a changed key)")
            }
            return HostKey(key: key)
        }
        let key = Curve25519.Signing.PrivateKey()
        let line = prefix + key.rawRepresentation.base64EncodedString() + "\n"
        // Created owner-only from the first byte: never a moment when others could read it.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw ClassroomProblem("the host key '\(path)' cannot be written (\(String(cString: strerror(errno)))); choose a writable --class-dir")
        }
        let bytes = Array(line.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else {
            unlink(path)
            throw ClassroomProblem("the host key '\(path)' cannot be written; choose a writable --class-dir")
        }
        return HostKey(key: key)
    }

    public var sshKey: NIOSSHPrivateKey { NIOSSHPrivateKey(ed25519Key: key) }

    /// The public key as `ssh-ed25519 BASE64`, a known_hosts entry's key part.
    public var openSSHPublicKey: String { "ssh-ed25519 " + Data(wireForm).base64EncodedString() }

    /// `SHA256:…`, as `ssh` shows it when it asks whether to trust the host.
    public var fingerprint: String {
        let digest = Data(SHA256.hash(data: wireForm)).base64EncodedString()
        return "SHA256:" + digest.replacingOccurrences(of: "=", with: "")
    }

    /// string "ssh-ed25519", string key: each a 4-byte big-endian length and the bytes.
    private var wireForm: [UInt8] {
        func field(_ bytes: [UInt8]) -> [UInt8] {
            let n = UInt32(bytes.count)
            return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + bytes
        }
        return field(Array("ssh-ed25519".utf8)) + field(Array(key.publicKey.rawRepresentation))
    }
}
