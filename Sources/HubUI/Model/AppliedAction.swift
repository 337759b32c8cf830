import SessionEngine

/// One action the front end applied to the device, and what became of it: what the
/// recorder writes and the scenario runner compares.
public struct AppliedAction: Equatable, Sendable {
    /// The action as applied.
    public var action: DeviceAction
    /// Accepted, or refused with the reason.
    public var outcome: ActionOutcome
    public init(action: DeviceAction, outcome: ActionOutcome) { self.action = action; self.outcome = outcome }
}
