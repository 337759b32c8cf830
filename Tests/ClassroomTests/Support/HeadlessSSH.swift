import Foundation
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

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
