import HubUI
import Testing

/// The trainer's console as a model: keys and clicks in, the classroom's commands out, in order.
@Suite struct ClassroomConsoleTests {
    static func console(trainees: Int, width: Int = 80, height: Int = 24) -> ClassroomConsole {
        var c = ClassroomConsole(className: "ws1-shift-change", joinLine: "ssh -p 2222 NAME@127.0.0.1 · class code 7KQ-42M",
                                 lesson: (title: "Workspace ONE shift change", steps: 9), width: width, height: height)
        for i in 0..<trainees {
            c.update(seat: TraineeSeat(name: "t\(i + 1)", link: .connected(since: 0),
                                       status: TraineeStatus(step: 0, steps: 9, state: "checked in", lessonTitle: "Workspace ONE shift change")))
        }
        return c
    }

    @Test func leadKeysSendTheLessonsLeadInOrder() {
        var c = Self.console(trainees: 3)
        var sent: [ClassroomCommand] = []
        for key: Key in [.char("n"), .char("n"), .char("t"), .char("h"), .char("h"), .function(5)] { sent += c.handle(.key(key)) }
        #expect(sent == [.lead(.lead(step: 1)), .lead(.lead(step: 2)), .lead(.tryIt(step: 2)), .lead(.hold),
                         .lead(.tryIt(step: 2)), .lead(.lead(step: 3))])
        #expect(c.lead == .lead(step: 3))
    }

    @Test func resetAsksFirstAndCancelSendsNothing() {
        var c = Self.console(trainees: 3)
        #expect(c.handle(.key(.char("r"))) == [])
        #expect(c.dialog == .reset("t1"))
        #expect(c.handle(.key(.escape)) == [])
        #expect(c.dialog == nil)
        #expect(c.handle(.key(.char("r"))) == [])
        #expect(c.handle(.key(.char("y"))) == [.reset("t1")])
        #expect(c.dialog == nil)
    }
}
