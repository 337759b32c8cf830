import Foundation
import FuzzSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A class over real ssh: OpenSSH's client in tmux at 80x24 against the real `hubsim classroom`.
@Suite("Classroom: trainees over OpenSSH", .enabled(if: SSHPane.sshAvailable && SSHPane.tmuxAvailable, "OpenSSH's ssh or tmux is not installed (.ci/run installs openssh-client)"), .offThePool)
struct ClassroomSSHTests {
    @Test("join with the class code, follow a step, resize, leave, rejoin the same device")
    func joinPlayLeaveRejoin() async throws {
        // The trainer's console leads (a trainee watches until the class tries a step).
        let (trainer, folder, port) = try await SSHPane.openClass(lesson: "ws1-shift-change")
        let ana = try await SSHPane.join("ana", port: port, trainer: trainer)
        try trainer.send("n")
        try await ana.waitFor("(step 1 of 9)")
        let seat = folder + "/ana.device"
        try await trainer.waitUntil("ana's device saved at step 1") { _ in
            (try? String(contentsOfFile: seat, encoding: .utf8))?.contains("\"position\":1,") == true
        }
        // A new size reaches the child: the lesson panel's bottom border now ends at column 100.
        try ana.resize(width: 100, height: 30)
        try await ana.waitUntil("the lesson redrawn at 100 columns") { screen in
            screen.split(separator: "\n").contains { $0.count == 100 && $0.hasPrefix("└─[") && $0.hasSuffix("┘") }
        }
        try ana.send("q")
        try await ana.waitFor("Leave the class?")
        try ana.send("Enter")
        try await ana.waitUntil("the line saying the device is kept") { _ in (try? ana.joined())?.contains("you left; your device is kept: 'ssh -p \(port) ana@127.0.0.1' to come back") == true }
        try ana.rejoin(name: "ana", port: port)
        try await ana.waitFor("(step 1 of 9)")
        try await ana.waitFor("The device is staged and checked in")
        let mode = try FileManager.default.attributesOfItem(atPath: seat)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        try trainer.send("q")
        try await trainer.waitFor("End the class?")
        try trainer.send("Enter")
        try await trainer.waitFor("[exited 0]")
    }

    @Test("a wrong code, a bad name, a command and no terminal are refused, each with its line")
    func refusals() async throws {
        let classroom = try await ClassroomProcess()
        let (port, code, _) = try await classroom.opened()
        let wrong = try SSHPane(name: "ana", port: port, password: "WRONG-1")
        try await wrong.waitFor("[ssh exited 255]")
        #expect(try wrong.screen().contains("Permission denied"))
        try await classroom.waitFor("'ana' from 127.0.0.1: wrong class code (1 in a row)")
        #expect(!classroom.output.contains("WRONG-1"))

        let bad = try SSHPane(name: "Ana!", port: port, password: code)
        try await bad.waitFor("[ssh exited 2]")
        #expect(try bad.joined().contains("hubsim classroom: 'Ana!' cannot be a trainee's name: use a-z 0-9 . _ -"))

        let command = try SSHPane(name: "bob", port: port, password: code, command: "ls")
        try await command.waitFor("[ssh exited 2]")
        #expect(try command.joined().contains("hubsim classroom: a class runs no commands: connect with 'ssh -p \(port) bob@127.0.0.1'"))

        let noTerminal = try SSHPane(name: "cid", port: port, password: code, sshOptions: "-T")
        try await noTerminal.waitFor("[ssh exited 2]")
        #expect(try noTerminal.joined().contains("hubsim classroom: a class needs a terminal"))
        #expect(!classroom.output.contains("joined"))
    }

    @Test("a second login under a connected name is refused with how to take over; the first goes on")
    func secondLogin() async throws {
        let classroom = try await ClassroomProcess()
        let (port, code, _) = try await classroom.opened()
        let first = try SSHPane(name: "ana", port: port, password: code)
        try await first.waitFor("the trainer leads")
        let second = try SSHPane(name: "ana", port: port, password: code)
        try await second.waitFor("[ssh exited 2]")
        #expect(try second.joined().contains("'ana' is connected already: leave there first (q), or ask the trainer to disconnect it"))
        try await first.togglesHelp()
    }

    @Test("the host key is made once, owner-only, is what ssh sees, and is the same after a restart")
    func hostKeyKept() async throws {
        let folder = ClassroomProcess.newFolder()
        var fingerprint = ""
        do {
            let first = try await ClassroomProcess(folder: folder)
            let opened = try await first.opened()
            fingerprint = opened.fingerprint
            // What OpenSSH computes from the key the server shows.
            let scan = try Shell.run("ssh-keyscan -p \(opened.port) -t ed25519 127.0.0.1 2>/dev/null | ssh-keygen -lf -")
            #expect(scan.contains(fingerprint), "ssh-keygen saw: \(scan)")
            first.signal(SIGTERM)
            let firstExited = try await first.waitExit(timeout: 10)
            #expect(firstExited != nil)
        }
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/host_ed25519_key")[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let second = try await ClassroomProcess(folder: folder)
        let reopened = try await second.opened()
        #expect(reopened.fingerprint == fingerprint)
    }

    @Test("a corrupt class.lead is kept aside, the class opens at step 0, and the log says so in one line")
    func corruptLeadKeptAside() async throws {
        let folder = ClassroomProcess.newFolder()
        try "{\"lesson\":".write(toFile: folder + "/class.lead", atomically: true, encoding: .utf8)
        let classroom = try await ClassroomProcess(folder: folder)
        _ = try await classroom.opened()
        let output = try await classroom.waitFor("class.lead cannot be read (kept as class.lead.corrupt-")
        #expect(output.components(separatedBy: "class.lead").count == 3, "\(output)")
        #expect(!output.contains("class resumed"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        let aside = try #require(files.first { $0.hasPrefix("class.lead.corrupt-") })
        #expect(try String(contentsOfFile: folder + "/" + aside, encoding: .utf8) == "{\"lesson\":")
        #expect(!files.contains("class.lead"))
    }

    @Test("a port in use: one line, exit 2")
    func portInUse() async throws {
        let first = try await ClassroomProcess()
        let port = try await first.opened().port
        let second = try await ClassroomProcess(port: port)
        let status = try #require(try await second.waitExit(timeout: 20))
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 2)
        let lines = second.output.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("port \(port) on 127.0.0.1 is in use") == true)
    }

    @Test("a lesson with a developer's program (exec:) is refused before the class opens: one line, exit 2, nothing run")
    func noProgramInAClass() async throws {
        let folder = ClassroomProcess.newFolder()
        let ran = folder + "/ran"
        let lesson = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "-exec.yaml"
        try """
            lesson: A lesson with a program
            profile: workspace-one
            apps:
              - id: touchy
                name: Touchy
                exec: [/bin/sh, -c, "touch \(ran)"]
            steps:
              - title: Launch it
                do:
                  - launch: touchy
            """.write(toFile: lesson, atomically: true, encoding: .utf8)
        defer { unlink(lesson) }
        let classroom = try await ClassroomProcess(folder: folder, lesson: lesson)
        let status = try #require(try await classroom.waitExit(timeout: 20))
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 2)
        let lines = classroom.output.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("app 'touchy' is your own program (exec:)") == true, "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: ran) && !classroom.output.contains("ssh -p"))
    }

    @Test("SIGTERM ends every session with a line, saves every device, and leaves no process")
    func stopping() async throws {
        let classroom = try await ClassroomProcess()
        let (port, code, _) = try await classroom.opened()
        let ana = try SSHPane(name: "ana", port: port, password: code)
        try await ana.waitFor("the trainer leads")
        let children = Shell.processes(withArgument: classroom.folder + "/ana.device")
        #expect(children.count == 1)
        classroom.signal(SIGTERM)
        try await ana.waitUntil("the class's last line") { _ in (try? ana.joined())?.contains("hubsim classroom: the class is over") == true }
        let ended = try await classroom.waitExit(timeout: 15)
        #expect(ended != nil)
        #expect(Shell.processes(withArgument: classroom.folder + "/ana.device").isEmpty)
        #expect(try String(contentsOfFile: classroom.folder + "/ana.device", encoding: .utf8).contains("\"position\":0,"))
    }
}

/// A shell line's output, and the processes whose command line names something.
enum Shell {
    static func run(_ line: String) throws -> String {
        let out = NSTemporaryDirectory() + "hubsim-class-shell-\(UUID().uuidString.prefix(8))"
        defer { unlink(out) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments: [String] = ["/bin/sh", "-c", line]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ) == 0 else { return "" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    }

    /// Live processes (not zombies) with every one of `arguments` among their arguments, from /proc.
    static func processes(withArgument arguments: String...) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let cmdline = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  !stat.contains(") Z ") else { return nil }
            let found = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.allSatisfy(found.contains) ? pid : nil
        }
    }
}

/// The trainer's console on the trainer's own terminal (tmux at 80x24), over real trainees.
@Suite("Classroom: the trainer's console", .enabled(if: SSHPane.sshAvailable && SSHPane.tmuxAvailable, "OpenSSH's ssh or tmux is not installed (.ci/run installs openssh-client)"), .offThePool)
struct TrainerConsoleTests {
    @Test("a tile per trainee with their step and state; n leads every device; quitting ends every session, saves and writes the report")
    func consoleLeads() async throws {
        let folder = ClassroomProcess.newFolder()
        let codeFile = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + ".code"
        let report = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "-report.md"
        let junit = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "-report.xml"
        try "LAB-2026-XY\n".write(toFile: codeFile, atomically: true, encoding: .utf8)
        defer { unlink(codeFile); unlink(report); unlink(junit) }
        // Port 0 would hide the port in the console's join line: one free port is found first.
        let port = try Shell.freePort()
        let trainer = try await SSHPane(shell: "\(ClassroomProcess.binary()) classroom --lesson ws1-shift-change --class-dir \(folder) --port \(port) --code-file \(codeFile) --report \(report) --junit \(junit)")
        try await trainer.waitFor("No trainee yet")
        #expect(try trainer.screen().contains("ssh -p \(port) NAME@127.0.0.1   code LAB-2026-XY"))
        let ana = try SSHPane(name: "ana", port: port, password: "lab2026xy")
        try await ana.waitFor("the trainer leads")
        try await trainer.waitFor("┌ ana ")
        try await trainer.waitFor("step 0 of 9")
        try trainer.send("n")
        try await ana.waitFor("(step 1 of 9)")
        try await trainer.waitFor("step 1 of 9")
        try trainer.send("q")
        try await trainer.waitFor("End the class?")
        try trainer.send("Enter")
        try await trainer.waitFor("[exited 0]")
        try await ana.waitUntil("the class's last line") { _ in (try? ana.joined())?.contains("hubsim classroom: the class is over") == true }
        #expect(try String(contentsOfFile: folder + "/ana.device", encoding: .utf8).contains("\"position\":1"))
        let log = try String(contentsOfFile: folder + "/class.log", encoding: .utf8)
        #expect(log.contains("ana joined from 127.0.0.1"))
        // The report: ana's first step done; no class code anywhere the class wrote.
        let markdown = try String(contentsOfFile: report, encoding: .utf8)
        #expect(markdown.contains("ana"))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuite"))
        for text in [log, markdown, try String(contentsOfFile: folder + "/ana.device", encoding: .utf8), try trainer.screen()] {
            #expect(!text.contains("LAB-2026") && !text.lowercased().contains("lab2026"))
        }
    }
}

extension TrainerConsoleTests {
    @Test("a restarted class resumes: the trainer's lead, a tile per kept trainee before anyone joins, a newcomer at the lead's step")
    func restartResumes() async throws {
        let folder = ClassroomProcess.newFolder()
        let command = { (port: Int) in "HUBSIM_CLASS_CODE=LAB-2026-XY \(ClassroomProcess.binary()) classroom --lesson ws1-shift-change --class-dir \(folder) --port \(port)" }
        let firstPort = try Shell.freePort()
        let ana: SSHPane
        do {
            let trainer = try await SSHPane(shell: command(firstPort))
            try await trainer.waitFor("No trainee yet")
            ana = try SSHPane(name: "ana", port: firstPort, password: "LAB-2026-XY")
            try await ana.waitFor("the trainer leads")
            try await trainer.waitFor("┌ ana ")
            try trainer.send("n")
            try await ana.waitFor("(step 1 of 9)")
            try trainer.send("n")
            try await ana.waitFor("(step 2 of 9)")
            let seat = folder + "/ana.device"
            try await trainer.waitUntil("ana's device saved at step 2") { _ in
                (try? String(contentsOfFile: seat, encoding: .utf8))?.contains("\"position\":2,") == true
            }
            try trainer.send("q")
            try await trainer.waitFor("End the class?")
            try trainer.send("Enter")
            try await trainer.waitFor("[exited 0]")
        }
        let lead = try String(contentsOfFile: folder + "/class.lead", encoding: .utf8)
        #expect(lead.contains("\"step\":2") && lead.contains("\"held\":false") && !lead.contains("LAB-2026"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/class.lead")[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        let port = try Shell.freePort()
        let trainer = try await SSHPane(shell: command(port))
        // Before anyone joins: ana's tile, away, at her kept step.
        let screen = try await trainer.waitFor("┌ ana ")
        #expect(screen.contains("away") && screen.contains("step 2 of 9") && !screen.contains("No trainee yet"), "\(screen)")
        // A newcomer is brought to the class's step; ana comes back where she was.
        let bo = try SSHPane(name: "bo", port: port, password: "LAB-2026-XY")
        try await bo.waitFor("(step 2 of 9)")
        try ana.rejoin(name: "ana", port: port)
        try await ana.waitFor("(step 2 of 9)")
        let log = try String(contentsOfFile: folder + "/class.log", encoding: .utf8)
        #expect(log.contains("class resumed at step 2 of 9; 1 trainee device(s) kept"), "\(log)")
        try trainer.send("q")
        try await trainer.waitFor("End the class?")
        try trainer.send("Enter")
        try await trainer.waitFor("[exited 0]")
    }
}

extension Shell {
    /// A port no one listens on now, on loopback.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
