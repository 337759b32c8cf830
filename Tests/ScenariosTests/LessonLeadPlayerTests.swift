import Configuration
import Foundation
import HubUI
import Platform
import SessionEngine
import Testing
@testable import Scenarios

/// The lesson keeps the lead: while the trainer leads, the class cannot do a step before its
/// turn (the action is refused with one line and the device does not change), a page a step
/// opened stays open and the lesson's keys work over it, `q` asks before quitting mid-way,
/// the Hub's message of a step does not outlive the next one, and a narration that says
/// what an app shows is checked against the device.
@Suite struct LessonLeadPlayerTests {
    static func shiftChange() throws -> LessonPlayer {
        let file = try #require(BundledAssets.lessonFiles().first { $0.name == "ws1-shift-change" })
        let lesson = try Fixtures.runner().lessons.load(.bundled(file))
        return LessonPlayer(lesson: lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
    }

    /// The same device for the class: its state, what is in front, every app's lifecycle and
    /// its event log (a key still counts as activity for the inactivity timer, which the
    /// lesson's still clock never reaches).
    static func same(_ a: SharedDevice, _ b: SharedDevice) -> Bool {
        a.state == b.state && a.foreground == b.foreground && a.log.nextSeq == b.log.nextSeq
            && a.apps.map(\.lifecycle) == b.apps.map(\.lifecycle)
    }

    static func press(_ p: inout LessonPlayer, _ text: String) -> [TerminalRequest] {
        Key.sequence(text)!.map { p.handle(.key($0), shown: nil) }
    }

    @Test func theClassCannotActBeforeItsTurn() throws {
        var p = try Self.shiftChange().advanced(to: 2)       // cou1 checked out, Notes not started
        let device = p.model.device
        _ = Self.press(&p, "<Tab>l")                         // launch Notes before step 3
        #expect(Self.same(p.model.device, device), "nothing happened on the device")
        #expect(p.position == 2 && !p.isWaiting)
        #expect(p.panel.hold == "Wait for the trainer: this is step 2 of 9; → goes on, d lets the class try.")
        #expect(p.model.shown().contains("Wait for the trainer: this is step 2 of 9"))
        // The next key that is allowed clears the line; → goes on as usual.
        _ = Self.press(&p, "<F2>")
        #expect(p.panel.hold == nil && p.model.view == .eventLog)
        _ = Self.press(&p, "<F2><S-Tab>m")                   // the Hub's menu: a page the lesson did not open
        #expect(p.model.page == .home && p.panel.hold != nil)
    }

    @Test func thePageAStepOpensStaysAndTheLessonsKeysWorkOverIt() throws {
        var p = try Self.shiftChange().advanced(to: 6)       // "The Hub forecasts the log-out"
        #expect(p.model.page == .logoutConfirm)
        let atSix = p.model.device
        // The class tries to answer it, or close it: refused, the page stays.
        for keys in ["y", "<Esc>", "n"] {
            _ = Self.press(&p, keys)
            #expect(p.model.page == .logoutConfirm, "after \(keys)")
            #expect(Self.same(p.model.device, atSix) && p.position == 6)
            #expect(p.panel.hold?.hasPrefix("Wait for the trainer: this is step 6 of 9") == true)
        }
        // Enter is the lesson's next step (a try-it step: the class's turn), not the page's yes.
        _ = Self.press(&p, "<Enter>")
        #expect(p.isWaiting && p.position == 6 && p.model.device.state.kind == .checkedOut)
        // Now Enter is the class's, and it logs out: the step is done.
        _ = Self.press(&p, "<Enter>")
        #expect(!p.isWaiting && p.position == 7 && p.model.device.state.kind == .checkedIn)
        // Back over the page: [ returns to it exactly.
        _ = Self.press(&p, "[")
        #expect(p.position == 6 && p.model.page == .logoutConfirm && Self.same(p.model.device, atSix))
        _ = Self.press(&p, "<Right>")
        #expect(p.isWaiting)
    }

    @Test func quittingMidWayAsksAndEscComesBackToThePage() throws {
        var p = try Self.shiftChange().advanced(to: 6)
        let screen = p.model.shown()
        #expect(Self.press(&p, "q") == [.none])
        #expect(p.model.confirmation?.kind == .quit && p.model.shown().contains("Quit the lesson?"))
        _ = Self.press(&p, " ")                              // the lesson's keys wait for the answer
        #expect(p.position == 6 && p.model.confirmation?.kind == .quit)
        _ = Self.press(&p, "<Esc>")
        #expect(p.model.page == .logoutConfirm && p.model.shown() == screen)
        #expect(Self.press(&p, "q<Enter>").last == .quit)
        // Before the first step and at the end, q quits at once.
        var fresh = try Self.shiftChange()
        #expect(Self.press(&fresh, "q") == [.quit])
        fresh.go(to: 9)
        #expect(Self.press(&fresh, "q") == [.quit])
    }

    /// Every shipped lesson, with the class trying to get ahead at every step: `q` asks and Esc
    /// comes back to the very same screen; an action before its turn (F4, which takes the
    /// device offline, or Esc on a page the step opened) is refused with the trainer's line and
    /// changes nothing; only the trainer's → moves the lesson on (twice on a try-it step: the
    /// class's turn, then shown), and at the end `q` quits at once. Headless: the keys go to the
    /// lesson program the binary runs; `LessonWalkTests` and `LessonLeadWalkTests` still walk a
    /// lesson in a terminal.
    @Test(arguments: ["ws1-shift-change", "ws1-support-levels", "ws1-offline", "ws1-cross-app-sign-on",
                      "entra-shared-device-mode", "entra-cross-app-sign-on"])
    func theClassCannotGetAheadInAnyLesson(_ name: String) throws {
        let file = try #require(BundledAssets.lessonFiles().first { $0.name == name })
        let lesson = try Fixtures.runner().lessons.load(.bundled(file))
        var p = LessonPlayer(lesson: lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        let count = lesson.steps.count
        #expect(count >= 2 && p.model.shown().contains("step 0/\(count)"), "\(name)")
        _ = Self.press(&p, " ")
        for step in 1..<count {
            let before = p.model.shown()
            #expect(p.position == step && before.contains("step \(step)/\(count)"), "\(name) at step \(step):\n\(before)")
            #expect(Self.press(&p, "q") == [.none])
            #expect(p.model.shown().contains("Quit the lesson?"), "\(name) at step \(step)")
            _ = Self.press(&p, "<Esc>")
            #expect(p.model.shown() == before, "\(name): Esc brings back the screen of step \(step)")
            let device = p.model.device
            _ = Self.press(&p, before.contains("the class answers at its turn") ? "<Esc>" : "<F4>")
            #expect(p.model.shown().contains("Wait for the trainer: this is step \(step) of \(count)"), "\(name) at step \(step)")
            #expect(p.position == step && Self.same(p.model.device, device), "\(name): the class moved the lesson at step \(step)")
            _ = Self.press(&p, "<Right>")
            if p.isWaiting { _ = Self.press(&p, "<Right>") }
        }
        #expect(p.position == count && p.model.shown().contains("step \(count)/\(count)"), "\(name)")
        #expect(Self.press(&p, "q") == [.quit])
    }

    @Test func theHubsMessageOfAStepDoesNotOutliveTheNext() throws {
        var p = try Self.shiftChange().advanced(to: 7)
        #expect(p.model.shown().contains("Checked in. Not broadcast"))
        p.go(to: 9)
        #expect(p.model.device.state.user == "cou2")
        #expect(!p.model.shown().contains("Not broadcast"), "cou2 is checked out: the check-in's message is stale")
    }

    static let lessonHeader = """
        lesson: Claims
        profile: workspace-one
        apps: [notes, forms]
        steps:
          - title: cou1 works in Notes
            do:
              - enroll: {group: FRONTLINE, user: stage, password: stage}
              - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
              - launch: notes

        """

    @Test(arguments: [
        ("    watch: Notes shows cou1's items.\n", nil),
        ("    watch: Notes still shows cou1; Forms waits.\n", nil),
        ("    watch: Notes shows cou2's items.\n", "the narration says \"Notes shows cou2's items\", but Notes shows the items of cou1: make watch say what the screen shows"),
        ("    watch: Notes shows cou1 and nothing of cou1's.\n", "the narration says \"Notes shows cou1 and nothing of cou1's\", but Notes shows the items of cou1: make watch say what the screen shows"),
        ("    watch: The Hub shows its home page.\n", nil),
    ] as [(String, String?)])
    func aNarrationThatSaysWhatAnAppShowsIsChecked(_ watch: String, _ failure: String?) throws {
        let lesson = try LessonParser(scenarios: Fixtures.parser()).parse(Self.lessonHeader + watch, file: "claims.yaml")
        var p = LessonPlayer(lesson: lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        let results = p.perform()
        #expect(results.compactMap(\.failure).first?.message == failure)
    }

    @Test func aHeadlessRunOfLessonsCountsLessons() async {
        let urls = BundledAssets.lessonFiles()
        let report = await Fixtures.runner().run(urls.map(ScenarioSource.bundled))
        #expect(TextReport.totals(report).hasPrefix("\(urls.count) lessons: \(urls.count) passed, 0 failed;"), "\(TextReport.totals(report))")
        let scenario = await Fixtures.runner().run([.bundled(BundledAssets.scenarioFiles()[0]), .bundled(urls[0])])
        #expect(TextReport.totals(scenario).hasPrefix("1 scenario and 1 lesson: "))
    }
}

private extension HubModel {
    /// The screen as text at the model's size.
    func shown() -> String { render(width: width, height: height).grid.text }
}
