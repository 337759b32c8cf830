/// What the engine counts in `DeviceSnapshot.coverage`: each transition of the state diagram
/// taken, and beside them the events QA also wants to see happen (the diagram lists those
/// under "Also:"). The snapshot keeps the counts under `key`, the text the store writes in
/// its coverage table, so devices saved before this type keep their counts.
public enum CoverageKey: Hashable, Sendable {
    /// An arrow of the diagram: `checkOut`.
    case transition(Transition)
    /// An Entra global sign-out through the browser (`signoutFromBrowser`).
    case signOutFromBrowser
    /// A user locked out after too many failed attempts.
    case accountLockout
    case goOnline, goOffline
    /// MSAL `removeAccount` in an app.
    case removeAccount
    /// An entra-ios registration: in shared device mode (nil), or not, by the first rule of
    /// the MDM set-up broken (002): `registration:shared`, `registration:not-shared:ios-too-old`.
    case registration(brokenRule: SharedDeviceMisconfiguration.Kind?)
    /// The MDM removed part of the shared device mode configuration from a registered device.
    case sharedDeviceConfigurationRemoved(SharedDeviceConfigurationPart)
    /// An interactive token request showed its prompt: in the app (embedded flow) or in the broker.
    case tokenPrompt(inApp: Bool)
    /// A token request ended: the call, and its outcome's tag (`token:broker`, `failed:no-token`).
    case tokenOutcome(TokenCall, tag: String)
    /// An event refused, by the refusal's tag: `refused:checkOut:locked-out`.
    case refused(event: String, tag: String)
    /// A race of Docs/faults.md happened (its preset's name): `race:broker-interrupted-by-check-in`.
    case race(String)
    /// An injected fault fired, and the transition whose delivery it hit: `fault:drop:signOut`.
    case fault(FaultKind, during: Transition?)
    /// Android: a `CURRENT_ACCOUNT_CHANGED` broadcast of a type reached an app's receiver, or
    /// an app missed it: `broadcast:GLOBAL_SIGN_OUT`, `broadcast:GLOBAL_SIGN_OUT:missed`.
    case broadcast(BroadcastType, delivered: Bool)

    /// The token requests whose outcomes are counted.
    public enum TokenCall: String, Sendable {
        case acquireTokenSilently, acquireTokenInteractively, refreshInBackground
    }

    /// The key's text in the snapshot and the store.
    public var key: String {
        switch self {
        case let .transition(t): t.rawValue
        case .signOutFromBrowser: "signOutFromBrowser"
        case .accountLockout: "accountLockout"
        case .goOnline: "goOnline"
        case .goOffline: "goOffline"
        case .removeAccount: "removeAccount"
        case let .registration(rule): rule.map { "registration:not-shared:\($0.rawValue)" } ?? "registration:shared"
        case let .sharedDeviceConfigurationRemoved(part): "removeSharedDeviceConfiguration:\(part.rawValue)"
        case let .tokenPrompt(inApp): inApp ? "tokenRequest:in-app" : "tokenRequest:broker"
        case let .tokenOutcome(call, tag): "\(call.rawValue):\(tag)"
        case let .refused(event, tag): "refused:\(event):\(tag)"
        case let .race(name): "race:\(name)"
        case let .fault(kind, during): during.map { "fault:\(kind.rawValue):\($0.rawValue)" } ?? "fault:\(kind.rawValue)"
        case let .broadcast(type, delivered): "broadcast:\(type.rawValue)" + (delivered ? "" : ":missed")
        }
    }
}

extension DeviceSnapshot {
    /// Times `key` was counted.
    public func coverage(of key: CoverageKey) -> Int { coverage[key.key] ?? 0 }

    /// Times `transition` was taken.
    public func timesTaken(_ transition: Transition) -> Int { coverage(of: .transition(transition)) }
}
