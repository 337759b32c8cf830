import Foundation
import FuzzSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Forty real OpenSSH clients in one class, and the trainer's console at 80x24 (tmux) pages
/// through them: every trainee on exactly one page, then the trainer ends the class and every
/// client gets its last line, every device is saved, and no process is left.
@Suite("Classroom: forty trainees", .enabled(if: SSHPane.sshAvailable && SSHPane.tmuxAvailable, "OpenSSH's ssh or tmux is not installed (.ci/run installs openssh-client)"))
struct ClassroomPagingTests {
    @Test("forty trainees over real ssh are paged on the trainer's console at 80x24, each on one page; quitting ends them all",
          .enabled(if: ClassroomIsolationTests.faultStage, "CI's classroom fault stage (HUBSIM_CLASSROOM_FAULTS=1): forty clients and devices"))
    func fortyTraineesPaged() async throws {
        let folder = ClassroomProcess.newFolder()
        let codeFile = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + ".code"
        try "LAB-2026-XY\n".write(toFile: codeFile, atomically: true, encoding: .utf8)
        defer { unlink(codeFile) }
        let port = try Shell.freePort()
        let trainer = try SSHPane(shell: "\(ClassroomProcess.binary()) classroom --lesson ws1-shift-change --class-dir \(folder) --port \(port) --code-file \(codeFile)")
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

/// OpenSSH's `ssh -tt` without a terminal of its own: its input a pipe the test holds open (a
/// closed input would end the session), its output a file; the class code through SSH_ASKPASS.
/// With no local terminal it asks for a 0x0 pseudo-terminal, which the class clamps.
final class HeadlessSSH {
    let name: String
    private let child: SpawnedChild
    private let input: Int32
    private let outputPath: String

    init(name: String, port: Int, password: String, folder: String) throws {
        self.name = name
        let base = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "-" + name
        outputPath = base + ".out"
        let askpass = base + ".askpass"
        let fd = open(askpass, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o700)
        let script = Array("#!/bin/sh\necho '\(password)'\n".utf8)
        _ = script.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        // Close-on-exec, so no other test's child inherits them (the read end goes to ssh as 0).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        input = ends[1]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // setsid: no controlling terminal, so ssh takes the password from SSH_ASKPASS.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80))
        let arguments = ["ssh", "-tt", "-p", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                         "-o", "LogLevel=ERROR", "-o", "NumberOfPasswordPrompts=1", "\(name)@127.0.0.1"]
        let environment = ["PATH=/usr/bin:/bin", "TERM=xterm-256color", "SSH_ASKPASS=\(askpass)", "SSH_ASKPASS_REQUIRE=force", "DISPLAY="]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, "ssh", &actions, &attributes, argv, envp)
        close(ends[0])
        guard result == 0 else { close(input); throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        child = SpawnedChild(pid: pid)
    }

    deinit {
        close(input)
        unlink(outputPath)
        unlink(outputPath.replacingOccurrences(of: ".out", with: ".askpass"))
    }

    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// ssh's wait status once it has exited, looking for at most `timeout` seconds.
    func waitExit(timeout: Double) async throws -> Int32? { try await child.waitExit(timeout: timeout) }

    /// Trainees' devices of this class folder still running.
    static func devicesRunning(in folder: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int32(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            let arguments = String(decoding: data, as: UTF8.self)
            return arguments.contains("--class-seat") && arguments.contains(folder + "/")
        }.count
    }
}
