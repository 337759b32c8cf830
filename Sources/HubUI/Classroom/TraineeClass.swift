/// A trainee's seat as their own device's screen knows it (`HubModel.classroom`): the class,
/// what the trainer is doing, the raised hand, another trainee's screen shown to everyone.
/// Set by the classroom's messages (`HubModel.classroom(_:)`); nil outside a class.
public struct TraineeClass: Equatable, Sendable {
    /// Another trainee's screen the trainer shows to the class, read-only.
    public struct Shown: Equatable, Sendable {
        public var name: String
        /// Their latest frame; nil until the first arrives.
        public var grid: CellGrid?
    }

    public let className: String
    /// This trainee's name (the SSH user name).
    public let trainee: String
    /// The trainer's lead as last received.
    public internal(set) var lead: ClassLead = .lead(step: 0)
    /// The step the class is at (steps done): the lead's, kept through a hold.
    public internal(set) var classStep = 0
    public internal(set) var handRaised = false
    public internal(set) var shown: Shown?
    /// The line the class ended with; the program saves and ends once it is drawn.
    public internal(set) var ended: String?
    /// The trainee left with their key (`L`): the program ends normally, the device kept.
    public internal(set) var leaving = false
    /// The classroom's line for this trainee (`ClassMessage.note`), shown until their next key.
    public internal(set) var note: String?

    /// Nothing on the device moves: the trainer holds the class, shows another trainee's screen,
    /// or has ended the class.
    public var isReadOnly: Bool { lead == .hold || shown != nil || ended != nil }

    public init(className: String, trainee: String) {
        self.className = className
        self.trainee = trainee
    }

    /// A message of the classroom, as the trainee's screen takes it (the lesson player performs
    /// a lead's steps and a reset: `ClassSeat`).
    public mutating func apply(_ message: ClassMessage) {
        switch message {
        case let .lead(lead):
            // The class's step moves with the lead; a hold keeps it.
            self.lead = lead
            if let step = lead.step { classStep = step }
        case let .show(name, grid):
            shown = name.map { Shown(name: $0, grid: grid) }
        case .lowerHand, .reset:
            handRaised = false
        case let .end(line):
            ended = line
        case let .note(line):
            note = line
        }
    }

    /// The trainee pressed a key or clicked: the note has been read.
    public mutating func noteRead() { note = nil }

    /// The trainee's hand goes up, or down.
    public mutating func toggleHand() { handRaised.toggle() }

    /// The trainee leaves with their key; the device is kept.
    public mutating func leave() { leaving = true }
}

extension KeyBinding {
    /// The keys a class gives a trainee: listed by help only in a class.
    public static let classCommands: [UIIntent] = [.raiseHand, .leaveClass]
}
