import Testing
@testable import CursesTerminal

/// A clock the test moves by hand.
final class ManualTime: @unchecked Sendable {
    var seconds = 100.0
}

@Suite("Tick clock")
struct TickClockTests {
    @Test func aTimeoutIsATickWithTheElapsedTime() {
        let time = ManualTime()
        var clock = TickClock(interval: 0.25, now: { time.seconds })
        time.seconds += 0.25
        #expect(clock.timedOut() == .tick(0.25))
        time.seconds += 0.5
        #expect(clock.timedOut() == .tick(0.5))
    }

    @Test func steadyInputStillGetsATickEveryInterval() {
        let time = ManualTime()
        var clock = TickClock(interval: 0.25, now: { time.seconds })
        time.seconds += 0.1
        #expect(clock.dueTick() == nil)
        time.seconds += 0.1
        #expect(clock.dueTick() == nil)
        time.seconds += 0.1
        let elapsed = clock.dueTick()
        #expect(elapsed != nil && abs(elapsed! - 0.3) < 1e-9)
    }

    @Test func errorsThatDoNotWaitMeanTheTerminalIsGone() {
        let time = ManualTime()
        var clock = TickClock(interval: 0.25, now: { time.seconds })
        time.seconds += 0.25
        #expect(clock.timedOut() == .tick(0.25))
        for _ in 1..<TickClock.hangupCount {
            time.seconds += 0.001
            #expect(clock.timedOut() == .spurious)
        }
        time.seconds += 0.001
        #expect(clock.timedOut() == .hangup)
    }

    @Test func anInterruptedReadIsForgivenOnceInputWaitsAgain() {
        let time = ManualTime()
        var clock = TickClock(interval: 0.25, now: { time.seconds })
        time.seconds += 1.0 / 1024 // binary fractions keep the sums exact
        #expect(clock.timedOut() == .spurious)
        time.seconds += 0.25
        #expect(clock.timedOut() == .tick(0.25 + 1.0 / 1024))
    }
}
