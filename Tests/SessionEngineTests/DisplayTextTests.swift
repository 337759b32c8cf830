import Testing
@testable import SessionEngine

/// The engine's texts for people: clock, durations, key fingerprints.
@Suite struct DisplayTextTests {
    @Test(arguments: [
        (0.0, "0s"), (59.9, "59s"), (60, "1m 00s"), (65, "1m 05s"), (3599, "59m 59s"),
        (3600, "1h 00m"), (3720, "1h 02m"), (-5, "0s"),
    ])
    func durations(seconds: Double, text: String) {
        #expect(formatDuration(seconds: seconds) == text)
    }

    @Test func theClockShowsHoursMinutesAndSecondsAndWrapsAtMidnight() {
        #expect(SimInstant.shiftStart.description == "08:00:00")
        #expect(SimInstant.shiftStart.adding(seconds: 3_725).description == "09:02:05")
        #expect(SimInstant(milliseconds: 25 * 3_600_000 + 7_000).description == "01:00:07")
    }

    /// The device names a key by its cipher's fingerprint: the first four bytes of SHA-256
    /// of the key, as lowercase hex with leading zeros.
    @Test func aKeyFingerprintIsEightHexDigits() {
        let device = Fixtures.device()
        #expect(device.fingerprint(of: KeyMaterial(bytes: [UInt8](repeating: 0, count: 32))) == "66687aad")
        #expect(device.fingerprint(of: KeyMaterial(bytes: [UInt8](repeating: 6, count: 32))) == "e802086a")
    }

    /// A key prints as its size, never its bytes (the engine cannot hash, so no fingerprint).
    @Test func aKeyPrintsAsAMask() {
        let key = KeyMaterial(bytes: [UInt8](repeating: 0xAB, count: 32))
        #expect(key.description == "key(256 bits)")
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains("171") && !dumped.lowercased().contains("ab"))
    }
}
