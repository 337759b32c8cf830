import ArgumentParser
import Classroom
import Configuration
import CursesTerminal
import DeviceStore
import Foundation
import HubUI
import Platform
import Scenarios
import SessionEngine

/// `hubsim classroom --lesson NAME`: a class over ssh. Each trainee connects with plain `ssh`
/// and gets their own device and the lesson, on a `hubsim` child of their own
/// (Docs/classroom.md). Exit 0 when the class is ended by the trainer (a quit signal ends every
/// session first, saving every device); 2 for a usage problem (a port in use, a bad class
/// folder, an unreadable host key), in one line.
struct ClassroomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classroom",
        abstract: "Run a class: every trainee joins with ssh and plays the lesson on a device of their own.",
        discussion: """
            Trainees join with 'ssh -p PORT NAME@ADDRESS' and type the class code. The code is \
            made at start and shown here, or the trainer's own from --code-file or \
            HUBSIM_CLASS_CODE (never an argument: ps shows those). Each trainee's device is kept \
            in the class folder as NAME.device: coming back under the same name resumes it. \
            Listens on 127.0.0.1 unless --listen says otherwise (0.0.0.0 opens it to the room).
            """)

    @Option(help: "The lesson the class plays: a shipped lesson's name (hubsim lesson --list) or a lesson file.")
    var lesson: String

    @Option(help: "The TCP port to listen on.")
    var port = 2222

    @Option(help: "The address to listen on: 127.0.0.1 (this machine only), or 0.0.0.0 for the room.")
    var listen = "127.0.0.1"

    @Option(help: "The class folder: the host key and every trainee's device (default: the state folder's classes/LESSON).")
    var classDir: String?

    @Option(help: "A file whose first line is the class code (default: HUBSIM_CLASS_CODE, else a new code).")
    var codeFile: String?

    @Option(help: "An OpenSSH authorized_keys file: a trainee whose key (ed25519 or ECDSA) is in it joins without the class code.")
    var authorizedKeys: String?

    @Option(help: "The most trainees at once.")
    var max = 100

    @Option(help: "When the class ends: each trainee × step (done, time, leaks, hands raised) as Markdown in FILE.")
    var report: String?

    @Option(help: "When the class ends: the same as JUnit XML in FILE (a test case per trainee and step).")
    var junit: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): give 1 to 65535 (0: any free port)") }
        guard (1...1000).contains(max) else { throw ValidationError("--max \(max): give 1 to 1000") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let runner: ScenarioRunner
        do throws(ConfigError) { runner = try ScenarioRunner(environment: environment, parallel: false) } catch { throw CommandError.usage(error.description) }
        let source = try LessonCommand.locate(lesson)
        let loaded: Lesson
        do throws(ConfigError) { loaded = try runner.lessons.load(source) } catch { throw CommandError.usage("\(error)") }
        let folder = try classFolder(environment: environment, lessonName: loaded.name)
        let className = loaded.name
        do {
            let hostKey = try HostKey.loadOrCreate(at: folder + "/host_ed25519_key")
            let code = try ClassCode.chosen(file: codeFile, environment: environment)
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            // Absolute, as the child starts in this folder too.
            let lessonArgument = source.path.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? lesson
            // The lesson's passwords verified once for the class, before it opens (a full scrypt
            // derivation each, about 45 ms): each device is told which hold (`--class-verified`),
            // and derives none of them.
            let credentials = LessonCredentials(lesson: loaded), hasher = ScryptHasher()
            let verified = credentials.verified(in: loaded.scenario.tenant, by: hasher)
            // The PINs the lesson sets, hashed once for the class too: each device takes the
            // hash for exactly that PIN instead of deriving its own when the trainer leads
            // there (`--class-pin-hash`: a hash of a PIN the lesson file prints, never the PIN).
            let verifiedArguments = (verified.isEmpty ? [] : ["--class-verified", verified.map(String.init).joined(separator: ",")])
                + credentials.hashedPINs(by: hasher).flatMap { ["--class-pin-hash", $0.phc] }
            var configuration = ClassroomConfiguration(
                className: className, listen: listen, port: port, code: code, hostKey: hostKey,
                launch: { name, term, kept in
                    ClassroomConfiguration.Launch(
                        arguments: [executable, "lesson", lessonArgument, "--class-seat", folder + "/" + name.text + ".device",
                                    "--trainee", name.text, "--class-name", className] + verifiedArguments,
                        environment: Self.childEnvironment(term: term, kept: kept, from: environment))
                })
            configuration.limits.trainees = max
            // A restarted class goes on at the trainer's last lead (Docs/classroom.md, Decisions).
            let resumed = ClassLeadFile.load(folder: folder, lesson: loaded.name, steps: loaded.steps.count)
            configuration.lead = resumed.lead
            configuration.leadPath = resumed.path
            if let authorizedKeys { configuration.authorizedKeys = try AuthorizedKeys.load(authorizedKeys) }
            // On a terminal, the trainer's console; otherwise (a script, a service) a line per event.
            let onTerminal = StandardStreams.areTerminals && environment["TERM"].map { !$0.isEmpty && $0 != "dumb" } == true
            let log = ClassLog(path: folder + "/class.log", echo: !onTerminal)
            let board = ClassBoard(className: className, lesson: loaded)
            let kept = ClassSeats.kept(in: folder, lesson: loaded.name)
            board.resume(kept)
            let server = ClassroomServer(configuration: configuration, log: { log.write($0) }, events: { board.record($0) })
            try server.start()
            let addresses = ClassroomServer.joinAddresses(listen: listen)
            let join = "ssh -p \(server.port) NAME@\(addresses.joined(separator: " or NAME@"))"
            log.write("class \(className) open on \(listen) port \(server.port)")
            if let line = resumed.line { log.write(kept.isEmpty ? line : "\(line); \(kept.count) trainee device(s) kept") }
            if let authorizedKeys, configuration.authorizedKeys.skipped > 0 {
                // An RSA or DSA line would otherwise look accepted: the trainer is told once.
                log.write("\(configuration.authorizedKeys.keys.count) key(s) from \(MessageText.shown(authorizedKeys)); \(configuration.authorizedKeys.skipped) line(s) skipped: only ed25519 and ECDSA keys are taken")
            }
            let endLine = "the class is over; your device is kept in the trainer's class folder"
            if onTerminal {
                try runConsole(server: server, board: board, lesson: loaded, join: join, code: code, hostKey: hostKey,
                               lead: resumed.lead, endLine: endLine)
                writeReports(board.record)
                return
            }
            ClassLog.print("""
                Class "\(className)" is open (\(loaded.title)). Trainees join with:  \(join)
                Class code: \(code.shown)   Host key: \(hostKey.fingerprint)
                Devices are kept in \(folder). Ctrl-C ends the class (every device is saved).

                """)
            QuitSignalWatch.start { [self] _ in
                log.write("ending the class")
                server.stop(line: endLine)
                log.write("class ended; \(server.connected.count) session(s) left")
                writeReports(board.record)
            }
            while true { sleep(3600) }
        } catch let problem as ClassroomProblem {
            throw CommandError.usage(problem.description)
        }
    }

    /// The trainer's console until the trainer quits or a quit signal comes; then every
    /// session ends with its line and every device is saved, and the terminal is restored.
    private func runConsole(server: ClassroomServer, board: ClassBoard, lesson: Lesson, join: String, code: ClassCode,
                            hostKey: HostKey, lead: ClassLeadFile, endLine: String) throws {
        let session: CursesSession
        do { session = try CursesSession.started(environment: ProcessInfo.processInfo.environment) } catch {
            server.stop(line: endLine)
            throw error
        }
        let c = session.capabilities
        var console = ClassroomConsole(className: lesson.name, joinLine: "\(join)   code \(code.shown)   key \(hostKey.fingerprint)",
                                       lesson: (lesson.title, lesson.steps.count), width: c.width, height: c.height)
        console.theme = c.hasColor ? .colour : .mono
        console.asciiSymbols = !c.utf8
        console.resume(step: lead.step, tries: lead.tries, held: lead.held)
        // A restarted class's kept trainees are on the first frame, before anyone joins.
        for seat in board.takeChanged() { console.update(seat: seat) }
        var program = TrainerConsole(console: console, board: board, server: server)
        let exit = session.run(&program)
        session.endKeepingSignals()
        ClassLog.print("hubsim classroom: ending the class; every device is saved\n")
        server.stop(line: endLine)
        let signalled = session.releaseSignals()
        ClassLog.print("hubsim classroom: class \(lesson.name) ended\n")
        let ended = exit == .quit ? (signalled ?? exit) : exit
        ended.endProcessBySignal()
        if ended != TerminalExit.quit { throw CommandError(.terminal(ended)) }
    }

    /// `--report` and `--junit`, written once the class has ended; one line for each written
    /// or not. The record holds names, steps, times, leaks and hands: nothing a trainee typed.
    private func writeReports(_ record: ClassRecord) {
        for (path, text, what) in [(report, ClassReport.markdown(record), "report"), (junit, ClassReport.junit(record), "JUnit report")] {
            guard let path else { continue }
            if FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) {
                ClassLog.print("hubsim classroom: the class's \(what) is in \(MessageText.shown(path))\n")
            } else {
                ClassLog.print("hubsim classroom: the class's \(what) cannot be written to \(MessageText.shown(path)); check the folder\n")
            }
        }
    }

    /// The class folder, made owner-only when new; a path that is not a writable folder is one line.
    private func classFolder(environment: [String: String], lessonName: String) throws -> String {
        let path = classDir ?? StoreLocation.directory(stateDir: nil, environment: environment)
            .appendingPathComponent("classes").appendingPathComponent(lessonName).path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandError.usage("--class-dir '\(MessageText.shown(path))' is a file, not a folder; give a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw CommandError.usage("the class folder '\(MessageText.shown(path))' cannot be made; give a writable --class-dir")
            }
        }
        guard FileManager.default.isWritableFile(atPath: path) else {
            throw CommandError.usage("the class folder '\(MessageText.shown(path))' is not writable; give a writable --class-dir")
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// A trainee's child gets a clean environment: the trainer's PATH and HOME, the terminal
    /// type of the trainee's pseudo-terminal, their locale and NO_COLOR, no crash backtracer, and nothing else (the
    /// class code in HUBSIM_CLASS_CODE stays the trainer's).
    static func childEnvironment(term: String, kept: [String: String], from environment: [String: String]) -> [String: String] {
        var child = kept
        child["TERM"] = term
        child["PATH"] = environment["PATH"] ?? "/usr/bin:/bin"
        if let home = environment["HOME"] { child["HOME"] = home }
        // A crash is the trainer's to read (the class's log), not a backtrace on a trainee's
        // screen, nor the runtime's interactive prompt that would hold the seat.
        child["SWIFT_BACKTRACE"] = "enable=no"
        return child
    }
}

/// The class's log: one line per event (joins, leaves, refusals, wrong codes: never what was
/// typed), appended owner-only to `class.log` in the class folder, and echoed on standard
/// output when no console is drawn there.
final class ClassLog: Sendable {
    private let descriptor: Int32
    private let echo: Bool

    init(path: String, echo: Bool) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        self.echo = echo
    }

    func write(_ line: String) {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        let text = "\(formatter.string(from: Date()))  \(line)\n"
        if descriptor >= 0 {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        }
        if echo { Self.print(text) }
    }

    /// Text on standard output at once, in one write (lines come from several threads).
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
