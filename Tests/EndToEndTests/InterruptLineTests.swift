import Foundation
import FuzzSupport
import Testing

/// Ctrl-C to a headless `hubsim run` or `hubsim check-app` says so in one line on standard error
/// (what was interrupted, that the programs were stopped, what was not written) before hubsim
/// dies of the signal, which a shell reports as 130: nothing printed would read as a hang.
@Suite(.offThePool) struct InterruptLineTests {
    /// A program that makes `marker` and then never answers, its time limit far away: the
    /// longest an entry may have (600 s), as the test interrupts it. With 60 s, a runner that
    /// resumed the test more than a minute after the program started found the run ended by the
    /// limit, not by the signal.
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
        let sleeper = directory.appendingPathComponent("sleeper.py").path
        let end = try await Self.interrupt(["check-app", "--serial", "--transition", "check-in", "--timeout", "600000",
                                            "--junit", junit, "--", "python3", sleeper, marker],
                                           in: directory, startedWhen: marker)
        #expect(end.signal == SIGINT, "\(end)")
        #expect(end.stderr == "hubsim check-app: interrupted by SIGINT (Ctrl-C); every program it started was stopped; no table printed and no --junit file written (\(junit))\n")
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
            exec: [python3, \(directory.appendingPathComponent("sleeper.py").path), \(marker)]
            timeout: 600s
        steps:
          - enroll: {group: FRONTLINE, user: stage, password: stage}
          - launch: sleeper
        """.write(to: directory.appendingPathComponent("sleeper.yaml"), atomically: true, encoding: .utf8)
        let end = try await Self.interrupt(["run", directory.appendingPathComponent("sleeper.yaml").path], in: directory, startedWhen: marker)
        #expect(end.signal == SIGINT, "\(end)")
        #expect(end.stderr == "hubsim run: interrupted by SIGINT (Ctrl-C); every program it started was stopped; no report printed\n")
    }

    static func folder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-line-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try sleeper.write(to: directory.appendingPathComponent("sleeper.py"), atomically: true, encoding: .utf8)
        return directory
    }

    /// What became of an interrupted hubsim: the signal that ended it (nil if it exited), its
    /// status as a shell gives it, and its standard error.
    struct Interrupted: CustomStringConvertible {
        var signal: Int32?
        var status: Int32
        var stderr: String
        var description: String { "status \(status), standard error: \(stderr)" }
    }

    /// Runs hubsim with `arguments` (its outputs to files in `directory`; `blocking` blocked in
    /// the mask it starts with), sends `signal` once the program made `marker`, and gives its
    /// end and its standard error. The exit is taken by a
    /// thread of its own (`ChildExit`), not by Foundation's `Process`, whose wait can miss a
    /// child's exit under parallel tests on Linux (`Subprocess`); nothing reads a pipe until
    /// hubsim has ended.
    static func interrupt(_ arguments: [String], in directory: URL, startedWhen marker: String,
                          with signal: Int32 = SIGINT, blocking: [Int32] = []) async throws -> Interrupted {
        let errors = directory.appendingPathComponent("hubsim.err").path, report = directory.appendingPathComponent("hubsim.out").path
        let environment = ProcessInfo.processInfo.environment.merging(["HUBSIM_TEST_TENANTS": "1"]) { $1 }
        let pid = try Subprocess.spawn([try HubsimBinary.path()] + arguments, environment: environment,
                                       output: report, errors: errors, blocking: blocking)
        let exit = ChildExit(of: pid)
        func stderr() -> String { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }
        // Ends it, whatever happens to the test.
        func stop() async throws {
            kill(pid, SIGKILL)
            _ = try await exit.wait(before: Date().addingTimeInterval(60))
        }
        _ = try await Poll.until(Date().addingTimeInterval(30)) {
            FileManager.default.fileExists(atPath: marker) || exit.ended != nil
        }
        guard FileManager.default.fileExists(atPath: marker) else {
            try await stop()
            Issue.record("the program never started: \(stderr())")
            return Interrupted(signal: nil, status: -1, stderr: "")
        }
        // Ended already: the interrupt would find nothing to interrupt. Said with what hubsim
        // printed, so that a run that ended by itself is not read as a lost signal.
        if let status = exit.status {
            let printed = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            Issue.record("hubsim ended by itself before the interrupt (status \(ChildExit.shellStatus(status))): \(printed)\(stderr())")
            return Interrupted(signal: nil, status: ChildExit.shellStatus(status), stderr: stderr())
        }
        kill(pid, signal)
        guard try await exit.wait(before: Date().addingTimeInterval(60)), let status = exit.status else {
            try await stop()
            Issue.record("hubsim did not end after signal \(signal)")
            return Interrupted(signal: nil, status: -1, stderr: "")
        }
        return Interrupted(signal: ChildExit.signal(status), status: ChildExit.shellStatus(status), stderr: stderr())
    }
}
