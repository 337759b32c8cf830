import Foundation
import FuzzSupport
import Testing

/// What a trainee types that is secret (a wrong class code, a session PIN, a password) never
/// reaches anything the class writes or the trainer sees: the class folder (devices, seats,
/// the log), the reports, the trainer's screen while it mirrors that trainee.
@Suite("Classroom: secrets", .enabled(if: SSHPane.sshAvailable && SSHPane.tmuxAvailable, "OpenSSH's ssh or tmux is not installed (.ci/run installs openssh-client)"), .offThePool)
struct ClassroomSecretsTests {
    static let code = "Canary-Code-1357"
    /// Digits with no ordered run of three, so Managed Home Screen's complexity takes it.
    static let pin = "8294713"
    static let password = "Canary-Pw-5150"

    @Test("a canary class code, PIN and password typed by trainees are nowhere in the class folder, the reports, the log or the trainer's screen")
    func canariesAreFoundNowhere() async throws {
        let folder = ClassroomProcess.newFolder()
        let base = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent
        let codeFile = base + ".code", report = base + "-report.md", junit = base + "-report.xml"
        try "LAB-2026-XY\n".write(toFile: codeFile, atomically: true, encoding: .utf8)
        defer { unlink(codeFile); unlink(report); unlink(junit) }
        let port = try Shell.freePort()
        let trainer = try await SSHPane(shell: "\(ClassroomProcess.binary()) classroom --lesson mhs-pin-and-auto-sign-out --class-dir \(folder) --port \(port) --code-file \(codeFile) --report \(report) --junit \(junit)")
        try await trainer.waitFor("No trainee yet")
        var screens: [String] = []

        // A wrong class code: refused, and logged without what was typed.
        let bob = try SSHPane(name: "bob", port: port, password: Self.code)
        try await bob.waitFor("[ssh exited 255]")

        let ana = try await SSHPane.join("ana", port: port, trainer: trainer)
        // The trainer leads to the PIN's step, lets the class try it, and watches ana.
        try trainer.send("n")
        try await ana.waitFor("Create a session PIN")
        try trainer.send("t")
        try await ana.waitFor("your turn")
        try trainer.send("Enter")
        try await trainer.waitFor("ana's screen, read-only")
        try ana.type(Self.pin)
        await screens.append(try trainer.waitFor(String(repeating: "•", count: Self.pin.count)))
        try ana.send("Enter")
        try await ana.waitFor("[ Sign out ]")
        await screens.append(try trainer.waitFor("[ Sign out ]"))
        // Signed out, ana types a wrong password: refused, drawn as dots on both screens.
        try ana.send("u")
        try await ana.waitFor("Enter email or phone number")
        try ana.type("cou1")
        try ana.send("Enter")
        try ana.type(Self.password)
        await screens.append(try trainer.waitFor(String(repeating: "•", count: Self.password.count)))
        try ana.send("Enter")
        await screens.append(try trainer.waitFor("Wrong user name or password."))
        screens.append(try ana.screen())

        try trainer.send("Escape")
        try trainer.send("q")
        try await trainer.waitFor("End the class?")
        try trainer.send("Enter")
        try await trainer.waitFor("[exited 0]")
        try await ana.waitUntil("the class's last line") { _ in (try? ana.joined())?.contains("hubsim classroom: the class is over") == true }

        var texts: [(String, String)] = screens.enumerated().map { ("screen \($0.offset)", $0.element) }
        for file in (try FileManager.default.subpathsOfDirectory(atPath: folder)) {
            if let data = FileManager.default.contents(atPath: folder + "/" + file) { texts.append((file, String(decoding: data, as: UTF8.self))) }
        }
        for file in [report, junit] { texts.append((file, try String(contentsOfFile: file, encoding: .utf8))) }
        // What was there to look in: the log with bob's refusal, ana's device and seat, both reports.
        let log = try #require(texts.first { $0.0 == "class.log" }?.1)
        #expect(log.contains("'bob' from 127.0.0.1: wrong class code (1 in a row)"))
        #expect(texts.contains { $0.0 == "ana.device" } && texts.contains { $0.0.hasSuffix("-report.md") })
        for (name, text) in texts {
            for canary in [Self.code, Self.pin, Self.password] {
                #expect(!text.contains(canary), "\(name) holds a secret a trainee typed")
            }
        }
    }
}
