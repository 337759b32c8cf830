import Foundation
import FuzzSupport
import Platform
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
        // A session of its own: no controlling terminal, so ssh takes the password from SSH_ASKPASS.
        let spawn = Spawn(descriptors: [(0, .duplicate(ends[0])), (1, .open(outputPath, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)), (2, .duplicate(1))],
                          newSession: true, closeFrom: 3, searchPath: true)
        let arguments = ["ssh", "-tt", "-p", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                         "-o", "LogLevel=ERROR", "-o", "NumberOfPasswordPrompts=1", "\(name)@127.0.0.1"]
        let environment = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force", "DISPLAY": ""]
        let pid: pid_t
        do { pid = try spawn.start(arguments, environment: environment) } catch {
            close(ends[0])
            close(input)
            throw error
        }
        close(ends[0])
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
