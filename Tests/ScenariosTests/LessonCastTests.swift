import Configuration
import Foundation
import HubUI
import Testing
@testable import Scenarios

/// `hubsim lesson --headless NAME --cast` (and `hubsim run LESSON.yaml --cast`): a lesson
/// rendered into an asciicast, the narration panel as the class sees it, never a secret.
@Suite struct LessonCastTests {
    static func times(_ cast: Asciicast) throws -> [Double] {
        try cast.lines.dropFirst().map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any])[0] as? Double ?? -1 }
    }

    @Test func theCrossAppSignOnLessonCastsOneScreenPerStepWithItsPanel() throws {
        let runner = Fixtures.runner()
        let file = try #require(BundledAssets.lessonFiles().first { $0.name == "entra-cross-app-sign-on" })
        let lesson = try runner.lessons.load(.bundled(file))
        let (result, cast) = runner.cast(lesson, pace: 0.5, width: 100, height: 30, timestamp: 1_795_000_000)
        #expect(result.passed)
        try CastCheck.check(cast.text, width: 100, height: 30, secrets: [])
        // The ready screen at 0, then one per step (10), half a second apart: each changes the panel.
        #expect(try Self.times(cast) == (0...10).map { Double($0) * 0.5 })
        #expect(cast.lines[0].contains("\"title\": \"hubsim lesson: Entra cross-app sign-on (entra-ios)\""))
        // The panel as the class sees it (the first frame is drawn whole, the others as changes).
        #expect(cast.lines[1].contains("Ready: Entra cross-app sign-on"))
        #expect(cast.lines[1].contains("The device waits for its first user"))
        #expect(cast.text.contains("A red LEAK"))
    }

    @Test func aLessonWithATypedPasswordNeverShowsIt() throws {
        let lesson = try LessonParser(scenarios: Fixtures.parser()).parse("""
            lesson: A typed password
            profile: workspace-one
            apps: [notes]
            steps:
              - title: Staged
                do:
                  - press: "FRONTLINE<Enter>stage<Enter>stage<Enter>"
                check:
                  - expect: {state: checkedIn}
              - title: A wrong password is typed
                do:
                  - press: "FRONTLINE<Enter>cou1<Enter>Hunter2Secret<Enter>"
                check:
                  - expect: {state: checkedIn, notOnScreen: Hunter2Secret}
                watch: The Hub refuses; the password was never drawn.
              - title: Why it never shows
                why: The Hub draws a password as dots; a cast holds what was drawn.
            """, file: "typed.yaml")
        let (result, cast) = Fixtures.runner().cast(lesson, pace: 1, width: 80, height: 24)
        #expect(result.passed, "\(result.steps.compactMap(\.failure))")
        try CastCheck.check(cast.text, width: 80, height: 24, secrets: ["Hunter2Secret", "Hunter2"])
        #expect(try Self.times(cast) == [0, 1, 2, 3])
        #expect(!cast.lines[0].contains("timestamp"))
    }

    @Test func runCastsALessonFileByTheSameCodePath() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = Fixtures.write(LessonTests.walk, "walk.yaml", in: dir)
        let (report, cast) = Fixtures.runner().cast(file: file, displayPath: "walk.yaml", pace: 2, width: 80, height: 24, timestamp: nil)
        #expect(report.exitStatus == 0)
        let recording = try #require(cast)
        try CastCheck.check(recording.text, width: 80, height: 24)
        #expect(recording.lines[0].contains("hubsim lesson: A test lesson"))
        #expect(try Self.times(recording) == [0, 2, 4, 6, 8])
    }
}
