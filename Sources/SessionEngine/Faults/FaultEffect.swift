/// What an injected fault did: the verdicts, the audit, the pane and the reports read it.
public struct FaultEffect: Codable, Equatable, Sendable {
    public var fault: ArmedFault
    public var firedAt: SimInstant
    /// The transition whose delivery it hit (signOut, logOut, checkOut, …): the last one the
    /// device took before it fired; nil before any.
    public var during: Transition?
    /// The delivery's label (`notes: SHARED_MODE_CURRENT_ACCOUNT_CHANGED`), or the callback's name.
    public var delivery: String
    /// One line, concrete: "alice's 2 of 3 items survived (crashed after deleting 1)". A fault
    /// whose outcome comes later (a delay, a slow callback) says what it did when it fired, and
    /// the line is rewritten when the outcome is known.
    public var consequence: String

    public init(fault: ArmedFault, firedAt: SimInstant, during: Transition?, delivery: String, consequence: String) {
        self.fault = fault; self.firedAt = firedAt; self.during = during; self.delivery = delivery; self.consequence = consequence
    }

    public var app: AppID { fault.app }
    public var kind: FaultKind { fault.fault.kind }

    /// `injected fault #N (drop) dropped notes: SHARED_MODE_… at signOut`: the sentence a verdict or a
    /// finding appends.
    public var explanation: String {
        let at = during.map { " at \($0.rawValue)" } ?? ""
        // A callback fault's `delivery` is `app: callback`.
        let callback = delivery.hasPrefix("\(app): ") ? String(delivery.dropFirst(app.count + 2)) : delivery
        let what: String = switch kind {
        case .drop: "dropped \(delivery)"
        case .delay: "delayed \(delivery)"
        case .duplicate: "duplicated \(delivery)"
        case .reorder: "reordered \(delivery)"
        case .crashInCallback: "crashed \(app) in its \(callback)"
        case .slowCallback: "slowed \(app)'s \(callback)"
        case .nilAccounts: "answered nil, nil to \(delivery)"
        case .tokenInFlight: "kept \(delivery) in flight"
        }
        return "injected \(fault.name) \(what)\(at)"
    }
}
