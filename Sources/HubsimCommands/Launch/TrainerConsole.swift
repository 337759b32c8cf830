import Classroom
import CursesTerminal
import Foundation
import HubUI
import Scenarios
import Synchronization

/// The class as the trainer's console sees it: every seat, built from the classroom's events
/// (which come on its event loops) and taken by the console at its next frame. Class seconds
/// count from the class's start.
final class ClassBoard: Sendable {
    private struct State {
        var seats: [String: TraineeSeat] = [:]
        var changed: [String] = []
        var recorder: ClassRecord.Recorder
    }

    private let state: Mutex<State>
    private let start = Date()

    /// `lesson`'s class: its steps name the report's columns.
    init(className: String, lesson: Lesson) {
        state = Mutex(State(recorder: ClassRecord.Recorder(className: className, lessonTitle: lesson.title,
                                                           stepTitles: lesson.steps.map(\.title))))
    }

    /// The class so far, for `--report` and `--junit`.
    var record: ClassRecord {
        let seconds = classSecond
        return state.withLock { s in
            var record = s.recorder.record
            record.seconds = seconds
            return record
        }
    }

    var classSecond: Int { Int(Date().timeIntervalSince(start)) }

    func record(_ event: SeatEvent) {
        let now = classSecond
        state.withLock { s in
            let name: String
            switch event {
            case let .joined(n):
                name = n
                var seat = s.seats[n] ?? TraineeSeat(name: n, link: .joining, lastInputSecond: now)
                seat.link = .joining
                s.seats[n] = seat
            case let .status(n, status):
                name = n
                var seat = s.seats[n] ?? TraineeSeat(name: n, link: .connected(since: now), lastInputSecond: now)
                if case .joining = seat.link { seat.link = .connected(since: now) }
                if status.handRaised, seat.status?.handRaised != true { seat.handRaisedAt = now }
                if !status.handRaised { seat.handRaisedAt = nil }
                seat.status = status
                s.seats[n] = seat
                s.recorder.note(n, status, at: now)
            case let .input(n):
                name = n
                s.seats[n]?.lastInputSecond = now
            case let .away(n):
                name = n
                s.seats[n]?.link = .away(since: now)
            case let .crashed(n, reason):
                name = n
                s.seats[n]?.link = .crashed(since: now, reason: reason)
            }
            s.changed.append(name)
        }
    }

    /// The seats changed since the last call.
    func takeChanged() -> [TraineeSeat] {
        state.withLock { s in
            defer { s.changed.removeAll() }
            var seen = Set<String>()
            return s.changed.filter { seen.insert($0).inserted }.compactMap { s.seats[$0] }
        }
    }
}

/// The trainer's console on the trainer's terminal (`ClassroomConsole`, pure, in HubUI): the
/// seats' changes fed at every event, a tick four times a second, and the console's commands
/// performed by the classroom.
struct TrainerConsole: TerminalProgram {
    var console: ClassroomConsole
    let board: ClassBoard
    let server: ClassroomServer

    mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest {
        let changed = board.takeChanged()
        for seat in changed { console.update(seat: seat) }
        console.tick(second: board.classSecond)
        for command in console.handle(event, shown: shown) {
            switch command {
            case let .lead(lead): server.lead(lead)
            case let .reset(name): server.reset(name)
            case let .disconnect(name): server.disconnect(name)
            case let .lowerHand(name): server.lowerHand(name)
            // The mirror and the show need the trainees' frames, which the classroom does not
            // relay yet (Docs/classroom.md): the console shows its own notice.
            case .show, .endShow, .watch: break
            case .quit: return .quit
            }
        }
        return .none
    }

    func render(width: Int, height: Int) -> Frame { console.frame(width: width, height: height) }

    /// The class's timer and the seats' idle times change by the second.
    func secondsUntilTimedChange(shown: Frame?) -> Double? { 0.25 }
}
