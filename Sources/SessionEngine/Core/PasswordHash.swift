/// A password hash in PHC string format, e.g. `$scrypt$ln=15,r=8,p=1$<salt>$<hash>`.
///
/// Opaque to the engine: the algorithm and its work factor travel with the hash (a tenant
/// file can raise the cost later without breaking older entries), and only the
/// `CredentialHasher` passed in reads them.
public struct PasswordHash: Sendable, Hashable, Codable, CustomStringConvertible {
    public let phc: String
    public init(phc: String) { self.phc = phc }
    public var description: String { phc }
}

/// Turns secrets into hashes and checks them. Passed into the engine, as the console's
/// credential check is: the engine itself never runs a KDF or touches randomness.
public protocol CredentialHasher: Sendable {
    func hash(_ secret: Secret) -> PasswordHash
    func verify(_ secret: Secret, against hash: PasswordHash) -> Bool
}
