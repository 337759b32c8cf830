import Configuration
import Foundation
import Testing
@testable import Scenarios

/// A lesson or a race naming a developer's program (an `exec:` app) is refused at load with
/// one line pointing at its `apps:`: the player steps back by restoring earlier states, which a
/// running program's memory cannot follow. Before, the lesson loaded, never started the program
/// and passed `launch:` with the pane reading "ext · not started".
@Suite struct LessonProgramTests {
    static let apps = """
        apps:
          - notes
          - id: store
            exec: [python3, store_app.py]
        """

    @Test func aLessonWithAProgramIsRefusedAtLoad() {
        let yaml = """
            lesson: The store app at a shift change
            profile: workspace-one
            \(Self.apps)
            steps:
              - title: cou1 opens the store
                do:
                  - enroll: {group: FRONTLINE, user: stage, password: stage}
                  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
                  - launch: store
            """
        let error = LessonTests.error(yaml)
        #expect(error?.description == "lesson.yaml:4:3: app 'store' is your own program (exec:): a lesson steps back to earlier states, which a running program cannot follow; play it with hubsim run, hubsim compare or --record, or give the lesson catalogue apps",
                "\(String(describing: error))")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func aRaceWithAProgramIsRefusedAtLoad() {
        let yaml = """
            race:
              title: The store app races the wipe
              source: "004 Workspace ONE SDK for iOS, shared devices"
              lookFor: "the store's orders"
            profile: workspace-one
            \(Self.apps)
            steps:
              - enroll: {group: FRONTLINE, user: stage, password: stage}
              - walk: "check out cou1"
              - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
            """
        let error = RaceTests.error(yaml)
        #expect(error?.hasPrefix("bad.yaml:7:3: app 'store' is your own program (exec:): a race steps back to earlier states") == true, "\(String(describing: error))")
    }
}
