import AppBridge
import Foundation
import SessionEngine
import Testing

/// A child cannot hurt hubsim (Docs/bridge-protocol.md, "Limits and faults"): each fault with a
/// real child process, and the device going on beside it.
@Suite struct FaultTests {
    /// Short limits: the tests wait for time-outs and grace periods.
    static func bridge(graceMilliseconds: Int = 200) -> AppBridge {
        var options = BridgeOptions()
        options.graceMilliseconds = graceMilliseconds
        return AppBridge(options: options)
    }

    static func health(_ device: SharedDevice, _ app: AppID = "ext") -> AppProcess.Health? { device.app(app)?.process?.health }

    @Test func aHungAppIsReportedAndTheOthersGoOn() throws {
        let hung = BridgeFixtures.app("hang", "awcontroller/controllerDidFinishInitialCheck", id: "ext", timeout: 1000)
        var device = BridgeFixtures.device([hung, BridgeFixtures.app("good", id: "ok")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        let start = Date()
        bridge.settle(&device)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(Self.health(device) == .hung("controllerDidFinishInitialCheck(error: nil)"))
        #expect(BridgeFixtures.entries(device, .process).contains("health: hung: no answer to controllerDidFinishInitialCheck(error: nil)"))
        // The Hub goes on: another program is launched and answers while the first stays hung.
        _ = try bridge.apply(.launch("ok"), to: &device).result.get()
        bridge.settle(&device)
        #expect(Self.health(device, "ok") == .running)
        #expect(device.app("ok")?.process?.screen?.user == "cou1")
        #expect(Self.health(device) == .hung("controllerDidFinishInitialCheck(error: nil)"))
    }

    @Test func aCrashShowsTheStatusAndLastLinesAndTheNextLaunchIsCold() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("crash", "awcontroller/controllerDidFinishInitialCheck")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        let first = try #require(device.app("ext")?.process)
        guard case let .exited(status, lines) = first.health else { Issue.record("not exited: \(first.health)"); return }
        #expect(status == "exit 3")
        #expect(lines.suffix(2) == ["about to crash", "in awcontroller/controllerDidFinishInitialCheck"])
        #expect(device.app("ext")?.lifecycle == .terminated)
        #expect(bridge.processIDs["ext"] == nil)
        // Launched again: a new process, a cold start.
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(device.app("ext")!.log.filter { $0.kind == .process && $0.name == "started" }.count == 2)
    }

    @Test func afterThreeExitsInARowTheAppIsNotStartedAgain() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("crash", "app/launch")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        for _ in 0..<4 {
            _ = try bridge.apply(.launch("ext"), to: &device).result.get()
            bridge.settle(&device)
        }
        #expect(device.app("ext")!.log.filter { $0.kind == .process && $0.name == "started" }.count == 3)
        #expect(device.app("ext")?.process?.exitsInARow == 3)
        #expect(device.app("ext")?.process?.awaiting.isEmpty == true)
        #expect(bridge.processIDs.isEmpty)
    }

    @Test func aProcessThatExitsAtOnce() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("exit-at-once")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(Self.health(device) == .exited(status: "exit 7", lastLines: ["leaving at once"]))
        #expect(device.app("ext")?.lifecycle == .terminated)
    }

    @Test func garbageLinesGetParseErrorsAndWarnings() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("garbage", "3")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(Self.health(device) == .running)
        #expect(device.app("ext")!.log.filter { $0.kind == .process && $0.name == "warning" }.map(\.detail) == Array(repeating: "not JSON", count: 3))
    }

    @Test func tenGarbageLinesInARowFaultTheApp() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("garbage", "12")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        guard case let .faulted(reason)? = Self.health(device) else { Issue.record("not faulted: \(String(describing: Self.health(device)))"); return }
        #expect(reason.hasPrefix("10 protocol errors in a row"))
        #expect(device.app("ext")?.lifecycle == .terminated)
        #expect(bridge.processIDs.isEmpty)
    }

    @Test func anUnknownMethodGetsMethodNotFound() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("unknown-method")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(BridgeFixtures.entries(device, .output).contains("stderr: error -32601"))
        #expect(BridgeFixtures.entries(device, .process).contains("warning: unknown method 'foo/bar'"))
        #expect(Self.health(device) == .running)
    }

    @Test func badParamsGetInvalidParamsNamingTheField() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("bad-params")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        // The answer says what is wrong; the pane's warning names the call, once.
        #expect(BridgeFixtures.entries(device, .output).contains("stderr: error -32602 'key' is missing"))
        #expect(BridgeFixtures.entries(device, .process).contains("warning: storage/put: 'key' is missing"))
        #expect(BridgeFixtures.entries(device, .output).contains("stderr: storage/put: a key is 1 to 64 letters, digits, '-', '_' or '.'"))
        let lines = BridgeFixtures.entries(device, .output) + BridgeFixtures.entries(device, .process)
        #expect(!lines.contains { $0.contains("storage/put: storage/put:") }, "\(lines)")
        #expect(Self.health(device) == .running)
    }

    /// A program that closes its standard output can answer nothing more: it is not "hung" (it
    /// is not slow, it is deaf to hubsim), and it is stopped with a line that says so.
    @Test func aProgramThatClosesItsOutputIsNotCalledHung() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("close-output", timeout: 5000)])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        let start = Date()
        bridge.settle(&device)
        #expect(Date().timeIntervalSince(start) < 4)
        #expect(Self.health(device) == .faulted("closed its standard output and went on running: it can answer nothing more"))
        #expect(!BridgeFixtures.entries(device, .process).contains { $0.contains("hung") })
        #expect(bridge.processIDs["ext"] == nil)
    }

    @Test func aLineOverTheLimitFaultsAndStopsTheApp() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("long-line")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(Self.health(device) == .faulted("a line over 1048576 bytes"))
        #expect(bridge.processIDs.isEmpty)
    }

    @Test func aFloodFaultsAndStopsTheApp() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("flood")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(Self.health(device) == .faulted("flood: more than 1000 messages in a second"))
        #expect(bridge.processIDs.isEmpty)
    }

    @Test func anotherProtocolVersionIsOneLine() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("version")])
        let bridge = Self.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(Self.health(device) == .faulted("speaks bridge protocol 2, hubsim speaks 1"))
    }

    @Test func terminateClosesStandardInputAndTheExitIsExpected() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("stdin-closed")])
        let bridge = Self.bridge()
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        _ = try bridge.apply(.terminate("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(Self.health(device) == .exited(status: "exit 0", lastLines: ["stdin closed"]))
        #expect(BridgeFixtures.entries(device, .process).contains("ended: exit 0"))
        #expect(device.app("ext")?.process?.exitsInARow == 0)
    }

    @Test func aChildIgnoringSIGTERMIsKilledWithItsProcessGroup() async throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("ignore-term")])
        // A grace a loaded machine can keep: 200 ms after SIGKILL was once too short for the end to
        // be seen (four busy loops beside the suite), and the test is about the group, not the grace.
        let bridge = Self.bridge(graceMilliseconds: 500)
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        let pid = try #require(bridge.processIDs["ext"])
        let line = try #require(BridgeFixtures.entries(device, .output).first { $0.hasPrefix("stderr: grandchild ") })
        let grandchild = try #require(Int32(line.dropFirst("stderr: grandchild ".count)))
        let start = Date()
        bridge.shutdown(&device)
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(Self.health(device) == .exited(status: "killed by SIGKILL", lastLines: ["grandchild \(grandchild)"]))
        #expect(try await Processes.goneOrZombieOfAnother(grandchild))
        #expect(try await Processes.reaped(pid))
    }
}

/// What /proc says of a process: whether it is gone, and no zombie of ours is left.
enum Processes {
    /// The process's state letter, nil when it is gone.
    static func state(_ pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].first
    }

    /// Waits up to two seconds for `pid` to be gone (reaped by swift-subprocess, which does it on
    /// the global pool once the bridge's caller lets go: the wait sleeps as a task, so it holds
    /// none of the pool's threads).
    static func reaped(_ pid: Int32) async throws -> Bool {
        try await within(2) { state(pid) == nil }
    }

    /// A grandchild was killed: gone, or a zombie waiting for whatever adopted it (not hubsim's).
    static func goneOrZombieOfAnother(_ pid: Int32) async throws -> Bool {
        try await within(2) {
            let s = state(pid)
            return s == nil || s == "Z"
        }
    }

    /// Whether `condition` holds within `seconds`, looked at every 20 ms.
    static func within(_ seconds: Double, _ condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }
}
