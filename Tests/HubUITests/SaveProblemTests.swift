import SessionEngine
import Testing
@testable import HubUI

/// A failed save is on screen at once (the status line and the event log), quitting says what
/// would be lost instead of "saved as it is", and a save that succeeds again clears both.
/// The store's side, on a real full file system: `FullDiskTests` (DeviceStoreTests).
@Suite struct SaveProblemTests {
    @Test func aFailedSaveShowsAtOnceAndQuittingSaysWhatIsLost() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        let entries = m.device.log.entries.count
        m.noteSave(.failed(reason: "disk full"))
        #expect(m.screen().contains("NOT SAVED: disk full (since 08:00:"))
        let last = m.device.log.entries.last
        #expect(m.device.log.entries.count == entries + 1)
        #expect(last?.kind == .storage && last?.text.hasPrefix("NOT SAVED: disk full") == true)
        // Repeated failures write no more lines.
        m.noteSave(.failed(reason: "disk full"))
        #expect(m.device.log.entries.count == entries + 1 && m.saveProblem?.failures == 2)
        // An idle tick is painted and the loop wakes within the retry interval.
        #expect(m.handle(.tick(0.1)) == .none)
        #expect((m.secondsUntilTimedChange(shown: nil) ?? .infinity) <= HubModel.saveRetryInterval)
        _ = m.handle(.key(.function(10)))
        #expect(m.confirmation?.kind == .quit)
        let screen = m.screen()
        #expect(!screen.contains("The device is saved as it is"))
        #expect(screen.contains("NOT SAVED since") && screen.contains("quitting now loses"))
        m.press("n")

        m.noteSave(.saved)
        #expect(m.saveProblem == nil && !m.screen().contains("NOT SAVED"))
        #expect(m.device.log.entries.last?.text.hasPrefix("saved again after 2 failed save(s)") == true)
        _ = m.handle(.key(.function(10)))
        #expect(m.screen().contains("The device is saved as it is"))
    }

    /// Quitting asks while saves fail even before the walk has done anything (it would
    /// otherwise quit at once), and even under `--no-confirm`.
    @Test func quittingAlwaysAsksWhileSavesFail() {
        var m = Fixtures.model()
        m.confirmsActions = false
        m.noteSave(.failed(reason: "disk full"))
        #expect(m.handle(.key(.function(10))) == .none)
        #expect(m.confirmation?.kind == .quit)
        #expect(m.handle(.key(.char("y"))) == .quit)
        // An --ephemeral device has nothing to save.
        var e = Fixtures.model()
        e.keepsDevice = false
        e.noteSave(.failed(reason: "disk full"))
        #expect(e.handle(.key(.function(10))) == .quit)
    }

    /// Without a failure an idle tick still costs nothing (0 bytes while idle).
    @Test func anIdleTickWithoutAFailureChangesNothing() {
        var m = Fixtures.model()
        m.noteSave(.saved)
        #expect(m.saveProblem == nil)
        #expect(m.handle(.tick(0.1)) == .unchanged)
    }
}
