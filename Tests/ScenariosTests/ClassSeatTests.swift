import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// A trainee's device in a class: the trainer's lead moves it as the lesson's own keys would,
/// a trainee mid-turn is not yanked forward (they are "behind" until they finish), the hand and
/// leaving are theirs, and the device is read-only on hold and while another screen is shown.
@Suite struct ClassSeatTests {
    static func seat() throws -> ClassSeat {
        ClassSeat(player: try LessonLeadPlayerTests.shiftChange(), className: "ws1-shift-change", trainee: "ana")
    }

    static func press(_ s: inout ClassSeat, _ text: String) -> [TerminalRequest] {
        Key.sequence(text)!.map { s.handle(.key($0), shown: nil) }
    }

    /// The class line: the panel's top border row at 80x24.
    static func classLine(_ s: ClassSeat) -> String {
        let grid = s.render(width: 80, height: 24).grid
        return grid.lines.first { $0.hasPrefix(" ws1-shift-change · ") } ?? "(no class line)"
    }

    /// The narration panel's bottom border, where the trainee's buttons are.
    static func buttonsRow(_ s: ClassSeat) -> String {
        s.render(width: 80, height: 24).grid.lines.first { $0.contains("[L leave]") } ?? "(no buttons)"
    }

    @Test func theTrainersLeadPlaysTheStepsAndTheLineSaysWatch() throws {
        var s = try Self.seat()
        #expect(s.status == TraineeStatus(step: 0, steps: 9, state: "not enrolled", lessonTitle: s.player.lesson.title))
        s.receive(.lead(.lead(step: 2)))
        #expect(s.player.position == 2)
        #expect(s.status?.step == 2 && s.status?.behind == 0 && s.status?.state == "checked out" && s.status?.user == "cou1")
        #expect(Self.classLine(s) == " ws1-shift-change · the trainer leads: watch (step 2 of 9)" + String(repeating: " ", count: 22))
        #expect(Self.buttonsRow(s).hasPrefix("└─[F12 raise hand]─[L leave]──"))
        // The lesson's own keys are the trainer's: Space and → do not move this device.
        _ = Self.press(&s, " <Right>d")
        #expect(s.player.position == 2 && !s.player.isWaiting)
    }

    @Test("the classroom's note to one trainee is their class line until their next key, which still acts")
    func aNoteShowsUntilTheNextKey() throws {
        var s = try Self.seat()
        s.receive(.lead(.lead(step: 2)))
        s.receive(.note("RSA keys are not taken here: use ssh-keygen -t ed25519"))
        #expect(Self.classLine(s).hasPrefix(" ws1-shift-change · RSA keys are not taken here: use ssh-keygen -t ed25519 "))
        // A tick or a resize is not the trainee reading it.
        _ = s.handle(.tick(0.1), shown: nil)
        #expect(s.seat.note != nil)
        _ = Self.press(&s, "<F12>")
        #expect(s.seat.note == nil && s.seat.handRaised)
        #expect(Self.classLine(s).hasPrefix(" ws1-shift-change · the trainer leads: watch (step 2 of 9)"))
    }

    @Test func aTraineeMidTurnIsNotYankedForwardAndCatchesUpWhenDone() throws {
        var s = try Self.seat()
        s.receive(.lead(.tryIt(step: 2)))
        #expect(s.player.position == 2 && s.player.isWaiting)
        #expect(Self.classLine(s).contains("your turn: step 3 of 9"))
        // The trainer moves on while ana has not launched Notes yet.
        s.receive(.lead(.lead(step: 4)))
        #expect(s.player.position == 2 && s.player.isWaiting)
        #expect(s.status?.behind == 2)
        #expect(Self.classLine(s).contains("class at step 4 — you are at step 2 of 9: finish your turn"))
        // She does it: her turn ends and the device catches up with the class.
        _ = Self.press(&s, "<Tab>l")
        #expect(s.player.position == 4 && !s.player.isWaiting)
        #expect(s.status?.behind == 0)
    }

    @Test func theHandGoesUpByKeyOrClickAndSurvivesTheSteps() throws {
        var s = try Self.seat()
        _ = Self.press(&s, "H")
        #expect(s.status?.handRaised == true)
        s.receive(.lead(.lead(step: 3)))
        #expect(s.status?.handRaised == true, "the player's snapshots do not take the hand back")
        #expect(Self.buttonsRow(s).hasPrefix("└─[✋ up: F12 lowers]─[L leave]──"))
        s.receive(.lowerHand)
        #expect(s.status?.handRaised == false)
        // The button does what the key does.
        let frame = s.render(width: 80, height: 24)
        let button = try #require(frame.hitMap.regions.first { $0.target == .command(.raiseHand) })
        _ = s.handle(.mouse(MouseEvent(x: button.rect.x, y: button.rect.y)), shown: frame)
        #expect(s.status?.handRaised == true)
        _ = s.handle(.key(.function(12)), shown: nil)
        #expect(s.status?.handRaised == false)
    }

    @Test func onHoldNothingMovesAndOneLineSaysWhy() throws {
        var s = try Self.seat()
        s.receive(.lead(.tryIt(step: 2)))
        s.receive(.lead(.hold))
        #expect(s.model.classroom?.lead == .hold)
        let device = s.model.device
        _ = Self.press(&s, "<Tab>")
        #expect(s.model.notice?.text == "On hold: the trainer has paused the class. F12 raises your hand.")
        _ = Self.press(&s, "l")
        #expect(LessonLeadPlayerTests.same(s.model.device, device))
        #expect(s.player.position == 2)
        #expect(Self.classLine(s).contains("on hold: the trainer has paused the class"))
        #expect(s.model.notice?.text == "On hold: the trainer has paused the class. F12 raises your hand.")
        // The trainer lets them go on: their turn is where it was.
        s.receive(.lead(.tryIt(step: 2)))
        _ = Self.press(&s, "<Tab>l")
        #expect(s.player.position == 3)
    }

    @Test func anotherTraineesScreenIsShownReadOnly() throws {
        var s = try Self.seat()
        s.receive(.lead(.tryIt(step: 2)))
        var bo = CellGrid(width: 80, height: 24)
        bo.put("bo's own screen, cell for cell", x: 3, y: 5, style: CellStyle(fg: .red, bold: true))
        s.receive(.show(name: "bo", grid: bo))
        let grid = s.render(width: 80, height: 24).grid
        #expect(grid.lines[0].hasPrefix(" shown by the trainer: bo (read-only)"))
        for y in 0..<23 { for x in 0..<80 { #expect(grid[x, y + 1] == bo[x, y]) } }
        let device = s.model.device
        _ = Self.press(&s, "<Tab>l")
        #expect(LessonLeadPlayerTests.same(s.model.device, device) && s.player.position == 2)
        _ = Self.press(&s, "H")
        #expect(s.status?.handRaised == true, "the hand works while a screen is shown")
        s.receive(.show(name: nil, grid: nil))
        _ = Self.press(&s, "<Tab>l")
        #expect(s.player.position == 3)
    }

    @Test func leavingQuitsNormallyAndSaysSo() throws {
        var s = try Self.seat()
        #expect(Self.press(&s, "L") == [.quit])
        #expect(s.isLeaving)
    }

    @Test func aResetGoesBackToTheStartThenFollowsTheClass() throws {
        var s = try Self.seat()
        s.receive(.lead(.tryIt(step: 2)))
        _ = Self.press(&s, "H")
        s.receive(.reset)
        #expect(s.player.position == 2 && s.player.isWaiting, "back at the class's step, their turn again")
        #expect(s.status?.handRaised == false)
    }

    @Test func theEndOfTheClassIsOneLineAndReadOnly() throws {
        var s = try Self.seat()
        s.receive(.end("The trainer ended the class. Thank you!"))
        let text = s.render(width: 80, height: 24).grid.text
        #expect(text.contains("The class is over") && text.contains("The trainer ended the class. Thank you!"))
        #expect(text.contains("Your device is saved."))
    }

    @Test func noClassNoStatus() throws {
        let p = try LessonLeadPlayerTests.shiftChange()
        #expect(p.model.traineeStatus == nil)
        #expect(!p.model.keyContext.inClass)
    }
}
