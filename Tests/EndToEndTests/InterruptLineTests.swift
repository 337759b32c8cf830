import Foundation
import FuzzSupport
import Testing

/// Ctrl-C to a headless `hubsim run` or `hubsim check-app` says so in one line on standard error
/// (what was interrupted, that the programs were stopped, what was not written) before hubsim
/// dies of the signal, which a shell reports as 130: nothing printed would read as a hang.
@Suite(.offThePool) struct InterruptLineTests {
    /// A program that makes `marker` and then never answers, its time limit far away.
    static let sleeper = """
        import sys, time
        open(sys.argv[1], "w").close()
        time.sleep(600)  # runs until interrupted: the subject
        """

    @Test func checkAppSaysItWasInterrupted() async throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = directory.appendingPathComponent("started").path
        let junit = directory.appendingPathComponent("report.xml").path
        let (status, reason, stderr) = try await Self.interrupt(["check-app", "--serial", "--transition", "check-in", "--timeout", "600000",
                                                           "--junit", junit, "--", "python3", "sleeper.py", marker],
                                                          in: directory, startedWhen: marker)
        #expect(reason == .uncaughtSignal && status == SIGINT)
        #expect(stderr == "hubsim check-app: interrupted by SIGINT (Ctrl-C); every program it started was stopped; no table printed and no --junit file written (\(junit))\n")
        #expect(!FileManager.default.fileExists(atPath: junit))
    }

    @Test func runSaysItWasInterrupted() async throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = directory.appendingPathComponent("started").path
        try """
        name: sleeper
        profile: workspace-one
        tenant: \(HubsimPane.testTenant)
        apps:
          - id: sleeper
            exec: [python3, sleeper.py, \(marker)]
            timeout: 60s
        steps:
          - enroll: {group: FRONTLINE, user: stage, password: stage}
          - launch: sleeper
        """.write(to: directory.appendingPathComponent("sleeper.yaml"), atomically: true, encoding: .utf8)
        let (status, reason, stderr) = try await Self.interrupt(["run", "sleeper.yaml"], in: directory, startedWhen: marker)
        #expect(reason == .uncaughtSignal && status == SIGINT)
        #expect(stderr == "hubsim run: interrupted by SIGINT (Ctrl-C); every program it started was stopped; no report printed\n")
    }

    static func folder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-line-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try sleeper.write(to: directory.appendingPathComponent("sleeper.py"), atomically: true, encoding: .utf8)
        return directory
    }

    /// Runs hubsim with `arguments` in `directory`, sends SIGINT once the program made
    /// `marker`, and gives its end and its standard error.
    static func interrupt(_ arguments: [String], in directory: URL, startedWhen marker: String) async throws
        -> (Int32, Process.TerminationReason, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try HubsimBinary.path())
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["HUBSIM_TEST_TENANTS": "1"]) { $1 }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        _ = try await Poll.until(Date().addingTimeInterval(30)) {
            FileManager.default.fileExists(atPath: marker) || !process.isRunning
        }
        guard FileManager.default.fileExists(atPath: marker) else {
            process.terminate()
            _ = try await Poll.exit(of: process)
            Issue.record("the program never started: \(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
            return (0, .exit, "")
        }
        kill(process.processIdentifier, SIGINT)
        // Its one line of standard error fits the pipe: read it once hubsim has ended.
        guard try await Poll.exit(of: process) else {
            process.terminate()
            Issue.record("hubsim did not end after SIGINT")
            return (0, .exit, "")
        }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, process.terminationReason, stderr)
    }
}
