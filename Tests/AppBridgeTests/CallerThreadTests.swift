@testable import AppBridge
import Dispatch
import SessionEngine
import Testing

/// The caller's own thread writes an event into the program and reads its answer
/// (Docs/performance.md, "Bridge"): no thread of the bridge's stands between them, so an event
/// costs the wake-ups of a pipe round trip and nothing more.
@Suite struct CallerThreadTests {
    @Test func anAnswerIsTakenInWhileTheBridgesOwnThreadIsBusy() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("good", timeout: 3000)])
        let bridge = AppBridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(device.app("ext")?.process?.health == .running)

        // The thread the standard error reader and the signals run on is held for the next events:
        // had the answers been read there, each would wait out the time limit and be called hung.
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        Task(executorPreference: BridgeExecutor.shared) {
            holding.signal()
            release.wait()
        }
        holding.wait()
        defer { release.signal() }
        let start = ContinuousClock.now
        for i in 0..<4 {
            if i % 2 == 0 { bridge.apply(.background("ext"), to: &device) } else { _ = try bridge.apply(.launch("ext"), to: &device).result.get() }
            bridge.settle(&device)
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        let process = try #require(device.app("ext")?.process)
        #expect(process.health == .running)
        #expect(process.awaiting.isEmpty)
        #expect(!BridgeFixtures.entries(device, .process).contains { $0.contains("hung") })
    }
}
