import Foundation
import Platform
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

/// A trainee: OpenSSH's `ssh` in a tmux pane of its own (a private server, killed at the end),
/// the class code typed by `SSH_ASKPASS` (a script that prints it; `SSH_ASKPASS_REQUIRE=force`),
/// the host key trusted for this run only. Waits poll the pane, bounded.
final class SSHPane {
    let socket = "hubsim-class-\(getpid())-\(UUID().uuidString.prefix(8))"
    let askpass: String
    private var killed = false
    /// Whether this pane holds a class slot (the trainer's console does).
    private var holdsClass = false

    /// Whether OpenSSH's client is here: the suites skip, saying so, without it.
    static let sshAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh") || which("ssh")
    static let tmuxAvailable = which("tmux")
    static let keygenAvailable = which("ssh-keygen")

    private static func which(_ program: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    /// The trainer's console: `command` (`hubsim classroom …` on a terminal) in a pane, once
    /// one of the suite's class `Slots` is free (given back by `kill`), as `ClassroomProcess`.
    init(shell command: String, width: Int = 80, height: Int = 24) async throws {
        askpass = NSTemporaryDirectory() + socket + ".askpass"
        await Slots.classes.acquire()
        holdsClass = true
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", command + "; echo \"[exited $?]\"; sleep 60"])
    }

    /// The class code of the classes `openClass` starts.
    static let classCode = "LAB-2026-XY"

    /// `hubsim classroom --lesson LESSON` on a trainer's console at 80x24 (a class folder of its
    /// own, a free port, the code `classCode`), once it waits for its first trainee.
    static func openClass(lesson: String = "ws1-shift-change") async throws -> (trainer: SSHPane, folder: String, port: Int) {
        let folder = ClassroomProcess.newFolder()
        let port = try Shell.freePort()
        let trainer = try await SSHPane(shell: "HUBSIM_CLASS_CODE=\(classCode) \(ClassroomProcess.binary()) classroom --lesson \(lesson) --class-dir \(folder) --port \(port)")
        try await trainer.waitFor("No trainee yet")
        return (trainer, folder, port)
    }

    /// `name` joins the class on `port` with the class code: once their screen shows the lead
    /// and `trainer`'s console their tile.
    static func join(_ name: String, port: Int, trainer: SSHPane) async throws -> SSHPane {
        let trainee = try SSHPane(name: name, port: port, password: classCode)
        try await trainee.waitFor("the trainer leads")
        try await trainer.waitFor("┌ \(name) ")
        return trainee
    }

    /// `ssh -p PORT NAME@127.0.0.1 [command]` with `password` typed, in a `width`x`height` pane.
    init(name: String, port: Int, password: String, command: String = "", sshOptions: String = "",
         width: Int = 80, height: Int = 24) throws {
        askpass = NSTemporaryDirectory() + socket + ".askpass"
        // Written through a close-on-exec descriptor: one inherited by a process another test
        // spawns meanwhile would make running the script fail (ETXTBSY).
        let fd = open(askpass, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o700)
        let script = Array("#!/bin/sh\necho '\(password)'\n".utf8)
        _ = script.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        // The command sleeps after ssh ends, so its last screen stays to be read.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)",
                  sshCommand(name: name, port: port, command: command, options: sshOptions)])
    }

    func sshCommand(name: String, port: Int, command: String, options: String) -> String {
        "SSH_ASKPASS=\(askpass) SSH_ASKPASS_REQUIRE=force DISPLAY= ssh -p \(port) -o StrictHostKeyChecking=no "
            + "-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o NumberOfPasswordPrompts=1 \(options) \(name)@127.0.0.1 \(command); echo \"[ssh exited $?]\"; sleep 60"
    }

    /// Runs the same pane's command again (a trainee coming back).
    func rejoin(name: String, port: Int, command: String = "", options: String = "") throws {
        try tmux(["respawn-pane", "-k", sshCommand(name: name, port: port, command: command, options: options)])
    }

    deinit { kill() }

    func kill() {
        guard !killed else { return }
        killed = true
        _ = try? tmux(["kill-server"])
        unlink(askpass)
        if holdsClass { Slots.classes.release() }
    }

    func send(_ keys: String...) throws { try tmux(["send-keys"] + keys) }
    func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }
    func resize(width: Int, height: Int) throws { try tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"]) }
    func screen() throws -> String { try tmux(["capture-pane", "-p"]) }
    func panePID() throws -> pid_t { pid_t(try tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }

    struct Timeout: Error, CustomStringConvertible {
        var waitingFor: String
        var screen: String
        var description: String { "timed out waiting for \(waitingFor); screen was:\n\(screen)" }
    }

    /// Waits until the screen satisfies `check`, looking every few milliseconds without holding
    /// a thread (`Poll`), or throws after `timeout` seconds with the last screen.
    @discardableResult
    func waitUntil(_ description: String, timeout: Double = ClassroomProcess.patience, _ check: (String) -> Bool) async throws -> String {
        var last = ""
        let found = try await Poll.value(before: Date().addingTimeInterval(timeout), every: .milliseconds(30)) { () throws -> String? in
            last = try screen()
            return check(last) ? last : nil
        }
        guard let found else { throw Timeout(waitingFor: description, screen: last) }
        return found
    }

    @discardableResult
    func waitFor(_ text: String, timeout: Double = ClassroomProcess.patience) async throws -> String {
        try await waitUntil("'\(text)'", timeout: timeout) { $0.contains(text) }
    }

    /// Sends F1 and waits until the help is the other way (open or closed): the device took the
    /// key. Not any change: a clock's tick or the class line's idle time also changes the
    /// screen, and the next F1 sent on that would close again what this one opened unseen.
    func togglesHelp() async throws {
        let open = try screen().contains(Self.helpTitle)
        try send("F1")
        try await waitUntil("F1 to \(open ? "close" : "open") the help") { $0.contains(Self.helpTitle) != open }
    }

    /// The help's title, on screen while it is open.
    static let helpTitle = "Keys · F1 or Esc closes"

    /// The screen with wrapped lines joined whole (`capture-pane -J`: a long line wraps at the pane's width).
    func joined() throws -> String { try tmux(["capture-pane", "-p", "-J"]) }

    struct Failed: Error, CustomStringConvertible { var description: String }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let out = NSTemporaryDirectory() + socket + "-\(UUID().uuidString.prefix(6)).out"
        defer { unlink(out) }
        var env = ProcessInfo.processInfo.environment
        env["TMUX"] = nil
        env["TERM"] = env["TERM"] ?? "xterm-256color"
        // Signals as a shell would leave them (`Spawn`): the runner's threads block some, and
        // tmux's server (and so ssh, which must see SIGWINCH) would inherit the mask.
        var spawn = Spawn.quiet(output: out)
        spawn.searchPath = true
        spawn.closeFrom = 3  // as `ClassroomProcess`: tmux's server lives on
        let pid: pid_t
        do { pid = try spawn.start(["tmux", "-L", socket] + arguments, environment: env) } catch {
            throw Failed(description: "cannot run tmux")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        guard status == 0 || arguments.first == "kill-server" else { throw Failed(description: "tmux \(arguments.joined(separator: " ")): \(text)") }
        return text
    }
}
