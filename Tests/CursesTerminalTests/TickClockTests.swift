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
        var clock = TickClock(now: { time.seconds })
        time.seconds += 0.25
        #expect(clock.timedOut(after: 0.25) == .tick(0.25))
        time.seconds += 0.5
        #expect(clock.timedOut(after: 0.25) == .tick(0.5))
    }

    @Test func inputCarriesTheTimeSinceTheLastTick() {
        let time = ManualTime()
        var clock = TickClock(now: { time.seconds })
        time.seconds += 0.125
        #expect(clock.input() == 0.125)
        time.seconds += 0.5
        #expect(clock.timedOut(after: 0.5) == .tick(0.5))
        time.seconds += 2
        #expect(clock.input() == 2)
    }

    /// The loop sleeps until the next displayed change, which may be a few milliseconds away:
    /// such a short wait is a tick, not a read that failed without waiting.
    @Test func aShortTimeoutThatRanOutIsATick() {
        let time = ManualTime()
        var clock = TickClock(now: { time.seconds })
        time.seconds += 1.0 / 256
        #expect(clock.timedOut(after: 1.0 / 256) == .tick(1.0 / 256))
        time.seconds += 1.0 / 1024
        #expect(clock.timedOut(after: 1.0 / 128) == .spurious)
    }

    @Test func errorsThatDoNotWaitMeanTheTerminalIsGone() {
        let time = ManualTime()
        var clock = TickClock(now: { time.seconds })
        time.seconds += 0.25
        #expect(clock.timedOut(after: 0.25) == .tick(0.25))
        for _ in 1..<TickClock.hangupCount {
            time.seconds += 0.001
            #expect(clock.timedOut(after: 0.25) == .spurious)
        }
        time.seconds += 0.001
        #expect(clock.timedOut(after: 0.25) == .hangup)
    }

    @Test func anInterruptedReadIsForgivenOnceInputWaitsAgain() {
        let time = ManualTime()
        var clock = TickClock(now: { time.seconds })
        time.seconds += 1.0 / 1024 // binary fractions keep the sums exact
        #expect(clock.timedOut(after: 0.25) == .spurious)
        time.seconds += 0.25
        #expect(clock.timedOut(after: 0.25) == .tick(0.25 + 1.0 / 1024))
    }
}
