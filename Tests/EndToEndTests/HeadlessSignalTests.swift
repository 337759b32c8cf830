import Foundation
import FuzzSupport
import Testing

/// Ctrl-C to a headless run whose scenario started a developer's program: the program's whole
/// process group is killed before hubsim dies of the signal, even a program that ignores
/// SIGTERM and never answers (its process is in a session of its own: the terminal's Ctrl-C
/// never reaches it).
@Suite(.offThePool) struct HeadlessSignalTests {
    @Test func anInterruptedRunLeavesNoProgramRunning() async throws {
        let (directory, scenario, marker) = try Self.stubbornRun()
        defer { try? FileManager.default.removeItem(at: directory) }
        let end = try await InterruptLineTests.interrupt(["run", scenario], in: directory, startedWhen: marker)
        #expect(end.signal == SIGINT, "\(end)")
        // No process is left with the program's command line.
        let left = try Self.processes(containing: marker)
        #expect(left.isEmpty, "still running: \(left)")
    }

    /// A parent may start hubsim with quit signals blocked: a Foundation `Process` started from
    /// one of the Swift runtime's threads passes on that thread's mask, SIGINT and SIGTERM among
    /// them. SIGTERM still ends the run, its program first, and says so.
    @Test func aRunStartedWithQuitSignalsBlockedStillEndsOnSIGTERM() async throws {
        let (directory, scenario, marker) = try Self.stubbornRun()
        defer { try? FileManager.default.removeItem(at: directory) }
        let end = try await InterruptLineTests.interrupt(["run", scenario], in: directory, startedWhen: marker,
                                                         with: SIGTERM, blocking: [SIGINT, SIGTERM])
        #expect(end.signal == SIGTERM, "\(end)")
        #expect(end.stderr.hasPrefix("hubsim run: interrupted by SIGTERM"), "\(end)")
        let left = try Self.processes(containing: marker)
        #expect(left.isEmpty, "still running: \(left)")
    }

    /// A folder with a scenario whose program ignores SIGTERM and never answers: the folder, the
    /// scenario's path, and the file the program makes once started (its name marks its processes).
    static func stubbornRun() throws -> (directory: URL, scenario: String, marker: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("headless-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let marker = directory.appendingPathComponent("hubsim-headless-signal-\(UUID().uuidString.prefix(8))").path
        // The program's time limit is the longest an entry may have: the test interrupts it
        // (InterruptLineTests.sleeper says why not 60 s).
        try """
        import signal, time, sys
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        open(sys.argv[1], "w").close()
        time.sleep(600)  # runs until interrupted: the subject
        """.write(to: directory.appendingPathComponent("stubborn.py"), atomically: true, encoding: .utf8)
        let scenario = directory.appendingPathComponent("stubborn.yaml")
        try """
        name: stubborn
        profile: workspace-one
        tenant: \(HubsimPane.testTenant)
        apps:
          - id: stubborn
            exec: [python3, \(directory.appendingPathComponent("stubborn.py").path), \(marker)]
            timeout: 600s
        steps:
          - enroll: {group: FRONTLINE, user: stage, password: stage}
          - launch: stubborn
        """.write(to: scenario, atomically: true, encoding: .utf8)
        return (directory, scenario.path, marker)
    }

    /// Pids whose command line contains `text`.
    static func processes(containing text: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { Int($0) != nil }.filter { pid in
            guard let line = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return false }
            return line.contains(text)
        }
    }
}
