import Foundation
import Platform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A program started by `Spawn` starts as a shell would start it: no signal blocked or ignored
/// whatever the starting thread had, only the descriptors it was given, a session of its own
/// when asked, and a missing program is an error naming it.
@Suite struct SpawnTests {
    /// Runs `arguments` with `spawn`'s set-up; its output and its pid.
    static func run(_ arguments: [String], _ configure: (inout Spawn) -> Void = { _ in }) throws -> (output: String, pid: pid_t) {
        let out = NSTemporaryDirectory() + "hubsim-spawn-\(getpid())-\(UUID().uuidString.prefix(6)).out"
        defer { unlink(out) }
        var spawn = Spawn.quiet(output: out)
        configure(&spawn)
        let pid = try spawn.start(arguments, environment: ["PATH": "/usr/bin:/bin"])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(status == 0)
        return ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "", pid)
    }

    /// A hexadecimal signal set of /proc's status (`SigBlk:\t…`).
    static func signals(_ name: String, in status: String) -> UInt64? {
        status.split(separator: "\n").first { $0.hasPrefix(name + ":") }.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
    }

    @Test func noSignalIsBlockedOrIgnoredInTheChildWhateverTheParentsThreadHad() throws {
        // This thread blocks SIGTERM and the process ignores SIGUSR2, as a runtime's threads may.
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let oldHandler = signal(SIGUSR2, SIG_IGN)
        defer {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            signal(SIGUSR2, oldHandler)
        }
        // The program itself reads its own status (a shell would show its own masks instead).
        let (status, _) = try Self.run(["/bin/grep", "^Sig", "/proc/self/status"])
        #expect(Self.signals("SigBlk", in: status) == 0, "\(status)")
        // Nothing a program can use is ignored (glibc keeps its two internal signals, 32 and 33, to itself).
        #expect(Self.signals("SigIgn", in: status).map { $0 & ~0x1_8000_0000 } == 0, "\(status)")
    }

    @Test func theChildHasOnlyTheDescriptorsItIsGivenWithCloseFrom() throws {
        // A descriptor of the parent's without close-on-exec, as a library may leave one.
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        try #require(leaked > 3)
        // The shell lists its own descriptors (ls's own would include the folder it reads).
        let (inherited, _) = try Self.run(["/bin/sh", "-c", "ls /proc/$$/fd"])
        #expect(inherited.split(separator: "\n").contains(Substring("\(leaked)")))
        let (given, _) = try Self.run(["/bin/sh", "-c", "ls /proc/$$/fd"]) { $0.closeFrom = 3 }
        #expect(given.split(separator: "\n") == ["0", "1", "2"], "\(given)")
    }

    @Test func aSessionOfItsOwnWhenAsked() throws {
        let (own, pid) = try Self.run(["/bin/sh", "-c", "ps -o sid= -p $$"]) { $0.newSession = true }
        #expect(Int(own.trimmingCharacters(in: .whitespacesAndNewlines)) == Int(pid))
        let (shared, _) = try Self.run(["/bin/sh", "-c", "ps -o sid= -p $$"])
        #expect(Int(shared.trimmingCharacters(in: .whitespacesAndNewlines)) == Int(getsid(0)))
    }

    @Test func aMissingProgramIsAnErrorNamingIt() {
        #expect {
            _ = try Spawn.quiet(output: "/dev/null").start(["/nonexistent/hubsim-none"], environment: [:])
        } throws: { error in
            (error as? Spawn.Failure)?.description == "/nonexistent/hubsim-none cannot start: No such file or directory"
        }
    }
}
