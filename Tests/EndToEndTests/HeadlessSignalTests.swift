import Foundation
import FuzzSupport
import Testing

/// Ctrl-C to a headless run whose scenario started a developer's program: the program's whole
/// process group is killed before hubsim dies of the signal, even a program that ignores
/// SIGTERM and never answers (its process is in a session of its own: the terminal's Ctrl-C
/// never reaches it).
@Suite struct HeadlessSignalTests {
    @Test func anInterruptedRunLeavesNoProgramRunning() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("headless-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = "hubsim-headless-signal-\(UUID().uuidString.prefix(8))"
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
            exec: [python3, stubborn.py, \(marker)]
            timeout: 60s
        steps:
          - enroll: {group: FRONTLINE, user: stage, password: stage}
          - launch: stubborn
        """.write(to: directory.appendingPathComponent("stubborn.yaml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try HubsimBinary.path())
        process.arguments = ["run", "stubborn.yaml"]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["HUBSIM_TEST_TENANTS": "1"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The program has started when it has made its file (in the scenario's folder).
        let started = directory.appendingPathComponent(marker)
        _ = try await Poll.until(Date().addingTimeInterval(30)) {
            FileManager.default.fileExists(atPath: started.path) || !process.isRunning
        }
        guard FileManager.default.fileExists(atPath: started.path) else { Issue.record("the program never started"); process.terminate(); return }
        kill(process.processIdentifier, SIGINT)
        guard try await Poll.exit(of: process) else { Issue.record("hubsim did not end after SIGINT"); process.terminate(); return }
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        // No process is left with the program's command line.
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
