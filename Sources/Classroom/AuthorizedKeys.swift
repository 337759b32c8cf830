import Foundation
import NIOSSH

/// The trainees' public keys from an OpenSSH `authorized_keys` file (`--authorized-keys`): a
/// trainee whose key is here is let in without the class code. Only the key types swift-nio-ssh
/// verifies (ed25519, ECDSA P-256/384/521) are kept; other lines (RSA, DSA, comments) are
/// counted as skipped, so the trainer is told.
public struct AuthorizedKeys: Sendable {
    public let keys: [NIOSSHPublicKey]
    public let skipped: Int

    public init(keys: [NIOSSHPublicKey] = [], skipped: Int = 0) {
        self.keys = keys
        self.skipped = skipped
    }

    /// The file's keys; an unreadable file is one line.
    public static func load(_ path: String) throws(ClassroomProblem) -> AuthorizedKeys {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ClassroomProblem("the authorized keys file '\(path)' cannot be read; give an OpenSSH authorized_keys file")
        }
        return parse(text)
    }

    /// Each line's `TYPE BASE64` pair, wherever it stands (options may come first).
    static func parse(_ text: String) -> AuthorizedKeys {
        var keys: [NIOSSHPublicKey] = []
        var skipped = 0
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let fields = trimmed.split(separator: " ", omittingEmptySubsequences: true)
            let key = fields.indices.dropLast().lazy.compactMap { i in
                try? NIOSSHPublicKey(openSSHPublicKey: "\(fields[i]) \(fields[i + 1])")
            }.first
            if let key { keys.append(key) } else { skipped += 1 }
        }
        return AuthorizedKeys(keys: keys, skipped: skipped)
    }

    func admits(_ key: NIOSSHPublicKey) -> Bool { keys.contains(key) }
}
