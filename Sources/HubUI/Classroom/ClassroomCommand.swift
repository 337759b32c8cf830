/// What the trainer's console asks the classroom to do; the classroom performs each in order.
public enum ClassroomCommand: Equatable, Sendable {
    /// Send this lead to every trainee (`class/lead`).
    case lead(ClassLead)
    /// Reset this trainee's device to the lesson's start (asked first).
    case reset(String)
    /// End this trainee's session; the device is kept (asked first).
    case disconnect(String)
    /// Show this trainee's screen, read-only, to the whole class (`class/show`).
    case show(String)
    /// End the show.
    case endShow
    /// Send this trainee's frames to the console (`class/watch`); nil: stop.
    case watch(String?)
    /// The trainer has answered this trainee's raised hand.
    case lowerHand(String)
    /// End the class (asked first).
    case quit
}
