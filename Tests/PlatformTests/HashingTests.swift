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

/// A hash adopted for one secret (a class's scripted PIN, hashed once by the classroom) is what
/// that secret hashes to, and checks it, and refuses any other, without a derivation; every
/// other secret is hashed with a salt of its own, and checked in full against its own hash.
@Suite struct AdoptedHashTests {
    @Test func anAdoptedHashIsTakenForExactlyItsSecret() throws {
        let classroom = ScryptHasher(logN: 10), device = ScryptHasher(logN: 10)
        let shared = classroom.hash("1739")
        device.adopt(shared, for: "1739")
        #expect(device.hash("1739") == shared)
        #expect(device.verify("1739", against: shared))
        #expect(device.derivations == 0)
        // Not that PIN: its own salt, a full derivation.
        let other = device.hash("2846")
        #expect(other != shared && other.scrypt?.salt != shared.scrypt?.salt)
        #expect(device.derivations == 1)
        // A wrong PIN against the shared hash: refused, with nothing to derive (the hash is
        // 1739's); against a hash of its own making, checked in full.
        #expect(!device.verify("0000", against: shared))
        #expect(device.derivations == 1)
        #expect(!device.verify("0000", against: other) && device.verify("2846", against: other))
        #expect(device.derivations == 3)
        // Something that is not a scrypt hash is not adopted.
        device.adopt(PasswordHash(phc: "1739"), for: "5173")
        #expect(device.hash("5173").scrypt != nil && device.derivations == 4)
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
