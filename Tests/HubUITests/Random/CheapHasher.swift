import SessionEngine

/// A credential check that costs nothing, for the random walks: a walk submits thousands of
/// wrong passwords, and failures are never remembered, so each would pay a full scrypt
/// derivation (the hashes of the bundled tenants cost ln=15 whatever hasher reads them).
/// FNV-1a of the secret: not a password hash, and never used outside these tests.
struct CheapHasher: CredentialHasher {
    func hash(_ secret: Secret) -> PasswordHash {
        let digest = secret.withPlaintext { text in
            text.utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        }
        return PasswordHash(phc: "$fnv1a-test$" + String(digest, radix: 16))
    }

    func verify(_ secret: Secret, against hash: PasswordHash) -> Bool { self.hash(secret) == hash }
}
