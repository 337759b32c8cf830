import Foundation
import FuzzSupport
import Testing

/// Ctrl-Z and `fg` when hubsim is not the job's process group leader: a `#!/bin/sh` wrapper
/// or a Python `subprocess.call` runs it, the same Ctrl-Z stops the wrapper at once and the
/// shell takes the terminal back before hubsim has left curses mode. Each try must end with
/// hubsim stopped and the terminal as the shell expects (no mouse reporting, no alternate
/// screen), and `fg` must bring the whole screen back.
@Suite("Reliability: job control", .offThePool)
struct JobControlTests {
    static let tries = 10

    enum Wrapper: String, CaseIterable, CustomTestStringConvertible {
        case shellScript, python
        var testDescription: String { rawValue }
    }

    /// The command line the interactive shell runs, given a directory to put a script in.
    static func commandLine(_ wrapper: Wrapper, binary: String, directory: String) throws -> String {
        switch wrapper {
        case .shellScript:
            // No `exec`: the shell stays the parent, as in a wrapper that does more afterwards.
            let script = directory + "/wrapper.sh"
            try "#!/bin/sh\n\(HubsimPane.shellQuoted(binary)) --ephemeral\n"
                .write(toFile: script, atomically: true, encoding: .utf8)
            #expect(chmod(script, 0o755) == 0)
            return HubsimPane.shellQuoted(script)
        case .python:
            let program = "import subprocess,sys; sys.exit(subprocess.call(sys.argv[1:]))"
            return "python3 -c \(HubsimPane.shellQuoted(program)) \(HubsimPane.shellQuoted(binary)) --ephemeral"
        }
    }

    /// hubsim's pid: the process named hubsim among the descendants of `root`.
    static func hubsimPID(under root: Int32) -> Int32? {
        var queue = [root]
        while let pid = queue.popLast() {
            let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if pid != root, comm == "hubsim" { return pid }
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            queue += children.split(separator: " ").compactMap { Int32($0) }
        }
        return nil
    }

    /// The process's state letter in /proc (`T` stopped, `S` sleeping, …).
    static func state(_ pid: Int32) -> String {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // The name in parentheses may contain spaces: the state follows the last ')'.
        guard let close = stat.lastIndex(of: ")") else { return "" }
        return String(stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1))
    }

    /// How long a Ctrl-Z may take to stop hubsim. Longer than `HubDriver.patience`: now and then
    /// a Ctrl-Z typed right after `fg` stops hubsim only tens of seconds later (seen before the
    /// 15 s patience, when these waits had 60 s: three runs of four took 60 s and passed).
    static let stopPatience = 60.0

    /// Polls until `pid` is in state `letter`.
    static func waitForState(_ pid: Int32, _ letter: String, _ tmux: Tmux, attempt: Int) async throws {
        if try await Poll.until(Date().addingTimeInterval(stopPatience), { state(pid) == letter }) { return }
        let parent = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: ")").last?
            .split(separator: " ").dropFirst().first.flatMap { Int32($0) } ?? 0
        let signals = ((try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("Sig") || $0.hasPrefix("ShdPnd") || $0.hasPrefix("Threads") }.joined(separator: " ")
        let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
        throw Tmux.Timeout(waitingFor: "hubsim in state \(letter) (is \(state(pid)) in \(wchan), \(signals), its parent \(state(parent)), try \(attempt), terminal \(try SignalPane.flagsNow(tmux)))",
                           screen: try tmux.screen())
    }

    /// hubsim started by `wrapper` from an interactive bash in a tmux pane (job control on),
    /// its first frame drawn: the pane, hubsim's pid and its state directory.
    static func startUnderShell(_ wrapper: Wrapper) async throws -> (Tmux, Int32, String) {
        let binary = try HubsimBinary.path()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-jobs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let tmux = try await Tmux(command: "env -u NO_COLOR PS1='$ ' TERM=xterm-256color LANG=C.UTF-8 bash --norc --noprofile -i", width: 100, height: 30)
        do {
            try await tmux.waitFor("$")
            try tmux.type(try commandLine(wrapper, binary: binary, directory: directory))
            try tmux.send("Enter")
            try await SignalPane.waitForFirstFrame(tmux)
            return (tmux, try #require(hubsimPID(under: try tmux.panePID())), directory)
        } catch {
            tmux.kill()
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    @Test(arguments: Wrapper.allCases)
    func ctrlZAndFgUnderAWrapperComeBackEveryTime(wrapper: Wrapper) async throws {
        let (tmux, pid, directory) = try await Self.startUnderShell(wrapper)
        defer { tmux.kill(); try? FileManager.default.removeItem(atPath: directory) }
        for attempt in 1...Self.tries {
            try tmux.send("C-z")
            // Stopped, with the terminal the shell's: no alternate screen, no mouse reports.
            try await Self.waitForState(pid, "T", tmux, attempt: attempt)
            try await tmux.waitUntilFormat(Tmux.modesFormat, "the shell's terminal (try \(attempt))") { $0 == "0 0 0 0 0" }
            try tmux.type("fg")
            try tmux.send("Enter")
            // Running again, in its own screen, mouse reports on, every cell drawn anew (the
            // alternate screen it comes back to is blank).
            try await tmux.waitUntilFormat("#{alternate_on} #{mouse_sgr_flag} #{mouse_any_flag}", "hubsim's screen again (try \(attempt))",
                                     timeout: HubDriver.patience) { $0 == "1 1 1" }
            try await HubDriver(tmux: tmux).waitFor("Enroll this device")
            #expect(Self.state(pid) != "T", "try \(attempt)")
        }
        // Still working: typing reaches the form, F10 quits, and the wrapper sees status 0.
        try tmux.type("FRONTLINE")
        try await HubDriver(tmux: tmux).waitFor("FRONTLINE")
        try await HubDriver(tmux: tmux).quit()
        // The status `fg` returns (bash drops the rest of a command list once a job stops).
        try await tmux.waitUntilFormat("#{alternate_on}", "the shell's screen") { $0 == "0" }
        try tmux.type("echo \"WRAPPER=$?\"")
        try tmux.send("Enter")
        try await tmux.waitFor("WRAPPER=0", timeout: HubDriver.patience)
        #expect(try tmux.terminalModes() == "0 0 0 0 0")
    }

    /// `kill %1` on a stopped job sends SIGTERM, then SIGCONT, while the shell keeps the
    /// terminal: hubsim quits from the background instead of stopping again on SIGTTOU, and the
    /// terminal stays as the shell has it.
    @Test(arguments: Wrapper.allCases)
    func aQuitSignalWhileStoppedEndsHubsimInTheBackground(wrapper: Wrapper) async throws {
        let (tmux, pid, directory) = try await Self.startUnderShell(wrapper)
        defer { tmux.kill(); try? FileManager.default.removeItem(atPath: directory) }
        try tmux.send("C-z")
        try await Self.waitForState(pid, "T", tmux, attempt: 1)
        #expect(kill(pid, SIGTERM) == 0)
        #expect(kill(pid, SIGCONT) == 0)
        // Gone (a zombie until its stopped wrapper reaps it), not stopped again.
        try await Self.waitUntil("hubsim ended", tmux) { ["Z", "X", ""].contains(Self.state(pid)) }
        #expect(try tmux.terminalModes() == "0 0 0 0 0")
        try tmux.type("fg")
        try tmux.send("Enter")
        try tmux.type("echo \"WRAPPER=$?\"")
        try tmux.send("Enter")
        // SIGTERM's status through each wrapper: the shell's 128 + 15; Python's exit(-15).
        try await tmux.waitFor("WRAPPER=\(wrapper == .shellScript ? 143 : 241)", timeout: HubDriver.patience)
    }

    /// Polls `predicate`, or throws with the pane's screen after the drivers' patience.
    static func waitUntil(_ description: String, _ tmux: Tmux, _ predicate: () -> Bool) async throws {
        if try await Poll.until(Date().addingTimeInterval(HubDriver.patience), predicate) { return }
        throw Tmux.Timeout(waitingFor: description, screen: try tmux.screen())
    }
}
