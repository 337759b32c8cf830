/// How a trainee's seat is linked to the class: what the tile says beside the name.
/// Seconds are class seconds (from the class's start), given by the classroom.
public enum SeatLink: Equatable, Sendable {
    /// Authenticated, the device starting.
    case joining
    /// Playing since `since`.
    case connected(since: Int)
    /// Left or dropped at `since`; the device is kept for a rejoin.
    case away(since: Int)
    /// The trainee's device process ended abnormally at `since` (`reason`: one line); the
    /// device file is kept.
    case crashed(since: Int, reason: String)
    /// The trainee's client stopped reading at `since` (its window is full): its output waits.
    case notReading(since: Int)
}

/// One trainee as the trainer's console shows them: a tile.
public struct TraineeSeat: Equatable, Sendable {
    /// The trainee's name (the SSH user name).
    public var name: String
    public var link: SeatLink
    /// The class second of the trainee's last key (the tile's "idle 3m").
    public var lastInputSecond: Int
    /// What the trainee's device last reported; nil until it has.
    public var status: TraineeStatus?
    /// When the hand went up (class seconds), for the queue's order; nil while it is down.
    public var handRaisedAt: Int?
    /// The step in the trainee's kept device file, for a restarted class's tile until their
    /// device reports again (`status`); nil for a trainee seen in this class.
    public var keptStep: Int?

    public init(name: String, link: SeatLink, lastInputSecond: Int = 0, status: TraineeStatus? = nil, handRaisedAt: Int? = nil,
                keptStep: Int? = nil) {
        self.name = name; self.link = link; self.lastInputSecond = lastInputSecond; self.status = status; self.handRaisedAt = handRaisedAt
        self.keptStep = keptStep
    }
}
