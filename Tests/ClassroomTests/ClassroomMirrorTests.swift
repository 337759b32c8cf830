import Foundation
import FuzzSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The trainer's mirror of one trainee and the show to the class, over real ssh: the trainer's
/// console and two trainees, each OpenSSH's client in tmux at 80x24.
@Suite("Classroom: the mirror and the show", .enabled(if: SSHPane.sshAvailable && SSHPane.tmuxAvailable, "OpenSSH's ssh or tmux is not installed (.ci/run installs openssh-client)"), .offThePool)
struct ClassroomMirrorTests {
    @Test("Enter mirrors a trainee's screen cell for cell; s shows it read-only to the others, a latecomer too; e ends the show")
    func mirrorAndShow() async throws {
        let (trainer, _, port) = try await SSHPane.openClass(lesson: "ws1-shift-change")
        let ana = try await SSHPane.join("ana", port: port, trainer: trainer)
        let bob = try await SSHPane.join("bob", port: port, trainer: trainer)
        // ana, the first to join, is chosen: Enter watches her screen.
        try trainer.send("Enter")
        try await trainer.waitFor("ana's screen, read-only")
        // The mirror's room is the console's rows 2 to 22: ana's first 21 rows, exactly.
        try await Self.same("the mirror shows ana's rows", ana, rows: 0..<21, as: trainer, from: 2)
        // A step moves ana's screen; the mirror follows.
        try trainer.send("n")
        try await ana.waitFor("(step 1 of 9)")
        try await Self.same("the mirror follows ana's step", ana, rows: 0..<21, as: trainer, from: 2)
        // Shown to the class: bob sees ana's screen under the line saying whose it is.
        try trainer.send("s")
        try await trainer.waitFor("[e end show of ana]")
        try await bob.waitFor("shown by the trainer: ana (read-only)")
        try await Self.same("bob sees ana's rows", ana, rows: 0..<23, as: bob, from: 1)
        #expect(!(try ana.screen().contains("shown by the trainer")))
        // A trainee joining during the show sees it at once.
        let carl = try SSHPane(name: "carl", port: port, password: "LAB-2026-XY")
        try await carl.waitFor("shown by the trainer: ana (read-only)")
        try await Self.same("carl sees ana's rows", ana, rows: 0..<23, as: carl, from: 1)
        // Read-only: a key on bob's screen does not move his device.
        try bob.send("n")
        try trainer.send("e")
        try await bob.waitUntil("the show ended on bob's screen") { !$0.contains("shown by the trainer") && $0.contains("(step 1 of 9)") }
        try await carl.waitUntil("the show ended on carl's screen") { !$0.contains("shown by the trainer") && $0.contains("(step 1 of 9)") }
        try trainer.send("Escape")
        try await trainer.waitFor("┌ bob ")
        try trainer.send("q")
        try await trainer.waitFor("End the class?")
        try trainer.send("Enter")
        try await trainer.waitFor("[exited 0]")
    }

    /// Waits until `source`'s `rows` are `mirror`'s rows from `from` on, one for one (`Poll`: looked
    /// at once more after the deadline, for a test resumed late).
    static func same(_ description: String, _ source: SSHPane, rows: Range<Int>, as mirror: SSHPane, from: Int) async throws {
        var left: [String] = [], right: [String] = []
        let matched = try await Poll.until(Date().addingTimeInterval(ClassroomProcess.patience), every: .milliseconds(30)) {
            let a = try source.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let b = try mirror.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard a.count >= rows.upperBound, b.count >= from + rows.count else { return false }
            left = Array(a[rows])
            right = Array(b[from..<(from + rows.count)])
            return left == right && left.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        if matched { return }
        Issue.record("timed out waiting until \(description):\n\(left.joined(separator: "\n"))\n--- mirrored as ---\n\(right.joined(separator: "\n"))")
    }
}
