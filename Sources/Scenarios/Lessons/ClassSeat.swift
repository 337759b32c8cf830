import HubUI
import SessionEngine

/// A trainee's device in a class: the lesson player, led by the trainer (`ClassMessage`s from
/// the classroom) instead of by its own keys. What the child process of `hubsim classroom` runs
/// on the trainee's terminal.
///
/// The lead follows the lesson's own rules, for every trainee at once: `.lead(step:)` performs
/// the steps up to the class's as the trainer's Next would (a try-it step included, as
/// "Show them" does); `.tryIt(step:)` brings the device there, then gives the trainee the keys for
/// the next step as the lesson's `d` does; `.hold` freezes the device (`HubModel.classroomGate`).
/// A trainee in the middle of their own turn is not yanked forward when the trainer moves on: they
/// finish the step (or the trainer watches and helps), then catch up at once; meanwhile their
/// class line says "class at step N, you are at step M" and `traineeStatus.behind` counts it for the
/// trainer's tile. A reset goes back to the lesson's start, then follows the class again to the
/// class's step, as a latecomer's device does.
///
/// The class's state (`TraineeClass`) is kept here and put back into the model after every
/// step of the player: the player's snapshots hold the model as it was at each step, and a step
/// back must not take back the trainer's lead or the trainee's hand.
public struct ClassSeat: TerminalProgram {
    public private(set) var player: LessonPlayer
    public private(set) var seat: TraineeClass

    public init(player: LessonPlayer, className: String, trainee: String) {
        self.player = player
        seat = TraineeClass(className: className, trainee: trainee)
        install()
    }

    /// The trainee's model as it stands (the class included).
    public var model: HubModel { player.model }
    /// What the trainer's tile shows of this trainee: sent whenever it changes.
    public var status: TraineeStatus? { player.model.traineeStatus }
    /// The trainee left with their key: the program ends normally and the device is kept.
    public var isLeaving: Bool { seat.leaving }

    /// A message of the classroom.
    public mutating func receive(_ message: ClassMessage) {
        seat.apply(message)
        if message == .reset { player.go(to: 0) }
        keepUp()
    }

    public mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest {
        switch event {
        case .key, .mouse:
            if seat.note != nil { seat.noteRead(); install() }
        case .tick, .resize:
            break
        }
        // The hand and leaving are the class's, kept here (the player's snapshots do not hold them).
        if let command = classCommand(event, shown: shown) {
            if command == .leaveClass {
                seat.leave()
                install()
                return .quit
            }
            seat.toggleHand()
            install()
            return .none
        }
        let answer = player.handle(event, shown: shown)
        keepUp()
        return answer
    }

    public func render(width: Int, height: Int) -> Frame { player.render(width: width, height: height) }

    public func secondsUntilTimedChange(shown: Frame?) -> Double? { player.secondsUntilTimedChange(shown: shown) }

    /// The class command a key or click asks for, if any.
    private func classCommand(_ event: InputEvent, shown: Frame?) -> UIIntent? {
        let model = player.model
        let command: UIIntent?
        switch event {
        case let .key(key):
            command = KeyTable.binding(for: key, in: model.keyContext)?.command
        case let .mouse(mouse) where mouse.button == .left:
            let frame = shown ?? model.render(width: model.width, height: model.height)
            if case let .command(c)? = frame.hitMap.target(x: mouse.x, y: mouse.y) { command = c } else { command = nil }
        default:
            command = nil
        }
        return command == .raiseHand || command == .leaveClass ? command : nil
    }

    /// Brings the device to the class's lead, unless the trainee is in the middle of their turn.
    private mutating func keepUp() {
        defer { install() }
        guard seat.ended == nil, !player.isWaiting else { return }
        switch seat.lead {
        case .hold:
            return
        case let .lead(step):
            while player.position < step, !player.isAtEnd { player.perform() }
        case let .tryIt(step):
            while player.position < step, !player.isAtEnd { player.perform() }
            if player.position == step { player.letThemTry() }
        }
    }

    private mutating func install() { player.seat(seat) }
}

extension LessonPlayer {
    /// Seats the model in a class (`ClassSeat`).
    mutating func seat(_ seat: TraineeClass) { execution.hub.seat(seat) }
}
