import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// Idle cost for lessons (Docs/performance.md): the simulated clock stands still while a lesson plays, so a lesson
/// (and its picker) tells the terminal to sleep until the next input instead of waking four
/// times a second to paint nothing.
@Suite struct LessonIdleTests {
    @Test func aPlayingLessonSleepsUntilTheNextInput() throws {
        var p = try LessonTests.player().advanced(to: 1)
        #expect(p.model.device.state.kind == .checkedIn)
        let frame = p.render(width: 80, height: 24)
        #expect(p.secondsUntilTimedChange(shown: frame) == nil)
        #expect(p.secondsUntilTimedChange(shown: nil) == nil)
        // A tick (a spurious wake-up) changes nothing: neither the clock nor the frame.
        let before = p.model.device.now
        #expect(p.handle(.tick(1), shown: frame) == .unchanged)
        #expect(p.model.device.now == before && p.render(width: 80, height: 24) == frame)
    }

    @Test func theClassesTurnSleepsToo() throws {
        var p = try LessonTests.player().advanced(to: 1)
        let waits = p.letThemTry()
        #expect(waits && p.isWaiting)
        #expect(p.secondsUntilTimedChange(shown: p.render(width: 80, height: 24)) == nil)
    }

    @Test func thePickerAndTheSessionSleep() throws {
        let lesson = try LessonTests.parse(LessonTests.walk)
        let deps = EngineDependencies.seeded(hasher: Fixtures.hasher)
        let picking = LessonSession(picking: [lesson], dependencies: deps, theme: .mono, width: 80, height: 24)
        #expect(picking.secondsUntilTimedChange(shown: picking.render(width: 80, height: 24)) == nil)
        let playing = LessonSession(playing: lesson, dependencies: deps, theme: .mono, width: 80, height: 24)
        #expect(playing.player != nil)
        #expect(playing.secondsUntilTimedChange(shown: playing.render(width: 80, height: 24)) == nil)
    }
}
