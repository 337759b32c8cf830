/// What a trainee's device tells the classroom about itself (`trainee/status`): where the
/// trainee is in the lesson, the device's state and who holds it, the leaks caused, a raised
/// hand. Computed from the trainee's `HubModel` (`traineeStatus`), so the child sends it
/// whenever it differs from the one last sent. It has no field for a password, a PIN or the
/// class code: none of them can reach the trainer's screen or a report through it.
public struct TraineeStatus: Equatable, Sendable {
    /// Lesson steps done (0 before the first) and how many the lesson has.
    public var step: Int
    public var steps: Int
    /// The device's state in words (`checked out`, `locked`).
    public var state: String
    /// The user the device is checked out to, if any.
    public var user: String?
    /// Leaks raised on this device so far.
    public var leaks: Int
    /// The trainee's hand is up.
    public var handRaised: Bool
    /// Steps the class is ahead of this trainee (0: with the class).
    public var behind: Int
    /// The lesson's title.
    public var lessonTitle: String

    public init(step: Int, steps: Int, state: String, user: String? = nil, leaks: Int = 0, handRaised: Bool = false,
                behind: Int = 0, lessonTitle: String) {
        self.step = step; self.steps = steps; self.state = state; self.user = user; self.leaks = leaks
        self.handRaised = handRaised; self.behind = behind; self.lessonTitle = lessonTitle
    }
}

/// What the trainer asks of the whole class, as the lesson's own lead rules name it: the
/// trainer leads (the devices play the steps up to `step` while the class watches), the class
/// tries the step after `step` on their own devices (the lesson's `d`), or everyone holds.
/// `step` counts steps done, as `LessonPanel.position` does.
public enum ClassLead: Equatable, Sendable {
    case lead(step: Int)
    case tryIt(step: Int)
    case hold

    /// The step the class is at, nil on hold.
    public var step: Int? {
        switch self {
        case let .lead(step), let .tryIt(step): step
        case .hold: nil
        }
    }
}

/// What the classroom tells a trainee's device (`class/lead`, `class/show`, `class/reset`,
/// `class/end`), as pure values: the classroom decodes the wire, the model applies them.
public enum ClassMessage: Equatable, Sendable {
    /// The trainer's lead for the class.
    case lead(ClassLead)
    /// Another trainee's screen shown to the whole class (`name` nil: the show ended). A new
    /// grid comes with each of that trainee's frames.
    case show(name: String?, grid: CellGrid?)
    /// The trainer answered this trainee's raised hand (`class/lowerHand`).
    case lowerHand
    /// The trainer reset this trainee's device to the lesson's start.
    case reset
    /// The class is over: the line to show before the program saves and ends.
    case end(String)
    /// One line for this trainee alone, on their class line until their next key (how they
    /// got in, when their key was not taken).
    case note(String)
}
