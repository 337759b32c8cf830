import Configuration
import Foundation
import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// The part-B presets' screens at 80x24 (Docs/faults.md), as `hubsim race NAME` shows them
/// when "Show me" has played the race up to its consequence: what the person should see.
@Suite struct RaceScreenTests {
    /// Each preset, and how many of its race steps "Show me" plays before the screen is kept.
    static let moments: [(name: String, steps: Int)] = [
        ("broker-interrupted-by-check-in", 3),
        ("network-lost-during-check-out", 1),
        ("inactivity-lock-during-token-prompt", 2),
        ("check-in-while-suspended-with-unsaved-data", 1),
        ("account-removed-behind-sdk", 1),
    ]

    @Test(arguments: moments.map(\.name)) func thePresetShowsItsConsequence(_ name: String) throws {
        let file = try #require(BundledAssets.raceFiles().first { $0.name == name })
        let race = try RaceParser(scenarios: Fixtures.parser()).load(.bundled(file))
        var session = LessonSession(playing: race.lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                                    theme: .mono, width: 80, height: 24, wording: .races)
        let steps = try #require(Self.moments.first { $0.name == name }?.steps)
        for _ in 0..<steps { _ = session.handle(.key(.right), shown: nil) }
        let player = try #require(session.player)
        #expect(player.results.joined().allSatisfy { $0.failure == nil }, "\(name)")
        CompareGolden.check("race-\(name)-80x24", session.render(width: 80, height: 24))
    }
}
