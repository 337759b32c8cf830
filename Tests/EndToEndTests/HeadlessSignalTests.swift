import Foundation
import FuzzSupport
import Testing

/// Ctrl-C to a headless run whose scenario started a developer's program: the program's whole
/// process group is killed before hubsim dies of the signal, even a program that ignores
/// SIGTERM and never answers (its process is in a session of its own: the terminal's Ctrl-C
/// never reaches it).
@Suite(.offThePool) struct HeadlessSignalTests {
    @Test func anInterruptedRunLeavesNoProgramRunning() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("headless-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The program has started when it has made its file; its name is the mark of its processes.
        let marker = directory.appendingPathComponent("hubsim-headless-signal-\(UUID().uuidString.prefix(8))").path
        // The program's time limit is the longest an entry may have: the test interrupts it
        // (InterruptLineTests.sleeper says why not 60 s).
        try """
        import signal, time, sys
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        open(sys.argv[1], "w").close()
        time.sleep(600)  # runs until interrupted: the subject
        """.write(to: directory.appendingPathComponent("stubborn.py"), atomically: true, encoding: .utf8)
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
        """.write(to: directory.appendingPathComponent("stubborn.yaml"), atomically: true, encoding: .utf8)
        let end = try await InterruptLineTests.interrupt(["run", directory.appendingPathComponent("stubborn.yaml").path],
                                                         in: directory, startedWhen: marker)
        #expect(end.signal == SIGINT, "\(end)")
        // No process is left with the program's command line.
        let left = try Self.processes(containing: marker)
        #expect(left.isEmpty, "still running: \(left)")
    }

    /// A parent may start hubsim with quit signals blocked: a Foundation `Process` started from
    /// one of the Swift runtime's threads passes on that thread's mask, SIGINT and SIGTERM among
    /// them. SIGTERM still ends the run, its program first, and says so.
    @Test func aRunStartedWithQuitSignalsBlockedStillEndsOnSIGTERM() async throws {
        let directory = NSTemporaryDirectory() + "headless-blocked-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let marker = "hubsim-headless-blocked-\(UUID().uuidString.prefix(8))"
        try """
        import signal, time, sys
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        open(sys.argv[1], "w").close()
        time.sleep(600)  # runs until hubsim ends it: the subject
        """.write(toFile: directory + "/stubborn.py", atomically: true, encoding: .utf8)
        try """
        name: stubborn
        profile: workspace-one
        tenant: \(HubsimPane.testTenant)
        apps:
          - id: stubborn
            exec: [python3, stubborn.py, \(marker)]
            timeout: 600s
        steps:
          - enroll: {group: FRONTLINE, user: stage, password: stage}
          - launch: stubborn
        """.write(toFile: directory + "/stubborn.yaml", atomically: true, encoding: .utf8)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, directory + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, directory + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let environment = ProcessInfo.processInfo.environment.merging(["HUBSIM_TEST_TENANTS": "1"]) { $1 }
        let pid = try Subprocess.spawn([try HubsimBinary.path(), "run", directory + "/stubborn.yaml"], environment: environment,
                                       actions: &actions, blocking: [SIGINT, SIGTERM])
        let exit = ChildExit(of: pid)
        // The program has started when it has made its file (in the scenario's folder).
        guard try await Poll.until(Date().addingTimeInterval(30), { FileManager.default.fileExists(atPath: directory + "/" + marker) }) else {
            kill(pid, SIGKILL)
            Issue.record("the program never started")
            return
        }
        kill(pid, SIGTERM)
        guard try await Poll.until(Date().addingTimeInterval(30), { exit.status != nil }) else {
            kill(pid, SIGKILL)
            Issue.record("hubsim did not end after SIGTERM: the blocked signal stayed pending")
            return
        }
        #expect(exit.status.map { $0 & 0x7F } == SIGTERM, "wait status \(exit.status ?? 0)")
        let stderr = (try? String(contentsOfFile: directory + "/err", encoding: .utf8)) ?? ""
        #expect(stderr.hasPrefix("hubsim run: interrupted by SIGTERM"), "\(stderr)")
        let left = try Self.processes(containing: marker)
        #expect(left.isEmpty, "still running: \(left)")
    }

    /// Pids whose command line contains `text`.
    static func processes(containing text: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { Int($0) != nil }.filter { pid in
            guard let line = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return false }
            return line.contains(text)
        }
    }
}
