import AppBridge
import SessionEngine
import Testing

/// A well-behaved program: started at cold launch, told every event in order, its calls answered
/// by the device's rules, its answers reported back (Docs/bridge-protocol.md, "A session").
@Suite struct HappyPathTests {
    @Test func coldLaunchHandshakeCallsAndAnswers() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("good")])
        let bridge = AppBridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        let process = try #require(device.app("ext")?.process)
        #expect(process.health == .running)
        #expect(process.awaiting.isEmpty)
        #expect(process.screen == AppProcess.Screen(user: "cou1", items: ["orders"], lines: []))
        #expect(process.pid != nil && bridge.processIDs["ext"] == process.pid)
        #expect(device.app("ext")!.storage.map(\.id) == ["orders"])
        #expect(BridgeFixtures.entries(device, .output).contains("stderr: hello from the app"))
    }

    @Test func wipeIsDeliveredAndTheAppDeletesItsData() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("good")])
        let bridge = AppBridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        bridge.apply(.openBroker, to: &device)
        _ = try bridge.apply(.logOut, to: &device).result.get()
        _ = try bridge.apply(.checkOut(group: "FRONTLINE", user: "cou2", password: Secret("cou2"), passcode: nil), to: &device).result.get()
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(device.app("ext")!.storage.isEmpty)
        #expect(device.app("ext")!.process?.screen?.user == nil)
        #expect(device.app("ext")!.process?.health == .running)
    }

    /// The SDK's optional callbacks reach a program that lists them in its `initialize` answer.
    @Test func aProgramThatImplementsTheDataAccessCallbacksIsToldOfTheLockAndTheUnlock() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("data-access")])
        let bridge = AppBridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        _ = try bridge.apply(.advanceClock(seconds: 3600), to: &device).result.get()
        bridge.settle(&device)
        _ = try bridge.apply(.unlock(Secret("cou1")), to: &device).result.get()
        bridge.settle(&device)
        #expect(BridgeFixtures.entries(device, .output).filter { $0.hasPrefix("stderr: told awcontroller/") } == [
            "stderr: told awcontroller/controllerDidFinishInitialCheck", "stderr: told awcontroller/controllerWillPromptForPasscode",
            "stderr: told awcontroller/controllerDidLockDataAccess", "stderr: told awcontroller/controllerDidUnlockDataAccess",
        ])
    }

    @Test func aLaunchRightAfterATerminateStartsAFreshProcess() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("good")])
        let bridge = AppBridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        let first = try #require(bridge.processIDs["ext"])
        _ = try bridge.apply(.terminate("ext"), to: &device).result.get()
        bridge.exchange(&device)
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(device.app("ext")?.process?.health == .running)
        #expect(device.app("ext")?.process?.awaiting.isEmpty == true)
        #expect(bridge.processIDs["ext"] != nil && bridge.processIDs["ext"] != first)
        #expect(device.app("ext")!.log.filter { $0.kind == .process && $0.name == "started" }.count == 2)
    }

    @Test func shutdownEndsTheProcessAsExpected() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("stdin-closed")])
        let bridge = AppBridge()
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        bridge.shutdown(&device)
        #expect(bridge.processIDs.isEmpty)
        guard case let .exited(status, lines)? = device.app("ext")?.process?.health else {
            Issue.record("not exited: \(String(describing: device.app("ext")?.process?.health))")
            return
        }
        #expect(status == "exit 0")
        #expect(lines.contains("stdin closed"))
    }
}
