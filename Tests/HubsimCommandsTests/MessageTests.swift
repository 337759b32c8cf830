import Configuration
import Foundation
import FuzzSupport
import Platform
import Testing
@testable import HubsimCommands

/// Messages (Docs/reliability.md), through the real binary: each refusal is one line naming the file or
/// the argument, what is wrong and what to do; no secret or hash, no raw control character,
/// exit status 2 and no crash.
@Suite(.offThePool) struct MessageTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// From the start to the end of the program, as the thread waiting for its exit saw it
        /// (`ChildExit`): without the wait for a slot before it, nor the wait for a test thread
        /// after it.
        var seconds: Double
    }

    /// Runs `.build/…/hubsim` with standard input from /dev/null (not a terminal), its
    /// outputs into files (nothing can block on a full pipe). Waits for its end by looking every
    /// few milliseconds with `Task.sleep` (`ChildExit`), not with a blocking wait: a test that
    /// blocks keeps one of the test pool's threads (one per core) from every other test while it
    /// waits. At most `Slots.programs` run at once.
    static func hubsim(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Run {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("hubsim-msg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
        for file in [out, err] { FileManager.default.createFile(atPath: file.path, contents: nil) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = dir.path
        environment["XDG_STATE_HOME"] = dir.path
        environment.merge(extra) { $1 }
        let spawn = Spawn(descriptors: [(0, .open("/dev/null", flags: O_RDONLY)),
                                        (1, .open(out.path, flags: O_WRONLY | O_TRUNC)),
                                        (2, .open(err.path, flags: O_WRONLY | O_TRUNC))], closeFrom: 3)
        let end = try await Slots.programs.holding { () async throws -> (status: Int32, seconds: Double) in
            let started = Date()
            let pid = try spawn.start([try binary().path] + arguments, environment: environment)
            let exit = ChildExit(of: pid, startedAt: started)
            guard try await exit.wait(before: Date().addingTimeInterval(60)), let status = exit.status, let seconds = exit.seconds else {
                kill(pid, SIGKILL)
                _ = try await exit.wait(before: Date().addingTimeInterval(60))
                throw Unfinished(arguments: arguments)
            }
            return (ChildExit.shellStatus(status), seconds)
        }
        return Run(status: end.status, stdout: try String(contentsOf: out, encoding: .utf8),
                   stderr: try String(contentsOf: err, encoding: .utf8), seconds: end.seconds)
    }

    struct Unfinished: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "hubsim \(arguments.joined(separator: " ")) still ran after 60 s" }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "no hubsim binary beside the tests; run 'swift build' or set HUBSIM_BINARY" }
    }

    static func binary() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["HUBSIM_BINARY"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        var dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("hubsim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        throw Missing()
    }

    static func temporaryFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "hubsim-msg-\(UUID().uuidString).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Exit 2 (not a signal), one line on standard error, no control character in it.
    static func expectRefusal(_ run: Run, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2, "status \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr == line + "\n", sourceLocation: sourceLocation)
        #expect(!run.stderr.dropLast().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                sourceLocation: sourceLocation)
    }

    @Test func aDeviceNameWithEscapesIsEchoedEscaped() async throws {
        let run = try await Self.hubsim(["--device", "a\u{1B}[31mb\u{7}"])
        Self.expectRefusal(run, "hubsim: 'a\\u{1B}[31mb\\u{7}' cannot name a device: use letters, digits, '.', '_' and '-' (not starting with '.'), e.g. --device till-3")
    }

    @Test func anUnknownOptionWithEscapesIsEchoedEscaped() async throws {
        let run = try await Self.hubsim(["run", "--bad\u{1B}]0;title\u{7}"])
        Self.expectRefusal(run, "hubsim: unknown option '--bad\\u{1B}]0;title\\u{7}'; see `hubsim run --help`")
        let parser = try await Self.hubsim(["--profile", "x\u{1B}"])
        #expect(parser.status == 2)
        #expect(parser.stderr.hasPrefix("hubsim: unknown profile 'x\\u{1B}'; valid: workspace-one, entra-ios, entra-android, android-mhs\n"))
        #expect(!parser.stderr.unicodeScalars.contains { $0.value == 0x1B })
    }

    /// `--log-file` is claimed as every output is (`RunFiles`), so its refusals read the same.
    @Test func theLogFileErrorSaysWhatHelps() async throws {
        let missing = try await Self.hubsim(["--ephemeral", "--log-file", "/nonexistent/hubsim.log"])
        Self.expectRefusal(missing, "hubsim: --log-file /nonexistent/hubsim.log: the directory /nonexistent does not exist; create it first or choose another path")
        let directory = try await Self.hubsim(["--ephemeral", "--log-file", "/"])
        Self.expectRefusal(directory, "hubsim: --log-file /: is a directory; give the name of a file inside it")
    }

    @Test func validateRefusesWhatTheAppCouldNotRun() async throws {
        let tenant = try BundledAssets.text("tenant.yaml")
        let path = try Self.temporaryFile(tenant.replacingOccurrences(of: "inactivityTimeout: 300 ", with: "inactivityTimeout: 9.3e15 "))
        defer { try? FileManager.default.removeItem(atPath: path) }
        Self.expectRefusal(try await Self.hubsim(["tenant", "validate", path]),
                           "hubsim: \(path):25:22: inactivityTimeout must be between 1 and 315,360,000 seconds (got 9.3e15)")
        // The app reads the same file the same way: refused before the terminal is taken.
        Self.expectRefusal(try await Self.hubsim(["--ephemeral", "--tenant", path]),
                           "hubsim: \(path):25:22: inactivityTimeout must be between 1 and 315,360,000 seconds (got 9.3e15)")
    }

    @Test func aDuplicateKeyGivesItsPositionAndNoHash() async throws {
        let tenant = try BundledAssets.text("tenant.yaml")
        let path = try Self.temporaryFile(tenant.replacingOccurrences(of: "promptForGroupID: true\n", with: "promptForGroupID: true\ntenant: Again\n"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try await Self.hubsim(["tenant", "validate", path])
        Self.expectRefusal(run, "hubsim: \(path):7:1: 'tenant' is given twice in the same mapping (first at line 5): keep one")
        #expect(!run.stderr.contains("$scrypt"))
    }

    @Test func aNulByteIsReportedWhereItIs() async throws {
        let path = try Self.temporaryFile("tenant: x\ngroups:\n  - id: A\u{0}B\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        Self.expectRefusal(try await Self.hubsim(["tenant", "validate", path]),
                           "hubsim: \(path):3:10: a control character (\\u{0}) is not allowed in a YAML file: remove it")
    }

    @Test(arguments: [["tenant", "validate", "/dev/null"], ["--ephemeral", "--tenant", "/dev/null"]])
    func devNullIsNotARegularFile(arguments: [String]) async throws {
        Self.expectRefusal(try await Self.hubsim(arguments),
                           "hubsim: /dev/null:1:1: cannot read the tenant file: it is not a regular file (a device, pipe or socket); give the path of a YAML file")
    }

    @Test(arguments: [
        (["tenant", "validate", ""], "hubsim: cannot read the tenant file: the path is empty; give the path of a YAML file"),
        (["--ephemeral", "--tenant", ""], "hubsim: cannot read the tenant file: the path is empty; give the path of a YAML file"),
        (["--ephemeral", "--log-file", ""],
         "hubsim: --log-file '': the path is empty; give the name of the file to write"),
    ])
    func anEmptyPathSaysSo(arguments: [String], line: String) async throws {
        Self.expectRefusal(try await Self.hubsim(arguments), line)
    }

    @Test func scenarioFileErrorsAreInPlainWords() async throws {
        let run = try await Self.hubsim(["run", "/dev/null", "/", "/nonexistent/s.yaml", ""])
        #expect(run.status == 2)
        #expect(run.stdout.hasPrefix("""
            ERROR /dev/null:1:1: cannot read the scenario file: it is not a regular file (a device, pipe or socket); give the path of a YAML file
            ERROR /:1:1: cannot read the scenario file: it is a directory; give the path of a YAML file
            ERROR /nonexistent/s.yaml:1:1: cannot read the scenario file: no such file or directory
            ERROR cannot read the scenario file: the path is empty; give the path of a YAML file

            """))
        #expect(!run.stdout.contains("NSCocoaErrorDomain") && !run.stdout.contains("permission"))
    }

    /// A file the report cannot be written to is named in plain words, never by an
    /// `NSCocoaErrorDomain` code (512 for a directory).
    @Test func aJUnitDestinationThatFailsIsNamedInPlainWords() async throws {
        let scenario = try Self.temporaryFile("profile: workspace-one\nsteps: [goOnline]\n")
        defer { try? FileManager.default.removeItem(atPath: scenario) }
        let run = try await Self.hubsim(["run", "--junit", "/", scenario])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("cannot write the JUnit report to /") || run.stderr.contains("--junit"), "\(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("error 512"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    /// A 54 MB scenario is refused by its size, before it is read: fast and small.
    @Test func aHugeScenarioIsRefusedFast() async throws {
        let path = NSTemporaryDirectory() + "hubsim-msg-\(UUID().uuidString).yaml"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("profile: workspace-one\nsteps:\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(truncate(path, 54_000_000) == 0)
        let run = try await Self.hubsim(["run", path])
        #expect(run.seconds < 5)
        #expect(run.status == 2)
        #expect(run.stdout.hasPrefix("ERROR \(path):1:1: the scenario file is 54,000,000 bytes; files hubsim reads are limited to 1 MiB (1,048,576 bytes): split it into smaller files\n"))
    }
}
