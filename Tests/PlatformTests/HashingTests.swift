import SessionEngine
import Testing
@testable import Platform

/// Hashes are real scrypt in PHC form, and only the right password verifies.
@Suite struct HashingTests {
    @Test func hashesArePHCAndVerifyOnlyTheRightPassword() throws {
        let hasher = ScryptHasher(logN: 10)
        let h = hasher.hash("correct horse")
        let parts = try #require(h.scrypt)
        #expect(parts.logN == 10 && parts.r == 8 && parts.p == 1 && parts.salt.count == 16 && parts.hash.count == 32)
        #expect(hasher.verify("correct horse", against: h))
        #expect(!hasher.verify("correct horse!", against: h))
        #expect(hasher.hash("correct horse") != h)  // a fresh salt each time
        #expect(!hasher.verify("x", against: PasswordHash(phc: "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA")))
    }
}

/// The PHC parser the tenant loader and the hasher share.
@Suite struct ScryptPHCTests {
    @Test func aPHCStringReadsBackToTheSameText() throws {
        let phc = "$scrypt$ln=15,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"
        let parts = try #require(ScryptPHC(phc))
        #expect(parts.logN == 15 && parts.r == 8 && parts.p == 1)
        #expect(parts.salt == Array("saltsaltsalt".utf8))
        #expect(parts.phc == phc)
    }

    @Test(arguments: [
        "",
        "$scrypt$ln=15,r=8$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",        // no p
        "$scrypt$ln=40,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",    // work factor out of range
        "$scrypt$ln=15,r=8,p=1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",              // salt too short
        "$scrypt$ln=15,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaA",                                         // hash too short
        "$scrypt$ln=15,r=8,p=1$not base64!$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA",
    ])
    func whatIsNotAUsableScryptHashIsRefused(phc: String) {
        #expect(ScryptPHC(phc) == nil)
        #expect(PasswordHash(phc: phc).scrypt == nil)
    }
}
