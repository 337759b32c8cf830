import SessionEngine

/// The trainee's side of a class: what the classroom tells this device (`classroom(_:)`), what
/// it reports back (`traineeStatus`, compared by the child with the one last sent), the hand and
/// leaving (`runClassCommand`), and what the trainee may do while the trainer holds the class
/// or shows another trainee's screen (`classroomGate`).
///
/// One lead for the class, and a trainee who is behind: the lead moves each device as the
/// trainer's own keys would (`ClassSeat` in Scenarios performs the steps), but a trainee in the
/// middle of their own turn is never yanked forward: they finish the step they are doing, then
/// catch up. Until then their line says "class at step N, you are at step M", `behind` counts
/// the difference, and the trainer's tile shows it.
extension HubModel {
    /// What this trainee's device reports to the trainer's tile; nil outside a class.
    /// Pure: a function of the device, the lesson panel and the class's lead. No secret is in it.
    public var traineeStatus: TraineeStatus? {
        guard let seat = classroom else { return nil }
        let position = lesson?.position ?? 0
        return TraineeStatus(step: position, steps: lesson?.count ?? 0, state: Self.stateWords(device.state),
                             user: device.state.user?.name, leaks: device.snapshot.leakCount, handRaised: seat.handRaised,
                             behind: max(0, seat.classStep - position), lessonTitle: lesson?.lessonTitle ?? "")
    }

    /// A message from the classroom. A lead and a reset are the lesson player's to perform too
    /// (it owns the lesson: `ClassSeat`); here they change what the trainee's screen says.
    public mutating func classroom(_ message: ClassMessage) {
        classroom?.apply(message)
    }

    /// The hand goes up or down; leaving quits the program normally (the device is kept and saved).
    mutating func runClassCommand(_ command: UIIntent) -> TerminalRequest {
        guard classroom != nil else { return .unchanged }
        switch command {
        case .raiseHand:
            classroom?.toggleHand()
            return .none
        case .leaveClass:
            classroom?.leave()
            return .quit
        default:
            return .unchanged
        }
    }

    /// The commands a trainee keeps while the class is held, shown another's screen or over.
    static let classCommandsWhileHeld: Set<UIIntent> = [.help, .raiseHand, .leaveClass, .quit]

    /// While the trainer holds the class, shows another trainee's screen, or has ended the class,
    /// the device is read-only: only help, the hand and leaving work; anything else is answered
    /// with one line (on hold) or nothing (the shown screen says whose it is). Nil: not held.
    mutating func classroomGate(_ event: InputEvent, shown: Frame?) -> TerminalRequest? {
        guard let seat = classroom, seat.isReadOnly else { return nil }
        let command: UIIntent?
        switch event {
        case let .key(key):
            command = KeyTable.binding(for: key, in: keyContext)?.command
        case let .mouse(mouse) where mouse.button == .left:
            let frame = shown ?? render(width: width, height: height)
            if case let .command(c)? = frame.hitMap.target(x: mouse.x, y: mouse.y) { command = c } else { command = nil }
        case .mouse:
            return TerminalRequest.unchanged
        case .tick, .resize:
            return nil
        }
        if let command, Self.classCommandsWhileHeld.contains(command) { return nil }
        if seat.lead == .hold, seat.shown == nil, seat.ended == nil {
            notice = Notice(text: "On hold: the trainer has paused the class. \(KeyTable.keyName(of: .raiseHand)) raises your hand.",
                            kind: .info, place: .hub)
            return TerminalRequest.none
        }
        return TerminalRequest.unchanged
    }

    /// The device's state as a tile says it.
    static func stateWords(_ state: DeviceState) -> String {
        switch state {
        case .unenrolled: "not enrolled"
        case .enrolling: "enrolling"
        case .checkedIn: "checked in"
        case .checkedOut: "checked out"
        case .locked: "locked"
        }
    }
}
