import Foundation
import FuzzSupport
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// A `hubsim classroom` under test: the real binary (beside the test runner, as `swift test`
/// builds every product; `HUBSIM_BINARY` overrides), on port 0 (any free port, read from its
/// join line) and a class folder of its own, its output in a file read as it grows. Started
/// with posix_spawn, as Foundation's `Process` can miss a child's exit under parallel tests.
final class ClassroomProcess {
    let folder: String
    let pid: pid_t
    private let child: SpawnedChild
    let outputPath: String

    /// Waits are bounded: far more than a join takes, short enough to fail fast.
    static let patience = 20.0

    struct Timeout: Error, CustomStringConvertible {
        var waitingFor: String
        var output: String
        var description: String { "timed out waiting for \(waitingFor); output was:\n\(output)" }
    }

    static func binary() -> String {
        if let path = ProcessInfo.processInfo.environment["HUBSIM_BINARY"], !path.isEmpty { return path }
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.pathExtension == "xctest" { directory = directory.deletingLastPathComponent() }
        return directory.appendingPathComponent("hubsim").path
    }

    /// A new class folder under the temporary directory.
    static func newFolder() -> String {
        let path = NSTemporaryDirectory() + "hubsim-class-\(getpid())-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Starts `hubsim classroom --lesson LESSON --class-dir FOLDER --port PORT` plus `extra`,
    /// once one of the suite's class `Slots` is free (given back when this is gone).
    init(folder: String = ClassroomProcess.newFolder(), lesson: String = "ws1-shift-change", port: Int = 0,
         extra: [String] = [], environment: [String: String] = [:]) async throws {
        await Slots.classes.acquire()
        var started = false
        defer { if !started { Slots.classes.release() } }
        self.folder = folder
        outputPath = folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "-\(UUID().uuidString.prefix(6)).out"
        let arguments = [Self.binary(), "classroom", "--lesson", lesson, "--class-dir", folder, "--port", "\(port)"] + extra
        var env = ProcessInfo.processInfo.environment
        env["HUBSIM_CLASS_CODE"] = nil
        for (k, v) in environment { env[k] = v }
        // Signals as a shell would leave them (`Spawn`): the runner's threads may block or ignore some.
        // Nothing open beyond the three: a script another test is writing at this moment must
        // not stay open in a class that lives for seconds ("Text file busy" when it is run).
        var spawn = Spawn.quiet(output: outputPath)
        spawn.closeFrom = 3
        pid = try spawn.start(arguments, environment: env)
        child = SpawnedChild(pid: pid)
        started = true
    }

    deinit {
        unlink(outputPath)
        // The class ends with its `SpawnedChild` (killed if it still runs), released right after this.
        Slots.classes.release()
    }

    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Waits until the output satisfies `check`, without holding a thread (`Poll`); returns
    /// what it gave.
    @discardableResult
    func wait<T>(_ description: String, timeout: Double = ClassroomProcess.patience, _ check: (String) -> T?) async throws -> T {
        let found = try await Poll.value(before: Date().addingTimeInterval(timeout), every: .milliseconds(20)) { check(output) }
        guard let found else { throw Timeout(waitingFor: description, output: output) }
        return found
    }

    @discardableResult
    func waitFor(_ text: String, timeout: Double = ClassroomProcess.patience) async throws -> String {
        try await wait("'\(text)'", timeout: timeout) { $0.contains(text) ? $0 : nil }
    }

    /// The join line's port, code and host key fingerprint, once the class is open.
    func opened() async throws -> (port: Int, code: String, fingerprint: String) {
        try await wait("the class to open") { text -> (Int, String, String)? in
            guard let port = Self.word(after: "ssh -p ", in: text).flatMap(Int.init),
                  let code = Self.word(after: "Class code: ", in: text),
                  let key = Self.word(after: "Host key: ", in: text) else { return nil }
            return (port, code, key)
        }
    }

    static func word(after marker: String, in text: String) -> String? {
        guard let range = text.range(of: marker) else { return nil }
        let word = text[range.upperBound...].prefix { !$0.isWhitespace }
        return word.isEmpty ? nil : String(word)
    }

    /// Its wait status once it has exited, looking for at most `timeout` seconds without
    /// holding a thread.
    func waitExit(timeout: Double) async throws -> Int32? { try await child.waitExit(timeout: timeout) }

    func signal(_ number: Int32) { kill(pid, number) }

    /// Waits until `name`'s device file says `position` steps done.
    func waitForPosition(_ name: String, _ position: Int) async throws {
        let file = folder + "/" + name + ".device"
        try await wait("\(name)'s device at step \(position)") { _ in
            (try? String(contentsOfFile: file, encoding: .utf8))?.contains("\"position\":\(position),") == true ? true : nil
        }
    }
}
