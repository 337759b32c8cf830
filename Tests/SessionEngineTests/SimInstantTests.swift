import Testing
@testable import SessionEngine

/// Time arithmetic cannot trap, whatever a file or a scenario put in a clock or a duration
/// (Docs/reliability.md: a corrupt `now_ms` ended the process with SIGILL).
@Suite("Reliability: time arithmetic")
struct SimInstantTests {
    static let end = SimInstant(milliseconds: .max)
    static let start = SimInstant(milliseconds: .min)

    @Test func addingSaturatesAtBothEnds() {
        #expect(Self.end.adding(seconds: 1) == Self.end)
        #expect(SimInstant(milliseconds: .max - 10).adding(seconds: 9.3e15) == Self.end)
        #expect(Self.start.adding(seconds: -1) == Self.start)
        #expect(SimInstant.shiftStart.adding(seconds: 1e300) == Self.end)
        #expect(SimInstant.shiftStart.adding(seconds: -Double.infinity) == Self.start)
        #expect(SimInstant.shiftStart.adding(seconds: .infinity) == Self.end)
    }

    @Test func addingNaNMovesNothing() {
        #expect(SimInstant.shiftStart.adding(seconds: .nan) == .shiftStart)
    }

    @Test func ordinaryAdditionIsExactToTheMillisecond() {
        #expect(SimInstant(milliseconds: 1_000).adding(seconds: 0.0015).milliseconds == 1_002)
        #expect(SimInstant(milliseconds: 1_000).adding(seconds: -1).milliseconds == 0)
    }

    @Test func secondsBetweenFarInstantsDoNotOverflow() {
        #expect(Self.end.seconds(since: Self.start) > 1.8e16)
        #expect(Self.start.seconds(since: Self.end) < -1.8e16)
        #expect(SimInstant(milliseconds: 5_500).seconds(since: SimInstant(milliseconds: 500)) == 5)
    }

    @Test func formattingExtremeDurationsAndInstantsDoesNotTrap() {
        #expect(formatDuration(seconds: .nan) == "0s")
        #expect(formatDuration(seconds: -.infinity) == "0s")
        #expect(formatDuration(seconds: 9.3e18) == formatDuration(seconds: 1e15))
        #expect(Self.end.description.count == 8)
        #expect(!Self.start.description.isEmpty)
    }

    @Test func plausibleTimesAreThoseADeviceCanReach() {
        #expect(SimInstant.shiftStart.isPlausible)
        #expect(SimInstant.latest.isPlausible)
        #expect(!SimInstant(milliseconds: -1).isPlausible)
        #expect(!SimInstant.latest.adding(seconds: 0.001).isPlausible)
        #expect(SimInstant.latest.milliseconds == 31_536_000_000_000)
    }
}
