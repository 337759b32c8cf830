import Foundation
import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// `hubsim run SCENARIO --cast`: a scenario rendered headless into an asciicast.
@Suite struct ScenarioCastTests {
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenarios")

    @Test func theCoalescingScenarioCastsOneScreenPerStepAtThePace() throws {
        let runner = Fixtures.runner()
        let scenario = try runner.parser.load(contentsOf: Self.library.appendingPathComponent("ws1-coalescing.yaml"))
        let (result, cast) = runner.cast(scenario, pace: 0.5, width: 100, height: 30, timestamp: 1_795_000_000)
        #expect(result.passed)
        try CastCheck.check(cast.text, width: 100, height: 30)
        // The first screen at 0, then one per action step (11 of the 15), half a second apart.
        let times = try cast.lines.dropFirst().map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any])[0] as? Double }
        #expect(times.first == 0 && times.last == 5.5)
        #expect(cast.lines[0].contains("\"title\": \"hubsim: Workspace ONE callbacks coalesce (workspace-one)\""))
        #expect(cast.text.contains("controllerDidWipeCurrentUserData") || cast.text.contains("wipe"))
    }

    @Test func pressStepsAreCastKeyByKeyAndNeverShowTheSecret() throws {
        let scenario = try Fixtures.scenario("""
            profile: workspace-one
            steps:
              - press: "FRONTLINE<Enter>stage<Enter>stage<Enter>"
              - press: "FRONTLINE1<Enter>cou1<Enter>Hunter2Secret<Enter>"
              - expect: {state: checkedIn, notOnScreen: Hunter2Secret}
            """)
        let (result, cast) = Fixtures.runner().cast(scenario, pace: 1, width: 80, height: 24, timestamp: nil)
        #expect(result.passed)
        try CastCheck.check(cast.text, width: 80, height: 24, secrets: ["Hunter2Secret", "Hunter2", "Secret<"])
        // 1 first screen + 27 keys + the step's end, then 33 keys + the step's end (unchanged frames write nothing).
        #expect(cast.eventCount > 40)
        #expect(!cast.lines[0].contains("timestamp"))
    }

    @Test func aFailedStepEndsTheCastThere() throws {
        let scenario = try Fixtures.scenario("""
            profile: workspace-one
            steps:
              - goOffline
              - expect: {online: true}
              - goOnline
            """)
        let (result, cast) = Fixtures.runner().cast(scenario, pace: 2, width: 80, height: 24, timestamp: nil)
        #expect(!result.passed)
        let last = try #require(JSONSerialization.jsonObject(with: Data(cast.lines.last!.utf8)) as? [Any])
        #expect(last[0] as? Double == 2)
    }
}
