import Foundation
import FuzzSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--authorized-keys`: a trainee whose key is in the file joins without the class code; a key
/// not in it, or of a type swift-nio-ssh cannot verify (RSA), falls back to the class code.
@Suite("Classroom: authorized keys", .enabled(if: SSHPane.sshAvailable && SSHPane.tmuxAvailable && SSHPane.keygenAvailable, "OpenSSH's ssh, ssh-keygen or tmux is not installed (.ci/run installs openssh-client)"), .offThePool)
struct ClassroomKeyTests {
    /// A new key pair of `type` in `folder`: the private key's path.
    static func key(_ type: String, named name: String, in folder: String) throws -> String {
        let path = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "-" + name
        _ = try Shell.run("ssh-keygen -q -t \(type) -N '' -C \(name) -f \(path)")
        #expect(FileManager.default.fileExists(atPath: path + ".pub"))
        return path
    }

    @Test("a trainee with an authorized ed25519 key joins without the code; an RSA key and an unknown key are asked the code")
    func authorizedKeys() async throws {
        let folder = ClassroomProcess.newFolder()
        let ed = try Self.key("ed25519", named: "ed", in: folder)
        let other = try Self.key("ed25519", named: "other", in: folder)
        let rsa = try Self.key("rsa", named: "rsa", in: folder)
        let file = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + ".keys"
        let lines = try [ed, rsa].map { try String(contentsOfFile: $0 + ".pub", encoding: .utf8) }.joined()
        try ("# the class's keys\n" + lines).write(toFile: file, atomically: true, encoding: .utf8)
        defer { for path in [ed, other, rsa] { unlink(path); unlink(path + ".pub") }; unlink(file) }
        let classroom = try await ClassroomProcess(folder: folder, extra: ["--authorized-keys", file])
        let (port, code, _) = try await classroom.opened()
        try await classroom.waitFor("1 key(s) from \(file); 1 line(s) skipped: only ed25519 and ECDSA keys are taken")
        // The password given is wrong: only the key can let ana in.
        let ana = try SSHPane(name: "ana", port: port, password: "WRONG-CODE",
                              sshOptions: "-i \(ed) -o IdentitiesOnly=yes -o PreferredAuthentications=publickey,password")
        try await ana.waitFor("the trainer leads")
        try await classroom.waitFor("'ana' from 127.0.0.1: in by an authorized key")
        // A key not in the file: the class code is asked, and the right one lets bob in.
        let bob = try SSHPane(name: "bob", port: port, password: code,
                              sshOptions: "-i \(other) -o IdentitiesOnly=yes -o PreferredAuthentications=publickey,password")
        try await bob.waitFor("key not on the trainer's list: give them your .pub file")
        try await classroom.waitFor("'bob' from 127.0.0.1: key not in --authorized-keys; the class code is asked")
        // An RSA key, though listed, cannot be verified: the code is asked, and a wrong one refused.
        let cy = try SSHPane(name: "cy", port: port, password: "WRONG-CODE",
                             sshOptions: "-i \(rsa) -o IdentitiesOnly=yes -o PreferredAuthentications=publickey,password")
        try await cy.waitFor("[ssh exited 255]")
        try await classroom.waitFor("'cy' from 127.0.0.1: wrong class code")
        let cyLine = try await classroom.waitFor("'cy' from")
        #expect(!cyLine.contains("cy joined"))
    }

    @Test("ECDSA keys (nistp256, nistp384) in the file join without the code with real ssh -i; an ECDSA key not in it is asked the code")
    func ecdsaKeys() async throws {
        let folder = ClassroomProcess.newFolder()
        let p256 = try Self.key("ecdsa -b 256", named: "p256", in: folder)
        let p384 = try Self.key("ecdsa -b 384", named: "p384", in: folder)
        let stranger = try Self.key("ecdsa -b 256", named: "stranger", in: folder)
        let file = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + ".keys"
        let lines = try [p256, p384].map { try String(contentsOfFile: $0 + ".pub", encoding: .utf8) }.joined()
        #expect(lines.hasPrefix("ecdsa-sha2-nistp256 ") && lines.contains("\necdsa-sha2-nistp384 "))
        try lines.write(toFile: file, atomically: true, encoding: .utf8)
        defer { for path in [p256, p384, stranger] { unlink(path); unlink(path + ".pub") }; unlink(file) }
        let classroom = try await ClassroomProcess(folder: folder, extra: ["--authorized-keys", file])
        let (port, code, _) = try await classroom.opened()
        let options = { (key: String) in "-i \(key) -o IdentitiesOnly=yes -o PreferredAuthentications=publickey,password" }
        // A wrong code: only the key can let them in.
        let ana = try SSHPane(name: "ana", port: port, password: "WRONG-CODE", sshOptions: options(p256))
        try await ana.waitFor("the trainer leads")
        try await classroom.waitFor("'ana' from 127.0.0.1: in by an authorized key")
        let bo = try SSHPane(name: "bo", port: port, password: "WRONG-CODE", sshOptions: options(p384))
        try await bo.waitFor("the trainer leads")
        try await classroom.waitFor("'bo' from 127.0.0.1: in by an authorized key")
        // Not in the file: the class code is asked; a wrong one is refused, the right one lets in.
        let cy = try SSHPane(name: "cy", port: port, password: "WRONG-CODE", sshOptions: options(stranger))
        try await cy.waitFor("[ssh exited 255]")
        try await classroom.waitFor("'cy' from 127.0.0.1: wrong class code")
        #expect(classroom.output.contains("'cy' from 127.0.0.1: key not in --authorized-keys; the class code is asked"))
        let dee = try SSHPane(name: "dee", port: port, password: code, sshOptions: options(stranger))
        // In by the code: the class line says why the key did not count (until the next key).
        try await dee.waitFor("key not on the trainer's list: give them your .pub file")
        try await classroom.waitFor("dee joined")
        #expect(!classroom.output.contains("cy joined"))
    }

    @Test("a trainee whose only key is RSA is asked the class code by real ssh, and once in reads one line saying to use ed25519; the trainer's log says it once")
    func rsaKeyFallsBackToTheCode() async throws {
        let folder = ClassroomProcess.newFolder()
        let ed = try Self.key("ed25519", named: "ed", in: folder)
        let rsa = try Self.key("rsa -b 2048", named: "rsa", in: folder)
        let file = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + ".keys"
        let lines = try [ed, rsa].map { try String(contentsOfFile: $0 + ".pub", encoding: .utf8) }.joined()
        try lines.write(toFile: file, atomically: true, encoding: .utf8)
        defer { for path in [ed, rsa] { unlink(path); unlink(path + ".pub") }; unlink(file) }
        let classroom = try await ClassroomProcess(folder: folder, extra: ["--authorized-keys", file])
        let (port, code, _) = try await classroom.opened()
        // OpenSSH never offers the RSA key here (no signature algorithm in common), then asks the code.
        let cy = try SSHPane(name: "cy", port: port, password: code, sshOptions: "-i \(rsa) -o IdentitiesOnly=yes")
        try await cy.waitFor("RSA keys are not taken here: use ssh-keygen -t ed25519")
        try await classroom.waitFor("cy joined")
        let line = "'cy' from 127.0.0.1: in by the class code; no ed25519 or ECDSA key was offered (RSA keys are not taken)"
        #expect(classroom.output.components(separatedBy: line).count == 2, "\(classroom.output)")
        // The next key reads it: the class line is the lead's again.
        try cy.send("F12")
        try await cy.waitFor("the trainer leads")
        #expect(!(try cy.screen()).contains("RSA keys are not taken"))
    }
}
