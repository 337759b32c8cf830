/// What one action did, and what the caller must now do outside the device: as a reducer
/// returns its effects beside the new state (swift-composable-architecture's
/// `reduce(into:action:) -> Effect`). The engine performs no I/O and keeps no queue of them:
/// what is not performed is lost, so the value is not discardable.
public struct Applied: Equatable, Sendable {
    /// The event method's typed result: what happened, or why it was refused.
    public let result: Result<ActionResult, Refusal>
    /// What the caller performs, in order (nothing when the action was refused).
    public let effects: [DeviceEffect]

    public init(result: Result<ActionResult, Refusal>, effects: [DeviceEffect]) {
        self.result = result
        self.effects = effects
    }

    /// Accepted or refused, as the action log keeps it.
    public var outcome: ActionOutcome {
        switch result { case .success: .accepted; case let .failure(r): .refused(r) }
    }

    public var refusal: Refusal? { outcome.refusal }

    /// The events for developers' programs among `effects`.
    public var requests: [AppRequest] { effects.map { effect in switch effect { case let .request(r): r } } }
}

/// Something the device needs done outside itself.
///
/// Only the events for developers' programs are effects: saving follows `revision` (a value
/// the caller compares, not a queue), and timers are questions asked of the state
/// (`secondsUntilInactivityLock`, …), which nothing can forget to ask.
public enum DeviceEffect: Equatable, Sendable {
    /// An event for a developer's program (Docs/bridge-protocol.md): the app bridge sends it,
    /// and reports the answer back as `appAnswered` with its serial. Until then the app
    /// awaits it (`AppProcess.awaiting`).
    case request(AppRequest)
}

/// Performs a device's effects: the one that owns the developers' programs (the app bridge).
/// A front end that applies actions for its caller (`HubModel`) hands each action's effects
/// here at once, so no caller has to remember them.
public protocol DeviceEffectPerformer: AnyObject, Sendable {
    func perform(_ effects: [DeviceEffect])
}
