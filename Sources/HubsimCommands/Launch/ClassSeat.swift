import Classroom
import CursesTerminal
import Foundation
import HubUI
import Platform
import Scenarios
import SessionEngine

/// A trainee's seat in a class: `hubsim classroom` starts `hubsim lesson LESSON --class-seat
/// FILE` on the trainee's pseudo-terminal. The lesson plays as `hubsim lesson` plays it, on the
/// trainee's terminal, resumed at the step the seat's file names and kept there after every
/// step (`SeatFile`); it runs no developer's program and writes nothing but that file. Leaving
/// (q) or a hang-up (the connection dropped) saves and exits; the trainee comes back to it.
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
        var program = LessonSession(playing: lesson, dependencies: dependencies, theme: c.hasColor ? .colour : .mono,
                                    width: c.width, height: c.height)
        program.resume(at: seat.position)
        let exit = session.run(&program) { program in
            guard let position = program.player?.position, position != seat.position else { return }
            seat.position = position
            try? seat.write(to: file)
        }
        session.end()
        if let position = program.player?.position, position != seat.position {
            seat.position = position
            try? seat.write(to: file)
        }
        exit.endProcessBySignal()
        if exit != TerminalExit.quit { throw CommandError(.terminal(exit)) }
    }
}
