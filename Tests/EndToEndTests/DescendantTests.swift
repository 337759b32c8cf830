import Foundation
import FuzzSupport
import Testing

/// Nothing a developer's program starts outlives hubsim (Docs/bridge-protocol.md, "Starting
/// and stopping"): `daemon_app.py` starts a daemon with a double fork and `setsid` (a session
/// and a process group of its own, its parent gone, the program's output still open), and
/// after each way hubsim can end (a normal end, SIGINT, SIGTERM, SIGHUP, a crash) no process
/// with the test's tag is left, for `run`, `check-app` and the interactive session. And the
/// program's environment holds none of hubsim's secrets but the ones its entry gives.
@Suite("Nothing a program starts outlives hubsim", .offThePool)
struct DescendantTests {
    static let daemonApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BridgeApps/daemon_app.py").path

    enum Ending: String, CaseIterable, CustomStringConvertible {
        case normal, interrupt, terminate, hangUp, crash
        var description: String { rawValue }
        var signal: Int32? {
            switch self {
            case .normal: nil
            case .interrupt: SIGINT
            case .terminate: SIGTERM
            case .hangUp: SIGHUP
            case .crash: SIGSEGV
            }
        }
    }

    /// A folder of its own, and a tag no other test's processes carry.
    struct Setup {
        let folder: String
        let tag = "hubsim-daemon-\(UUID().uuidString.prefix(8))"
        init() throws {
            folder = NSTemporaryDirectory() + "hubsim-descendants-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        func remove() { try? FileManager.default.removeItem(atPath: folder) }
        /// The daemons that wrote their file (pids).
        func daemons() -> [Int32] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasPrefix("daemon-") }.compactMap { Int32($0.dropFirst("daemon-".count)) }
        }
    }

    /// hubsim's environment for these runs: secrets of the kinds hubsim reads, and a crash that
    /// skips the runtime's backtracer (slow to symbolicate on a busy machine).
    static let environment: [String: String] = [
        "HUBSIM_TEST_TENANTS": "1", "SWIFT_BACKTRACE": "enable=no",
        "HUBSIM_PASSWORD_STAGE": "stage", "HUBSIM_PIN_COU1": "2468", "HUBSIM_PASSCODE_COU1": "135790",
    ]

    /// Starts hubsim with `arguments`, its output to files in `directory` (a daemon holding a pipe
    /// must not block the test).
    static func spawn(_ arguments: [String], in directory: String) throws -> pid_t {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(Self.environment) { $1 }
        return try Subprocess.spawn([try HubsimBinary.path()] + arguments, environment: environment,
                                    output: directory + "/out", errors: directory + "/err")
    }

    static func waitFor(_ what: String, timeout: Double = 60, _ check: () -> Bool) async throws -> Bool {
        if try await Poll.until(Date().addingTimeInterval(timeout), check) { return true }
        Issue.record("timed out waiting for \(what)")
        return false
    }

    /// Ends hubsim as `ending` says (nothing for a normal end) and waits for it.
    static func end(_ pid: pid_t, _ ending: Ending) async throws -> Int32 {
        if let signal = ending.signal { kill(pid, signal) }
        let exit = ChildExit(of: pid)
        if try await !Poll.until(Date().addingTimeInterval(60), { exit.status != nil }) { kill(pid, SIGKILL); Issue.record("hubsim did not end") }
        return exit.status ?? 0
    }

    /// No process with the tag is left (a killed one may take a moment to go).
    static func expectNothingLeft(_ setup: Setup, _ context: String) async throws {
        var left: [String] = []
        let gone = try await Poll.until(Date().addingTimeInterval(5)) {
            // The program and its daemon (python3), not the tmux pane's shell that started hubsim.
            left = try HeadlessSignalTests.processes(containing: setup.tag).filter { pid in
                ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").hasPrefix("python3\0")
            }
            return left.isEmpty
        }
        if gone { return }
        Issue.record("\(context): still running: \(left)")
        for pid in left { if let pid = Int32(pid) { kill(pid, SIGKILL) } }
    }

    /// The run's scenario. The program's time limit is the longest an entry may have: the test
    /// ends a hung run itself, and a shorter limit (it was 60 s) ran out on a loaded runner
    /// before the test was resumed to look at the program, which hubsim had stopped by then.
    static func scenario(_ setup: Setup, hang: Bool) -> String {
        """
        name: daemon
        profile: workspace-one
        tenant: \(HubsimPane.testTenant)
        apps:
          - id: daemon
            exec: [python3, \(daemonApp), \(setup.tag), \(setup.folder)\(hang ? ", --hang-at-launch" : "")]
            env: {HUBSIM_PIN_COU2: "1357"}
            timeout: 600s
        steps:
          - enroll: {group: FRONTLINE, user: stage, password: stage}
          - launch: daemon
        """
    }

    @Test(arguments: Ending.allCases)
    func aRunEndsTheDaemon(ending: Ending) async throws {
        let setup = try Setup()
        defer { setup.remove() }
        try Self.scenario(setup, hang: ending != .normal).write(toFile: setup.folder + "/daemon.yaml", atomically: true, encoding: .utf8)
        let pid = try Self.spawn(["run", setup.folder + "/daemon.yaml"], in: setup.folder)
        if ending != .normal { guard try await Self.waitFor("the daemon", { !setup.daemons().isEmpty }) else { kill(pid, SIGKILL); return } }
        _ = try await Self.end(pid, ending)
        #expect(!setup.daemons().isEmpty, "the daemon never started")
        try await Self.expectNothingLeft(setup, "run, \(ending)")
    }

    @Test(arguments: Ending.allCases)
    func aCheckAppRunEndsTheDaemons(ending: Ending) async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let pid = try Self.spawn(["check-app", "--tenant", HubsimPane.testTenant, "--transition", "check-in", "--",
                                  "python3", Self.daemonApp, setup.tag, setup.folder] + (ending == .normal ? [] : ["--hang-at-launch"]),
                                 in: setup.folder)
        if ending != .normal { guard try await Self.waitFor("the daemon", { !setup.daemons().isEmpty }) else { kill(pid, SIGKILL); return } }
        _ = try await Self.end(pid, ending)
        #expect(!setup.daemons().isEmpty, "the daemon never started")
        try await Self.expectNothingLeft(setup, "check-app, \(ending)")
    }

    @Test(arguments: Ending.allCases)
    func theInteractiveSessionEndsTheDaemon(ending: Ending) async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral"] + HubsimPane.cheapTenant
                                        + ["--apps", "notes", "--app", "daemon=python3 \(Self.daemonApp) \(setup.tag) \(setup.folder)"],
                                        width: 120, height: 40, environment: ["SWIFT_BACKTRACE": "enable=no"])
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.enroll()
        try await hub.checkOut("cou1")
        try tmux.send("Tab", "Tab", "Enter")
        guard try await Self.waitFor("the daemon", { !setup.daemons().isEmpty }) else { return }
        if let signal = ending.signal {
            let hubsim = try #require(try HubsimPane.hubsimPID(tmux))
            kill(hubsim, signal)
        } else {
            try await hub.quit()
        }
        _ = try await tmux.waitFor(HubsimPane.endMarker)
        try await Self.expectNothingLeft(setup, "the interactive session, \(ending)")
    }

    /// The program and its daemon hold no secret of hubsim's but the one the entry's `env:` gives.
    @Test func aProgramGetsNoSecretItsEntryDoesNotGive() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        try Self.scenario(setup, hang: true).write(toFile: setup.folder + "/daemon.yaml", atomically: true, encoding: .utf8)
        let pid = try Self.spawn(["run", setup.folder + "/daemon.yaml"], in: setup.folder)
        do {
            try await Self.expectOnlyTheGivenSecret(setup)
        } catch {
            _ = try await Self.end(pid, .terminate)
            throw error
        }
        _ = try await Self.end(pid, .terminate)
    }

    /// The run's program and daemon, once the daemon is up: `HUBSIM_PIN_COU2` and the bridge's mark only.
    static func expectOnlyTheGivenSecret(_ setup: Setup) async throws {
        guard try await Self.waitFor("the daemon", { !setup.daemons().isEmpty }) else { return }
        let program = try #require(try HeadlessSignalTests.processes(containing: "daemon_app.py").first { pid in
            ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").contains(setup.tag)
        })
        for child in [program] + setup.daemons().map(String.init) {
            let environ = try String(contentsOfFile: "/proc/\(child)/environ", encoding: .utf8).split(separator: "\0").map(String.init)
            #expect(!environ.contains { $0.hasPrefix("HUBSIM_PASSWORD_") || $0.hasPrefix("HUBSIM_PASSCODE_") || $0.hasPrefix("HUBSIM_PIN_COU1") },
                    "\(environ.filter { $0.hasPrefix("HUBSIM_") })")
            #expect(environ.contains("HUBSIM_PIN_COU2=1357"))
            #expect(environ.contains { $0.hasPrefix("HUBSIM_BRIDGE_PROCESS=") })
        }
    }
}
