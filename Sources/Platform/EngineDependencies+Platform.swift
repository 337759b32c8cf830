import SessionEngine

extension EngineDependencies {
    /// A real device's capabilities: system random keys, the AES-GCM cipher and `hasher`.
    public static func system(hasher: any CredentialHasher = ScryptHasher()) -> EngineDependencies {
        EngineDependencies(keys: SystemKeySource(), hasher: hasher, cipher: AESGCMCipher())
    }

    /// Deterministic keys (for tests, benchmarks and scenario runs) with the real cipher.
    public static func seeded(_ seed: String = "hubsim-test", hasher: any CredentialHasher) -> EngineDependencies {
        EngineDependencies(keys: SeededKeySource(seed: seed), hasher: hasher, cipher: AESGCMCipher())
    }
}
