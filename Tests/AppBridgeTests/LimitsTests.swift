import AppBridge
import Foundation
import SessionEngine
import Testing

/// The smaller limits: a program that cannot start, a hung program swiped away, a chatty
/// standard error, notifications (Docs/bridge-protocol.md).
@Suite struct LimitsTests {
    @Test func aProgramThatCannotStartIsAnExitWithTheReason() throws {
        let app = AppDefinition(id: "ext", name: "Missing", sdk: .none, external: ExternalCommand(exec: ["hubsim-no-such-program"]))
        var device = BridgeFixtures.device([app])
        let bridge = FaultTests.bridge()
        defer { bridge.shutdown(&device) }
        _ = try device.launch("ext").get()
        bridge.settle(&device)
        guard case let .exited(status, _)? = FaultTests.health(device) else { Issue.record("not exited"); return }
        #expect(status.hasPrefix("could not start"))
        #expect(device.app("ext")?.lifecycle == .terminated)
    }

    @Test func aHungProgramSwipedAwayIsEnded() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("hang", "app/launch", timeout: 1000)])
        let bridge = FaultTests.bridge()
        _ = try device.launch("ext").get()
        bridge.settle(&device)
        #expect(FaultTests.health(device) == .hung("cold launch"))
        _ = try device.terminate("ext").get()
        bridge.settle(&device)
        #expect(BridgeFixtures.entries(device, .output) == ["stderr: not answering app/launch"])
        #expect(FaultTests.health(device) == .exited(status: "exit 0", lastLines: ["not answering app/launch"]))
        #expect(bridge.processIDs.isEmpty)
        #expect(device.app("ext")?.process?.exitsInARow == 0)
    }

    @Test func aChattyStandardErrorIsCountedNotKept() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("chatty")])
        let bridge = FaultTests.bridge()
        defer { bridge.shutdown(&device) }
        _ = try device.launch("ext").get()
        bridge.settle(&device)
        bridge.shutdown(&device)
        let output = BridgeFixtures.entries(device, .output)
        #expect(output.count == 101)
        #expect(output.last == "stderr: … 900 more lines of standard error not shown")
    }

    @Test func notificationsAreRunAndNeverAnswered() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("notify")])
        let bridge = FaultTests.bridge()
        defer { bridge.shutdown(&device) }
        _ = try device.launch("ext").get()
        bridge.settle(&device)
        #expect(device.app("ext")?.process?.screen == AppProcess.Screen(user: "cou1", items: [], lines: []))
        #expect(BridgeFixtures.entries(device, .process).contains("warning: unknown method 'foo/bar'"))
        #expect(FaultTests.health(device) == .running)
    }
}
