import HubUI
import SessionEngine
import Testing

/// A trainee's lesson screen in a class, whole grids at 80x24: what the trainer is doing on the
/// class line, the trainee's buttons in place of the lesson's, another trainee's screen shown.
@Suite struct TraineeScreenGoldenTests {
    static func model(_ messages: [ClassMessage], waiting: Bool = false, hand: Bool = false) -> HubModel {
        var m = Fixtures.model()
        m.lesson = LessonPanel(lessonTitle: "Workspace ONE shift change", position: 2, count: 9, title: "cou1 checks the device out",
                               watch: "The Hub shows cou1 signed in.", next: "Notes starts for cou1", nextTryable: true,
                               mode: waiting ? .waiting(keys: "Tab Enter (launch notes)", done: 0, of: 1) : .showing)
        m.classroom = TraineeClass(className: "ws1-shift-change", trainee: "ana")
        for message in messages { m.classroom(message) }
        if hand { m.classroom?.toggleHand() }
        return m
    }

    @Test func theTrainerLeads() {
        Golden.check("class-trainee-watch-80x24", Self.model([.lead(.lead(step: 2))]).render(width: 80, height: 24))
    }

    /// In by the class code in a class that takes keys: one line says why the key was not taken.
    @Test func aNoteForThisTrainee() {
        Golden.check("class-trainee-note-80x24",
                     Self.model([.lead(.lead(step: 2)), .note("RSA keys are not taken here: use ssh-keygen -t ed25519")]).render(width: 80, height: 24))
    }

    @Test func yourTurnWithTheHandUp() {
        Golden.check("class-trainee-turn-hand-80x24", Self.model([.lead(.tryIt(step: 2))], waiting: true, hand: true).render(width: 80, height: 24))
    }

    @Test func behindTheClassMidTurn() {
        let m = Self.model([.lead(.tryIt(step: 2)), .lead(.lead(step: 4))], waiting: true)
        #expect(m.traineeStatus?.behind == 2)
        Golden.check("class-trainee-behind-80x24", m.render(width: 80, height: 24))
    }

    @Test func anotherTraineesScreenShown() {
        var bo = CellGrid(width: 80, height: 24)
        bo.put("bo's screen", x: 2, y: 3)
        Golden.check("class-trainee-shown-80x24", Self.model([.lead(.lead(step: 2)), .show(name: "bo", grid: bo)]).render(width: 80, height: 24))
    }

    @Test func helpListsTheClassKeysOnlyInAClass() {
        var inClass = Self.model([.lead(.lead(step: 2))])
        inClass.press("<F1>")
        var alone = Fixtures.model()
        alone.press("<F1>")
        let text = { (m: HubModel) in m.render(width: 160, height: 60).grid.text }
        #expect(text(inClass).contains("raise/lower hand") && text(inClass).contains("leave (device kept)"))
        #expect(!text(alone).contains("raise/lower hand") && !text(alone).contains("leave (device kept)"))
    }

    @Test func quittingInAClassSaysTheDeviceIsKept() {
        var m = Self.model([.lead(.lead(step: 2))])
        m.askBeforeQuitting()
        let text = m.render(width: 80, height: 24).grid.text
        #expect(text.contains("Leave the class?"))
        #expect(text.contains("You are at step 2 of 9.") && text.contains("Your device is kept"))
        #expect(!text.contains("lives in memory only"))
    }
}
