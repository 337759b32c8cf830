import Foundation
import FuzzSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Forty real OpenSSH clients in one class, and the trainer's console at 80x24 (tmux) pages
/// through them: every trainee on exactly one page, then the trainer ends the class and every
/// client gets its last line, every device is saved, and no process is left.
@Suite("Classroom: forty trainees", .enabled(if: SSHPane.sshAvailable && SSHPane.tmuxAvailable, "OpenSSH's ssh or tmux is not installed (.ci/run installs openssh-client)"), .offThePool)
struct ClassroomPagingTests {
    @Test("forty trainees over real ssh are paged on the trainer's console at 80x24, each on one page; quitting ends them all",
          .enabled(if: ClassroomIsolationTests.faultStage, "CI's classroom fault stage (HUBSIM_CLASSROOM_FAULTS=1): forty clients and devices"))
    func fortyTraineesPaged() async throws {
        let folder = ClassroomProcess.newFolder()
        let codeFile = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + ".code"
        try "LAB-2026-XY\n".write(toFile: codeFile, atomically: true, encoding: .utf8)
        defer { unlink(codeFile) }
        let port = try Shell.freePort()
        let trainer = try await SSHPane(shell: "\(ClassroomProcess.binary()) classroom --lesson ws1-shift-change --class-dir \(folder) --port \(port) --code-file \(codeFile)")
        try await trainer.waitFor("No trainee yet")
        let names = (1...40).map { String(format: "t%02d", $0) }
        // Joined ten at a time, as a room does (the class takes 32 unauthenticated at once).
        var clients: [HeadlessSSH] = []
        for batch in stride(from: 0, to: names.count, by: 10) {
            clients += try names[batch..<batch + 10].map { try HeadlessSSH(name: $0, port: port, password: "LAB-2026-XY", folder: folder) }
            try await trainer.waitFor("\(batch + 10)/\(batch + 10) here", timeout: 60)
        }
        var seen: [String] = []
        for page in 1...5 {
            let screen = try await trainer.waitFor("page \(page) of 5")
            seen += screen.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("┌ t") else { return nil }
                return line.split(separator: "┌ ").compactMap { $0.split(separator: " ").first.map(String.init) }.joined(separator: " ")
            }.flatMap { $0.split(separator: " ").map(String.init) }
            if page < 5 { try trainer.send("PageDown") }
        }
        #expect(seen.sorted() == names, "each trainee on exactly one page: \(seen)")
        #expect(try trainer.screen().contains("trainees 37–40 of 40"))

        try trainer.send("q")
        try await trainer.waitFor("End the class?")
        try trainer.send("Enter")
        try await trainer.waitFor("[exited 0]", timeout: 60)
        for client in clients {
            let exited = try await client.waitExit(timeout: 20)
            #expect(exited != nil, "\(client.name)'s ssh still runs")
            #expect(client.output.contains("hubsim classroom: the class is over"), "\(client.name) got no last line")
            #expect(FileManager.default.fileExists(atPath: folder + "/\(client.name).device"))
        }
        #expect(HeadlessSSH.devicesRunning(in: folder) == 0)
        // No local terminal: ssh asked for a 0x0 one, clamped to the smallest a lesson can show.
        #expect(try String(contentsOfFile: folder + "/class.log", encoding: .utf8).contains("t01 joined from 127.0.0.1 (20x10)"))
    }
}
