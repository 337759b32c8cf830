import Configuration
import Foundation
import HubUI
import Platform
import SessionEngine
import Testing
@testable import Scenarios

/// Lessons (Docs/lessons.md): the format's refusals at file:line:column, the player's steps forward
/// and back (state restored exactly), the class's turn, and every shipped lesson played.
@Suite struct LessonTests {
    static let header = """
        lesson: A test lesson
        profile: workspace-one
        apps: [notes, forms]
        steps:

        """

    static func parse(_ yaml: String, file: String = "lesson.yaml") throws(ConfigError) -> Lesson {
        try LessonParser(scenarios: Fixtures.parser()).parse(yaml, file: file)
    }

    static func error(_ yaml: String) -> ConfigError? {
        do throws(ConfigError) { _ = try parse(yaml); return nil } catch { return error }
    }

    static let walk = header + """
          - title: Staged
            do:
              - enroll: {group: FRONTLINE, user: stage, password: stage}
            check:
              - expect: {state: checkedIn}
            watch: The lock screen.
            ref: 004 Device Enrollment
          - title: cou1 checks out
            try: type FRONTLINE, cou1, cou1
            do:
              - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
          - title: Notes starts
            try: Tab to Notes, Enter
            do:
              - launch: notes
            check:
              - expectApp: {app: notes, shows: cou1}
          - title: The end
            why: Only narration here.

        """

    static func player(_ yaml: String = walk) throws -> LessonPlayer {
        LessonPlayer(lesson: try parse(yaml), dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
    }

    // MARK: the format

    @Test func aLessonReadsItsStepsAndNarration() throws {
        let lesson = try Self.parse(Self.walk)
        #expect(lesson.name == "lesson")
        #expect(lesson.title == "A test lesson")
        #expect(lesson.steps.map(\.title) == ["Staged", "cou1 checks out", "Notes starts", "The end"])
        #expect(lesson.steps[0].ref == "004 Device Enrollment")
        #expect(lesson.steps[1].tryIt == "type FRONTLINE, cou1, cou1")
        #expect(lesson.steps[3].actions.isEmpty && lesson.steps[3].why == "Only narration here.")
        // The scenario a headless run reports: every do, then every check, in order.
        #expect(lesson.scenario.steps.map(\.label) == ["enroll stage", "expect state=checkedIn", "checkOut cou1", "launch notes", "expectApp notes"])
    }

    @Test(arguments: [
        (header + "  - title: x\n    wtach: y\n", 6, 5, "unknown key 'wtach' in a lesson step; valid keys: title, watch, why, ref, try, do, check"),
        (header + "  - watch: y\n", 5, 5, "a lesson step needs 'title'"),
        (header + "  - checkOut\n", 5, 5, "a lesson step is a mapping of title, watch, why, ref, try, do, check (start with '- title: …')"),
        (header + "  - title: x\n    do:\n      - expectNoLeak\n", 7, 9, "'expectNoLeak' checks something: put it under 'check' (do takes actions and press)"),
        (header + "  - title: x\n    check:\n      - launch: notes\n", 7, 9, "'launch notes' does something: put it under 'do' (check takes expect steps)"),
        (header + "  - title: x\n    try: do it\n", 6, 10, "a 'try' step needs a 'do' list: the actions the class is to do (the lesson waits for them)"),
        (header + "  - title: x\n    do:\n      - launch: mail\n", 7, 17, "unknown app 'mail'"),
        ("profile: workspace-one\nlesson: ''\nsteps: []\n", 2, 9, "lesson (its title) must not be empty"),
        ("lesson: A\nprofile: workspace-one\nsteps: []\n", 3, 8, "a lesson needs at least one step"),
        (header + "  - title: \(String(repeating: "x", count: 1001))\n", 5, 12, "title is 1,001 characters long; the limit is 1,000 characters"),
    ] as [(String, Int, Int, String)])
    func badLessonsAreRefusedAtTheirPosition(_ yaml: String, line: Int, column: Int, message: String) throws {
        let error = try #require(Self.error(yaml))
        #expect(error.file == "lesson.yaml")
        #expect((error.line, error.column) == (line, column), "\(error)")
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test func aLessonFileIsToldFromAScenarioByItsTitleKey() {
        #expect(LessonParser.isLesson(Self.walk, file: "a.yaml"))
        #expect(!LessonParser.isLesson("profile: workspace-one\nsteps: [checkIn]\n", file: "a.yaml"))
        #expect(!LessonParser.isLesson("- not a mapping", file: "a.yaml"))
    }

    // MARK: the player

    @Test func nextPerformsAStepAndBackRestoresTheStateExactly() throws {
        var p = try Self.player()
        #expect(p.position == 0 && p.model.device.state.kind == .unenrolled)
        let first = p.next()
        #expect(first.map(\.status) == [.passed, .passed, .passed])
        #expect(p.position == 1 && p.model.device.state.kind == .checkedIn)
        let atOne = p.render(width: 80, height: 24)
        // A try-it step pauses for the class; Space shows them instead.
        let paused = p.next()
        #expect(paused.isEmpty && p.isWaiting)
        let shown = p.perform()
        #expect(shown.allSatisfy { $0.status == .passed })
        #expect(p.position == 2 && p.model.device.state.user == "cou1")
        p.back()
        #expect(p.position == 1 && p.model.device.state.kind == .checkedIn && !p.isWaiting)
        #expect(p.render(width: 80, height: 24) == atOne)
        #expect(p.model.device.log.nextSeq == (try Self.player()).advanced(to: 1).model.device.log.nextSeq)
    }

    @Test func pressStepsTypeIntoTheFormAsInAScenario() throws {
        // The trainer leads (the form takes no typing from the keyboard), yet a lesson's own
        // press step types into it: steps run without the panel, as in a scenario.
        var p = try Self.player(Self.header + """
              - title: Staged
                do:
                  - enroll: {group: FRONTLINE, user: stage, password: stage}
              - title: cou1 checks out with the keys
                do:
                  - press: "FRONTLINE<Enter>cou1<Enter>cou1<Enter>"
                check:
                  - expect: {state: checkedOut, user: cou1, notOnScreen: "step 2/2"}

            """)
        p.go(to: 2)
        #expect(p.results[2].allSatisfy { $0.status == .passed }, "\(p.results[2].map(\.status))")
        #expect(p.model.lesson?.position == 2)
    }

    @Test func goToMovesEitherWayAndTheEndIsFinished() throws {
        var p = try Self.player()
        p.go(to: 4)
        #expect(p.isAtEnd && p.panel.mode == .finished && p.panel.next == nil)
        #expect(p.model.device.app("notes")?.lifecycle == .foreground)
        p.go(to: 2)
        #expect(p.position == 2 && p.model.device.app("notes")?.lifecycle == .notRunning)
        #expect(p.panel.title == "cou1 checks out" && p.panel.next == "Notes starts (launch notes)")
    }

    @Test func theClassDoesTheStepWithTheNormalKeys() throws {
        var p = try Self.player().advanced(to: 1)
        let waits = p.letThemTry()
        #expect(waits && p.isWaiting)
        #expect(p.panel.task == "type FRONTLINE, cou1, cou1")
        #expect(p.panel.mode == .waiting(keys: "type FRONTLINE Enter cou1 Enter password Enter (checkOut cou1)", done: 0, of: 1))
        for key in Self.keys("FRONTLINE<Enter>cou1<Enter>cou1<Enter>") { _ = p.handle(.key(key), shown: nil) }
        #expect(!p.isWaiting && p.position == 2 && p.model.device.state.user == "cou1")
        #expect(p.results[2].allSatisfy { $0.status == .passed })
    }

    @Test func somethingElseGetsOneLineAndBackUndoesIt() throws {
        var p = try Self.player().advanced(to: 2)
        let waits = p.letThemTry()
        #expect(waits)
        // The class launches Forms instead of Notes.
        for key in Self.keys("<Tab><Tab><Enter>") { _ = p.handle(.key(key), shown: nil) }
        #expect(p.panel.mode == .offTrack(message: "The class did launch forms, not launch notes: [ undoes it, → shows them."))
        #expect(p.model.device.app("forms")?.lifecycle == .foreground)
        _ = p.handle(.key(.char("[")), shown: nil)
        #expect(p.model.device.app("forms")?.lifecycle == .notRunning)
        #expect(p.isWaiting && p.panel.task == "Tab to Notes, Enter" && p.position == 2)
        #expect(p.panel.mode == .waiting(keys: "Tab Enter (launch notes)", done: 0, of: 1))
        for key in Self.keys("<Tab><Enter>") { _ = p.handle(.key(key), shown: nil) }
        #expect(p.position == 3 && p.model.device.app("notes")?.lifecycle == .foreground)
    }

    @Test func aRefusedAttemptSaysWhyAndTheLessonKeepsWaiting() throws {
        var p = try Self.player().advanced(to: 1)
        let waits = p.letThemTry()
        #expect(waits)
        for key in Self.keys("FRONTLINE<Enter>cou1<Enter>nope<Enter>") { _ = p.handle(.key(key), shown: nil) }
        #expect(p.isWaiting && p.position == 1)
        guard case let .offTrack(message) = p.panel.mode else { Issue.record("not off track: \(p.panel.mode)"); return }
        #expect(message.hasPrefix("Refused, wrong-credentials: checkOut cou1."))
        #expect(!message.contains("nope"))
    }

    @Test func theLessonsKeysExistOnlyWhileALessonPlays() throws {
        let p = try Self.player()
        #expect(p.model.hints.contains("Space next step"))
        var bare = p.model
        bare.lesson = nil
        #expect(!bare.hints.contains { $0.contains("next step") || $0.contains("let them try") })
        #expect(KeyTable.binding(for: .char(" "), in: bare.keyContext) == nil)
    }

    @Test func enterIsTheNextStepWhileTheTrainerLeadsAndTheClasssOwnKeyOnItsTurn() throws {
        var p = try Self.player()
        // The Hub has focus (its Enter would open the menu): Enter is the lesson's.
        _ = p.handle(.key(.enter), shown: nil)
        #expect(p.position == 1 && p.model.device.state == .checkedIn)
        #expect(KeyTable.binding(for: .enter, in: p.model.keyContext)?.command == .lessonNext)
        // The hint line does not claim Enter for the Hub's menu then; help lists Enter.
        #expect(!p.model.hints.contains { $0.hasPrefix("Enter ") })
        // A pane with focus (its Enter would launch the app): still the lesson's. Step 2 is a
        // try-it step, so Enter hands the keys to the class, as Space does.
        _ = p.handle(.key(.tab), shown: nil)
        #expect(p.model.focus != .hub)
        _ = p.handle(.key(.enter), shown: nil)
        #expect(p.isWaiting && p.position == 1 && p.model.device.app("notes")?.lifecycle == .notRunning)
        // The class's turn: Enter is the form's again (next field, submit).
        _ = p.handle(.key(.backTab), shown: nil)
        for key in Self.keys("FRONTLINE<Enter>cou1<Enter>cou1<Enter>") { _ = p.handle(.key(key), shown: nil) }
        #expect(!p.isWaiting && p.position == 2 && p.model.device.state.user == "cou1")
        // At the end there is no next step: Enter keeps its usual meaning.
        p.go(to: Self.parsedWalkCount)
        #expect(p.isAtEnd && KeyTable.binding(for: .enter, in: p.model.keyContext)?.command != .lessonNext)
    }

    static var parsedWalkCount: Int { (try? parse(walk).steps.count) ?? 0 }

    @Test func aClickOnNextPerformsTheStep() throws {
        var p = try Self.player()
        let frame = p.render(width: 80, height: 24)
        let next = try #require(frame.hitMap.regions.first { $0.target == .command(.lessonNext) })
        _ = p.handle(.mouse(MouseEvent(x: next.rect.x + 1, y: next.rect.y)), shown: frame)
        #expect(p.position == 1)
    }

    // MARK: the shipped lessons

    static let shipped = BundledAssets.lessonFiles()

    @Test func theShippedLessonsAreThere() {
        // More may come (one YAML file each); these four came first.
        let names = Set(Self.shipped.map(\.name))
        #expect(names.isSuperset(of: ["entra-cross-app-sign-on", "entra-shared-device-mode", "ws1-cross-app-sign-on", "ws1-offline", "ws1-shift-change", "ws1-support-levels",
                                      "android-broadcast-running-apps", "mhs-pin-and-auto-sign-out"]))
    }

    @Test(arguments: shipped)
    func eachShippedLessonPlaysToItsEnd(_ file: BundledFile) async {
        let report = await Fixtures.runner().run([.bundled(file)])
        let result = report.results[0]
        #expect(result.passed, "\(TextReport.render(report, options: .init(verbose: false, quiet: true)))")
        // Each lesson step is reported with its narration check.
        #expect(result.steps.contains { $0.step.label.hasPrefix("narration: ") })
    }

    // MARK: helpers

    static func keys(_ text: String) -> [Key] { Key.sequence(text)! }
}

extension LessonPlayer {
    /// The player moved to `index`.
    func advanced(to index: Int) -> LessonPlayer {
        var p = self
        p.go(to: index)
        return p
    }
}
