import SessionEngine

/// The trainee's side of a class: what the classroom tells this device (`classroom(_:)`) and
/// what it reports back (`traineeStatus`, compared by the child with the one last sent).
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
    /// (it owns the lesson); here they change what the trainee's screen says.
    public mutating func classroom(_ message: ClassMessage) {
        guard classroom != nil else { return }
        switch message {
        case let .lead(lead):
            classroom?.follow(lead)
        case let .show(name, grid):
            classroom?.shown = name.map { TraineeClass.Shown(name: $0, grid: grid) }
        case .lowerHand, .reset:
            classroom?.handRaised = false
        case let .end(line):
            classroom?.ended = line
        }
    }

    /// The trainee's hand goes up, or down.
    public mutating func toggleHand() {
        classroom?.handRaised.toggle()
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
