import DeviceStore
import Foundation
import FuzzSupport
import Testing

/// Every signal that would end hubsim leaves the terminal as the shell had it and the device
/// saved (Docs/reliability.md); Ctrl-Z and SIGSTOP/SIGCONT come back with the whole screen
/// redrawn; Ctrl-S does not freeze it.
@Suite("Reliability: signals", .offThePool)
struct SignalTests {
    /// The catchable signals whose default action ends the process (signal(7) "Term" and
    /// "Core"; the crash signals are `TeardownTests`'), as Linux numbers them: SIGRTMIN and
    /// SIGRTMAX as glibc reserves them (34 and 64).
    static let quitSignals: [(name: String, number: Int32)] = [
        ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("USR1", SIGUSR1), ("USR2", SIGUSR2),
        ("ALRM", SIGALRM), ("TERM", SIGTERM), ("STKFLT", SIGSTKFLT), ("XCPU", SIGXCPU), ("XFSZ", SIGXFSZ),
        ("VTALRM", SIGVTALRM), ("PROF", SIGPROF), ("IO", SIGIO), ("PWR", SIGPWR), ("SYS", SIGSYS),
        ("RTMIN", 34), ("RTMAX", 64),
    ]

    /// A state directory of the test's own.
    static func stateDir() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-signal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The shell got its terminal back as it had it: the same modes (canonical input, echo and
    /// flow control on), no alternate screen, no mouse reporting.
    static func expectSaneTerminal(_ tmux: Tmux, _ report: SignalPane.Report, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(report.before == ["echo", "icanon", "icrnl", "isig", "ixon", "opost"], "\(report.screen)", sourceLocation: sourceLocation)
        #expect(report.after == report.before, "\(report.screen)", sourceLocation: sourceLocation)
        #expect(try tmux.terminalModes() == "0 0 0 0 0", sourceLocation: sourceLocation)
    }

    @Test(arguments: quitSignals.map(\.name))
    func aQuitSignalSavesAndRestoresTheTerminal(name: String) async throws {
        let number = try #require(Self.quitSignals.first { $0.name == name }?.number)
        let dir = try Self.stateDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tmux = try await SignalPane.start(arguments: ["--state-dir", dir, "--device", "till"])
        defer { tmux.kill() }
        try await SignalPane.waitForFirstFrame(tmux)
        let pid = try #require(try HubsimPane.hubsimPID(tmux))
        #expect(kill(pid, number) == 0)
        let report = try await SignalPane.report(tmux)
        #expect(report.status == "\(128 + number)", "SIG\(name): \(report.screen)")
        try Self.expectSaneTerminal(tmux, report)
        // Saved at the end and closed cleanly: the device is in the file, no -wal beside it.
        let file = dir + "/till.sqlite"
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"))
        let store = try DeviceStore.open(path: file)
        defer { try? store.close() }
        #expect(try store.loadForStart() == .unenrolled(.workspaceOne))
    }

    /// SIGPIPE is ignored while hubsim runs: it keeps going and quits normally.
    @Test func sigpipeIsIgnored() async throws {
        let tmux = try await SignalPane.start(arguments: ["--ephemeral"])
        defer { tmux.kill() }
        try await SignalPane.waitForFirstFrame(tmux)
        let pid = try #require(try HubsimPane.hubsimPID(tmux))
        #expect(kill(pid, SIGPIPE) == 0)
        try tmux.type("FRONTLINE")
        try await HubDriver(tmux: tmux).waitFor("FRONTLINE")
        try await HubDriver(tmux: tmux).quit()
        let report = try await SignalPane.report(tmux)
        #expect(report.status == "0", "\(report.screen)")
        try Self.expectSaneTerminal(tmux, report)
    }

    /// Ctrl-Z in a shell with job control: the terminal is the shell's while stopped, and
    /// `fg` brings back the whole screen (the alternate screen it returns to is blank).
    @Test func ctrlZSuspendsAndFgRedrawsTheWholeScreen() async throws {
        let binary = try HubsimBinary.path()
        let tmux = try await Tmux(command: "env -u NO_COLOR PS1='$ ' TERM=xterm-256color LANG=C.UTF-8 bash --norc --noprofile -i", width: 100, height: 30)
        defer { tmux.kill() }
        try await tmux.waitFor("$")
        try tmux.type("\(HubsimPane.shellQuoted(binary)) --ephemeral")
        try tmux.send("Enter")
        try await SignalPane.waitForFirstFrame(tmux)
        try tmux.send("C-z")
        try await tmux.waitUntilFormat("#{alternate_on}", "the shell's screen") { $0 == "0" }
        try await tmux.waitFor("Stopped")
        #expect(try tmux.terminalModes() == "0 0 0 0 0")
        try tmux.type("fg")
        try tmux.send("Enter")
        try await tmux.waitUntilFormat("#{alternate_on}", "hubsim's screen again") { $0 == "1" }
        let screen = try await HubDriver(tmux: tmux).waitFor("Enroll this device")
        #expect(!screen.contains("Stopped"))
        // Still working: typing reaches the form, and F10 quits with status 0.
        try tmux.type("FRONTLINE")
        try await HubDriver(tmux: tmux).waitFor("FRONTLINE")
        try await HubDriver(tmux: tmux).quit()
        try await tmux.waitUntilFormat("#{alternate_on}", "the shell's screen") { $0 == "0" }
        try tmux.type("echo \"STATUS=$?\" \"$(stty -a | grep -o -- ' -*ixon')\"")
        try tmux.send("Enter")
        let after = try await tmux.waitFor("STATUS=0")
        #expect(after.contains("STATUS=0  ixon"), "\(after)")
        #expect(try tmux.terminalModes() == "0 0 0 0 0")
    }

    /// SIGSTOP cannot be caught: after SIGCONT hubsim redraws every cell, whatever was
    /// written over its screen meanwhile.
    @Test func sigcontAfterSigstopRedrawsTheWholeScreen() async throws {
        let tmux = try await SignalPane.start(arguments: ["--ephemeral"])
        defer { tmux.kill() }
        try await SignalPane.waitForFirstFrame(tmux)
        let pid = try #require(try HubsimPane.hubsimPID(tmux))
        #expect(kill(pid, SIGSTOP) == 0)
        // Another program scribbles over the stopped screen.
        let tty = try tmux.format("#{pane_tty}")
        let fd = open(tty, O_WRONLY | O_NOCTTY)
        #expect(fd >= 0)
        let scribble = Array("\u{1B}[2J\u{1B}[Hscribbled over".utf8)
        #expect(write(fd, scribble, scribble.count) == scribble.count)
        close(fd)
        try await tmux.waitUntil("the scribble") { $0.contains("scribbled over") && !$0.contains("Enroll this device") }
        #expect(kill(pid, SIGCONT) == 0)
        try await tmux.waitUntil("the redraw") { $0.contains("Enroll this device") && !$0.contains("scribbled over") }
        try await HubDriver(tmux: tmux).quit()
        let report = try await SignalPane.report(tmux)
        #expect(report.status == "0", "\(report.screen)")
        try Self.expectSaneTerminal(tmux, report)
    }

    /// Ctrl-S reaches hubsim as a key instead of stopping the terminal's output: flow control
    /// is off while it runs, and on again afterwards.
    @Test func ctrlSDoesNotFreezeTheScreen() async throws {
        let tmux = try await SignalPane.start(arguments: ["--ephemeral"])
        defer { tmux.kill() }
        try await SignalPane.waitForFirstFrame(tmux)
        #expect(try SignalPane.flagsNow(tmux).contains("-ixon"))
        try tmux.send("C-s")
        try tmux.type("FRONTLINE")
        try await HubDriver(tmux: tmux).waitFor("FRONTLINE")
        try await HubDriver(tmux: tmux).quit()
        let report = try await SignalPane.report(tmux)
        #expect(report.status == "0", "\(report.screen)")
        try Self.expectSaneTerminal(tmux, report)
    }

    /// Under a terminfo entry that names the X10 mouse encoding, hubsim still asks for SGR
    /// reports (which `InputReader` decodes without a width limit) and turns them off again.
    @Test func mouseReportsAreSGRUnderTmux256colorAndOffAfterwards() async throws {
        let tmux = try await SignalPane.start(arguments: ["--ephemeral"], environment: ["TERM": "tmux-256color"])
        defer { tmux.kill() }
        try await SignalPane.waitForFirstFrame(tmux)
        try await tmux.waitUntilFormat("#{mouse_sgr_flag} #{mouse_any_flag}", "SGR mouse reports") { $0 == "1 1" }
        try await HubDriver(tmux: tmux).quit()
        let report = try await SignalPane.report(tmux)
        #expect(report.status == "0", "\(report.screen)")
        try Self.expectSaneTerminal(tmux, report)
    }
}
