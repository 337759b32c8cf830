import SessionEngine

/// How wall time and input reach the device's clock and the action log (`HubModel.tick`,
/// `noteUserActivity`).
struct ClockKeeping: Sendable {
    /// Wall time into the enrollment step under way.
    var installElapsed = 0.0
    /// Wall time received in ticks and not yet applied to the simulator clock (under a second).
    var debt = 0.0
    /// The last actionLog entry is a clock tick that the next tick may extend.
    var extendingTick = false
    /// When the last `.userActivity` entry of `actionLog` was applied (to coalesce repeats).
    var lastUserActivity: SimInstant?
}
