import Classroom
import CursesTerminal
import Foundation
import HubUI
import Platform
import Scenarios
import SessionEngine

/// A trainee's seat in a class: `hubsim classroom` starts `hubsim lesson LESSON --class-seat
/// FILE` on the trainee's pseudo-terminal, with the control pipe as descriptor 3. The lesson
/// plays as `hubsim lesson` plays it, on the trainee's terminal, resumed at the step the seat's
/// file names and kept there after every step (`SeatFile`); it runs no developer's program and
/// writes nothing but that file. Leaving (q) or a hang-up (the connection dropped) saves and
/// exits; the trainee comes back to it.
struct ClassSeat {
    var file: String
    var trainee: String
    var className: String

    func play(lesson: Lesson, environment: [String: String]) throws {
        var seat = SeatFile.read(file, lesson: lesson.name) ?? SeatFile(lesson: lesson.name, position: 0, trainee: trainee)
        do { try seat.write(to: file) } catch {
            throw CommandError.usage("the seat '\(MessageText.shown(file))' cannot be written; the trainer's class folder must be writable")
        }
        let dependencies = EngineDependencies.system(hasher: ScryptHasher())
        let session = try CursesSession.started(environment: environment)
        let c = session.capabilities
        var lessonSession = LessonSession(playing: lesson, dependencies: dependencies, theme: c.hasColor ? .colour : .mono,
                                          width: c.width, height: c.height)
        lessonSession.resume(at: seat.position)
        var program = SeatProgram(lesson: lessonSession, control: SeatControl())
        program.report()
        let exit = session.run(&program) { program in
            program.report()
            guard let position = program.lesson.player?.position, position != seat.position else { return }
            seat.position = position
            try? seat.write(to: file)
        }
        session.end()
        if let position = program.lesson.player?.position, position != seat.position {
            seat.position = position
            try? seat.write(to: file)
        }
        exit.endProcessBySignal()
        if exit != TerminalExit.quit { throw CommandError(.terminal(exit)) }
    }
}

/// The lesson on a trainee's terminal, following the class: the classroom's messages are
/// taken at every event, a tick at least every `pipeInterval` seconds (the frame loop's only
/// way in is an event), and the device's status goes back when it changes.
struct SeatProgram: TerminalProgram {
    var lesson: LessonSession
    let control: SeatControl?
    /// How often the loop looks at the control pipe when nothing else wakes it.
    static let pipeInterval = 0.1

    mutating func handle(_ event: InputEvent, shown: Frame?) -> ProgramCommand {
        var changed = false
        for message in control?.take() ?? [] {
            switch message {
            case let .lead(lead): lesson.follow(lead)
            case .reset: lesson.restart()
            case .show, .lowerHand, .end: continue
            }
            changed = true
        }
        let command = lesson.handle(event, shown: shown)
        return changed && command == .unchanged ? .none : command
    }

    func render(width: Int, height: Int) -> Frame { lesson.render(width: width, height: height) }

    func secondsUntilTimedChange(shown: Frame?) -> Double? {
        guard control != nil else { return lesson.secondsUntilTimedChange(shown: shown) }
        return min(lesson.secondsUntilTimedChange(shown: shown) ?? Self.pipeInterval, Self.pipeInterval)
    }

    /// The device's status to the classroom, when it changed.
    func report() {
        guard let control, let player = lesson.player else { return }
        let device = player.model.device
        control.report(TraineeStatus(step: player.position, steps: player.lesson.steps.count, state: Self.words(device.state),
                                     user: device.state.user?.name, leaks: device.snapshot.leakCount,
                                     lessonTitle: player.lesson.title))
    }

    /// The device's state as a tile says it.
    static func words(_ state: DeviceState) -> String {
        switch state {
        case .unenrolled: "not enrolled"
        case .enrolling: "enrolling"
        case .checkedIn: "checked in"
        case .checkedOut: "checked out"
        case .locked: "locked"
        }
    }
}
