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

    public init(className: String, trainee: String) {
        self.className = className
        self.trainee = trainee
    }

    /// Applies a lead: the class's step moves with it, a hold keeps it.
    mutating func follow(_ lead: ClassLead) {
        self.lead = lead
        if let step = lead.step { classStep = step }
    }
}
