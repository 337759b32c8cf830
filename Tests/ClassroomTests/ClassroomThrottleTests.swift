import Foundation
import FuzzSupport
import Testing

/// Wrong class codes from a real OpenSSH client are slowed and then locked out, per address and
/// name: the locked-out name is refused even with the right code, while a classmate behind the
/// same address (a room behind one NAT address) joins.
@Suite("Classroom: wrong codes", .enabled(if: SSHPane.sshAvailable, "OpenSSH's ssh is not installed (.ci/run installs openssh-client)"), .offThePool)
struct ClassroomThrottleTests {
    @Test("five wrong codes from real ssh: each answered later than the last, then the name is locked out, the right code too; another name from the same address joins")
    func wrongCodesAreSlowedThenLockedOut() async throws {
        let classroom = try await ClassroomProcess()
        let (port, code, _) = try await classroom.opened()
        var answered: [Double] = []
        for attempt in 1...5 {
            let started = Date()
            let eve = try HeadlessSSH(name: "eve", port: port, password: "WRONG-\(attempt)", folder: classroom.folder)
            let status = try #require(try await eve.waitExit(timeout: 20), "ssh still runs after wrong code \(attempt)")
            #expect((status >> 8) & 0xFF == 255)
            answered.append(Date().timeIntervalSince(started))
            try await classroom.waitFor("'eve' from 127.0.0.1: wrong class code (\(attempt) in a row)")
        }
        // A quarter of a second, doubling: the fourth answer waits 2 s, the fifth 4 s (lower
        // bounds: a loaded machine only adds to them).
        #expect(answered[3] >= 2 && answered[4] >= 4, "\(answered)")
        try await classroom.waitFor("'eve' from 127.0.0.1: wrong class code (5 in a row); locked out for 300 s")

        // Locked out: the right code is not even looked at.
        let locked = try HeadlessSSH(name: "eve", port: port, password: code, folder: classroom.folder)
        #expect(try await locked.waitExit(timeout: 20) != nil)
        try await classroom.waitFor("'eve' from 127.0.0.1: refused, locked out for")
        #expect(!classroom.output.contains("eve joined"))

        // A classmate at the same address is not locked out by eve's typos.
        let fay = try HeadlessSSH(name: "fay", port: port, password: code, folder: classroom.folder)
        try await classroom.waitFor("fay joined from 127.0.0.1")
        _ = fay
        #expect(!classroom.output.contains("WRONG-"))
    }
}
