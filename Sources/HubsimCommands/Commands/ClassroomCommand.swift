import ArgumentParser
import Classroom
import Configuration
import CursesTerminal
import DeviceStore
import Foundation
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

    @Option(help: "The most trainees at once.")
    var max = 100

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
        do throws(ClassroomProblem) {
            let hostKey = try HostKey.loadOrCreate(at: folder + "/host_ed25519_key")
            let code = try ClassCode.chosen(file: codeFile, environment: environment)
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            // Absolute, as the child starts in this folder too.
            let lessonArgument = source.path.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? lesson
            var configuration = ClassroomConfiguration(
                className: className, listen: listen, port: port, code: code, hostKey: hostKey,
                launch: { name, term, kept in
                    ClassroomConfiguration.Launch(
                        arguments: [executable, "lesson", lessonArgument, "--class-seat", folder + "/" + name.text + ".device",
                                    "--trainee", name.text, "--class-name", className],
                        environment: Self.childEnvironment(term: term, kept: kept, from: environment))
                })
            configuration.limits.trainees = max
            let server = ClassroomServer(configuration: configuration) { line in Self.log(line) }
            try server.start()
            let addresses = ClassroomServer.joinAddresses(listen: listen)
            Self.write("""
                Class "\(className)" is open (\(loaded.title)). Trainees join with:  ssh -p \(server.port) NAME@\(addresses.joined(separator: " or NAME@"))
                Class code: \(code.shown)   Host key: \(hostKey.fingerprint)
                Devices are kept in \(folder). Ctrl-C ends the class (every device is saved).

                """)
            QuitSignalWatch.start { _ in
                Self.log("ending the class")
                server.stop(line: "the class is over; your device is kept in the trainer's class folder")
                Self.log("class ended; \(server.connected.count) session(s) left")
            }
            while true { sleep(3600) }
        } catch {
            throw CommandError.usage(error.description)
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

    /// A line of the class's log, on the trainer's terminal, with the time of day.
    static func log(_ line: String) {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        write("\(formatter.string(from: Date()))  \(line)\n")
    }

    /// Text on standard output at once, in one write (lines come from several threads).
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
