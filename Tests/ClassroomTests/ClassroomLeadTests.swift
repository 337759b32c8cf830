import Foundation
import FuzzSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The trainer's lead reaches a trainee's device through its control pipe, which wakes the
/// device's frame loop as a key does: an idle device sleeps (no wake-up of its own to look at
/// the pipe), and the next step is on the trainee's screen as soon as the trainer presses n.
@Suite("Classroom: the lead wakes the devices", .enabled(if: SSHPane.sshAvailable && SSHPane.tmuxAvailable, "OpenSSH's ssh or tmux is not installed (.ci/run installs openssh-client)"), .offThePool)
struct ClassroomLeadTests {
    @Test("an idle trainee's device does not wake to look for the trainer's orders; n still reaches it")
    func idleDeviceSleepsAndTheLeadWakesIt() async throws {
        let (trainer, folder, port) = try await SSHPane.openClass(lesson: "ws1-shift-change")
        let ana = try await SSHPane.join("ana", port: port, trainer: trainer)
        let device = try #require(Self.device(of: folder + "/ana.device"))
        // Her first frame and status are out; from now on nothing happens in the class.
        _ = try await Poll.until(Date().addingTimeInterval(5)) { Self.wakeUps(device).map { _ in true } ?? false }
        try await Task.sleep(for: .milliseconds(300))
        let before = try #require(Self.wakeUps(device))
        // A second of nothing: a device that looked at the pipe on a timer woke 10 times in it.
        try await Task.sleep(for: .seconds(1))
        let after = try #require(Self.wakeUps(device))
        #expect(after - before <= 2, "ana's idle device woke \(after - before) times in a second")
        // The order wakes it: the step is on her screen.
        try trainer.send("n")
        try await ana.waitFor("(step 1 of 9)")
        try trainer.send("q")
        try await trainer.waitFor("End the class?")
        try trainer.send("Enter")
        try await trainer.waitFor("[exited 0]")
    }

    @Test("a lesson's scripted PIN reaches each device as the classroom's hash of it, never as the PIN; the lead sets it")
    func theScriptedPINGoesAsAHash() async throws {
        let (trainer, folder, port) = try await SSHPane.openClass(lesson: "mhs-pin-and-auto-sign-out")
        let ana = try await SSHPane.join("ana", port: port, trainer: trainer)
        let device = try #require(Self.device(of: folder + "/ana.device"))
        let arguments = try #require(Self.read("/proc/\(device)/cmdline")).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let hash = try #require(arguments.firstIndex(of: "--class-pin-hash").map { arguments[$0 + 1] })
        #expect(hash.hasPrefix("$scrypt$ln=15,r=8,p=1$"))
        #expect(!arguments.contains("1739"))
        // Led through the PIN's step: set on her device, as the lesson checks.
        try trainer.send("n")
        try await ana.waitFor("(step 1 of 6)")
        try trainer.send("n")
        try await ana.waitFor("(step 2 of 6)")
        try await trainer.waitUntil("ana's device saved at step 2") { _ in
            (try? String(contentsOfFile: folder + "/ana.device", encoding: .utf8))?.contains("\"position\":2,") == true
        }
        #expect(!(try ana.screen().contains("check failed")))
        try trainer.send("q")
        try await trainer.waitFor("End the class?")
        try trainer.send("Enter")
        try await trainer.waitFor("[exited 0]")
    }

    /// The trainee's device: the `hubsim` whose arguments name `seat`.
    static func device(of seat: String) -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let arguments = Self.read("/proc/\(entry)/cmdline") else { return nil }
            return arguments.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == seat } ? pid : nil
        }.first
    }

    /// The times the device's main thread (its frame loop) went to sleep and was woken:
    /// its voluntary context switches (proc(5)); nil once it is gone.
    static func wakeUps(_ pid: pid_t) -> Int? {
        guard let status = read("/proc/\(pid)/task/\(pid)/status").map({ String(decoding: $0, as: UTF8.self) }),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }) else { return nil }
        return Int(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }

    /// A /proc file whole, read to its end (they report a size of 0).
    static func read(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return handle.readDataToEndOfFile()
    }
}
