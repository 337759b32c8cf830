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
        var seats = ClassSeats()
        var changed: [String] = []
        /// The watched trainee's latest frame, not yet given to the console.
        var frames: [String: CellGrid] = [:]
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
        if case let .frame(name, grid) = event {
            state.withLock { $0.frames[name] = grid }
            return
        }
        state.withLock { s in
            guard let name = s.seats.apply(event, at: now) else { return }
            if case let .status(n, status) = event { s.recorder.note(n, status, at: now) }
            s.changed.append(name)
        }
    }

    /// A restarted class: a tile for each trainee whose device is kept in the class folder,
    /// away, at their kept step, before anyone joins.
    func resume(_ kept: [SeatFile]) {
        state.withLock { s in s.changed += s.seats.resume(kept) }
    }

    /// The frames that came since the last call, the latest of each trainee.
    func takeFrames() -> [String: CellGrid] {
        state.withLock { s in
            defer { s.frames.removeAll() }
            return s.frames
        }
    }

    /// The seats changed since the last call.
    func takeChanged() -> [TraineeSeat] {
        state.withLock { s in
            defer { s.changed.removeAll() }
            var seen = Set<String>()
            return s.changed.filter { seen.insert($0).inserted }.compactMap { s.seats.seats[$0] }
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
        for (name, grid) in board.takeFrames() { console.mirror(name: name, grid: grid) }
        console.tick(second: board.classSecond)
        for command in console.handle(event, shown: shown) {
            switch command {
            case let .lead(lead): server.lead(lead)
            case let .reset(name): server.reset(name)
            case let .disconnect(name): server.disconnect(name)
            case let .lowerHand(name): server.lowerHand(name)
            case let .watch(name): server.watch(name)
            case let .show(name): server.show(name)
            case .endShow: server.show(nil)
            case .quit: return .quit
            }
        }
        return .none
    }

    func render(width: Int, height: Int) -> Frame { console.frame(width: width, height: height) }

    /// The class's timer and the seats' idle times change by the second; a mirror as fast
    /// as its trainee's frames come (`SeatControl.frameInterval`).
    func secondsUntilTimedChange(shown: Frame?) -> Double? { console.zoomed == nil ? 0.25 : 0.05 }
}
