import DeviceStore
import Foundation
import FuzzSupport
import SessionEngine
import Testing

/// The real binary on a disk that fills mid-walk (a tmpfs the test mounts, `SmallDisk`): the
/// status line says NOT SAVED at once, the quit dialog says what would be lost instead of
/// "saved as it is", and once space is back the retry saves, so the next start resumes there.
@Suite("Reliability: a full disk on screen", .enabled(if: SmallDisk.isAvailable, "mounting a tmpfs needs root"), .offThePool)
struct FullDiskScreenTests {
    @Test func aFailingSaveIsOnScreenAndTheRetrySavesWhenSpaceComesBack() async throws {
        let disk = try SmallDisk(kilobytes: 4096)
        defer { disk.unmount() }
        let tmux = try await HubsimPane.start(arguments: ["--state-dir", disk.path, "--device", "till"] + HubsimPane.cheapTenant, width: 120, height: 40)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.enroll()
        try disk.fill()
        try await hub.checkOut("cou1")
        try await hub.waitFor("NOT SAVED: disk full")
        try tmux.send("F10")
        let dialog = try await hub.waitFor("Quit hubsim?")
        #expect(dialog.contains("NOT SAVED since"))
        #expect(!dialog.contains("saved as it is"))
        try tmux.send("Escape")
        try await tmux.waitUntil("the dialog to close", timeout: HubDriver.patience) { !$0.contains("Quit hubsim?") }
        disk.free()
        // Retried within `HubModel.saveRetryInterval` (5 s) with nothing typed.
        try await tmux.waitUntil("the status line to lose NOT SAVED", timeout: HubDriver.patience) { !$0.contains("NOT SAVED") }
        try await hub.quit()
        #expect(try await tmux.waitFor(HubsimPane.endMarker, timeout: HubDriver.patience).contains("EXIT=0"))
        let store = try DeviceStore.open(path: disk.path + "/till.sqlite")
        defer { try? store.close() }
        guard case let .enrolled(snapshot) = try store.loadForStart() else { Issue.record("not enrolled"); return }
        #expect(snapshot.state.user?.name == "cou1")
        #expect(snapshot.log.entries.contains { $0.kind == .storage && $0.text.hasPrefix("NOT SAVED: disk full") })
        #expect(snapshot.log.entries.contains { $0.kind == .storage && $0.text.hasPrefix("saved again") })
    }
}
