import Classroom
import CursesTerminal
import Foundation
import HubUI
import Platform
import Scenarios
import SessionEngine

/// A trainee's device in a class: `hubsim classroom` starts `hubsim lesson LESSON --class-seat
/// FILE` on the trainee's pseudo-terminal, with the control pipe as descriptor 3. The lesson
/// plays on the trainee's terminal as a class seat (`ClassSeat`: the class's line, the lead, a
/// raised hand, leaving), resumed at the step the seat's file names and kept there after every
/// step (`SeatFile`); it runs no developer's program and writes nothing but that file. Leaving
/// or a hang-up (the connection dropped) saves and exits; the trainee comes back to it.
struct TraineeSeatLaunch {
    var file: String
    var trainee: String
    var className: String
    /// The places of the lesson's passwords the classroom verified (`LessonCredentials`).
    var verified: [Int] = []
    /// The classroom's hashes of the PINs the lesson sets (`LessonCredentials.pins`), in order.
    var pinHashes: [PasswordHash] = []

    func play(lesson: Lesson, environment: [String: String]) throws {
        var saved = SeatFile.read(file, lesson: lesson.name) ?? SeatFile(lesson: lesson.name, position: 0, trainee: trainee)
        do { try saved.write(to: file) } catch {
            throw CommandError.usage("the seat '\(MessageText.shown(file))' cannot be written; the trainer's class folder must be writable")
        }
        // The lesson's passwords the classroom verified for the class are remembered, so that
        // neither the step's rehearsal nor the trainee typing them costs this device a derivation.
        let hasher = ScryptHasher()
        let credentials = LessonCredentials(lesson: lesson)
        credentials.remember(verified, in: lesson.scenario.tenant) { hasher.remember($0, verifiedAgainst: $1) }
        // So are the PINs it sets: hashed once by the classroom, not by each device as the
        // trainer leads the class there; a PIN the trainee types that is not one of them is
        // hashed here with a salt of its own.
        credentials.adopt(pinHashes) { hasher.adopt($1, for: $0) }
        let dependencies = EngineDependencies.system(hasher: hasher)
        let session = try CursesSession.started(environment: environment)
        let c = session.capabilities
        var player = LessonPlayer(lesson: lesson, dependencies: dependencies, theme: c.hasColor ? .colour : .mono)
        _ = player.handle(.resize(width: c.width, height: c.height), shown: nil)
        player.go(to: saved.position)
        var program = SeatProgram(seat: ClassSeat(player: player, className: className, trainee: trainee), control: SeatControl())
        program.report()
        // The classroom's orders wake the loop as they come, as a key does.
        let control = program.control
        session.wakeDescriptor = { control?.wakeDescriptor }
        let exit = session.run(&program) { program in
            program.report()
            program.sendFrame()
            let position = program.seat.player.position
            guard position != saved.position else { return }
            saved.position = position
            try? saved.write(to: file)
        }
        session.end()
        if program.seat.player.position != saved.position {
            saved.position = program.seat.player.position
            try? saved.write(to: file)
        }
        exit.endProcessBySignal()
        if exit != TerminalExit.quit { throw CommandError(.terminal(exit)) }
    }
}

/// The class seat on a trainee's terminal, reached by the classroom: its messages are taken
/// at every event (the pipe's input wakes the loop, `CursesSession.wakeDescriptor`), and the
/// device's status goes back when it changes. Idle, it sleeps as a lesson does: until the next
/// key or order, or a frame the trainer watches that was held back (`SeatControl.frame`).
struct SeatProgram: TerminalProgram {
    var seat: ClassSeat
    let control: SeatControl?

    mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest {
        let messages = control?.take() ?? []
        for message in messages { seat.receive(message) }
        let command = seat.handle(event, shown: shown)
        return !messages.isEmpty && command == .unchanged ? .none : command
    }

    func render(width: Int, height: Int) -> Frame { seat.render(width: width, height: height) }

    func secondsUntilTimedChange(shown: Frame?) -> Double? {
        let due = seat.secondsUntilTimedChange(shown: shown)
        guard let held = control?.secondsUntilHeldFrame(now: ProcessInfo.processInfo.systemUptime) else { return due }
        return min(due ?? held, held)
    }

    /// The screen as it is drawn now to the classroom, while the trainer watches it (at most
    /// one frame per `SeatControl.frameInterval`).
    func sendFrame() {
        guard let control, control.isWatched else { return }
        let model = seat.model
        control.frame(render(width: model.width, height: model.height).grid, now: ProcessInfo.processInfo.systemUptime)
    }

    /// The device's status to the classroom, when it changed.
    func report() {
        guard let control, let status = seat.status else { return }
        control.report(status)
    }
}
