import Synchronization
import Testing

/// The inputs each walk of a run really fed, as `RandomWalk` counted them (one per input the
/// frame loop handed to the model), recorded as each walk ends.
enum WalkTally {
    struct Entry: Sendable {
        var label: String
        var seed: UInt64
        var inputs: Int
    }

    private static let entries = Mutex<[Entry]>([])

    static func record(_ config: WalkConfig, inputs: Int) {
        entries.withLock { $0.append(Entry(label: config.label, seed: config.seed, inputs: inputs)) }
    }

    static var recorded: [Entry] { entries.withLock { $0 } }

    /// What a run's tally says against its plan: problems when every planned walk ran and
    /// together they fed fewer than `minimum` inputs or repeated a seed; nil (nothing to
    /// judge) when a filter ran only some of them.
    static func problems(_ entries: [Entry], planned: Int, minimum: Int) -> [String]? {
        guard entries.count == planned else { return nil }
        var out: [String] = []
        let total = entries.reduce(0) { $0 + $1.inputs }
        if total < minimum { out.append("the \(planned) walks fed \(total) inputs in all, fewer than \(minimum)") }
        if Set(entries.map(\.seed)).count != entries.count { out.append("two walks ran with the same seed") }
        return out
    }
}

/// A trait of the random-input suite: once all its tests have run, the inputs its walks fed,
/// counted as they were fed, add up to at least `minimum`.
struct FeedsAtLeast: SuiteTrait, TestScoping {
    var minimum: Int
    /// The walks a whole run has (not named in the suite's attribute, which cannot refer to
    /// the suite it is attached to).
    var planned: Int { RandomInputTests.walks.count }

    var isRecursive: Bool { false }

    /// Around the suite only, not around each of its tests.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? self : nil
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await function()
        let entries = WalkTally.recorded
        let total = entries.reduce(0) { $0 + $1.inputs }
        guard let problems = WalkTally.problems(entries, planned: planned, minimum: minimum) else {
            // Said, not skipped silently: a filtered run checks the walks it ran, not the total.
            print("random walks: \(entries.count) of \(planned) ran (filtered), \(total) inputs; the total of \(minimum) is checked when all run")
            return
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
        if problems.isEmpty { print("random walks: \(entries.count) walks fed \(total) inputs") }
    }
}

extension Trait where Self == FeedsAtLeast {
    /// The suite's walks feed at least `minimum` inputs in all, counted as they are fed.
    static func feedsAtLeast(_ minimum: Int) -> Self {
        FeedsAtLeast(minimum: minimum)
    }
}

/// The tally's judgement can fail: too few inputs, a repeated seed; and says nothing of a
/// filtered run.
@Suite struct WalkTallyTests {
    static func entry(_ seed: UInt64, _ inputs: Int) -> WalkTally.Entry { .init(label: "walk \(seed)", seed: seed, inputs: inputs) }

    @Test func enoughInputsFromDistinctSeedsPass() {
        #expect(WalkTally.problems([Self.entry(1, 60_000), Self.entry(2, 40_000)], planned: 2, minimum: 100_000) == [])
    }

    @Test func tooFewInputsOrARepeatedSeedFail() {
        #expect(WalkTally.problems([Self.entry(1, 60_000), Self.entry(2, 39_999)], planned: 2, minimum: 100_000)
                == ["the 2 walks fed 99999 inputs in all, fewer than 100000"])
        #expect(WalkTally.problems([Self.entry(1, 60_000), Self.entry(1, 40_000)], planned: 2, minimum: 100_000)
                == ["two walks ran with the same seed"])
    }

    @Test func aFilteredRunIsNotJudged() {
        #expect(WalkTally.problems([Self.entry(1, 6_250)], planned: 16, minimum: 100_000) == nil)
    }
}
