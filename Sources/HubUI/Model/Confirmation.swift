import SessionEngine

/// A step that cannot be taken back, waiting for the person's yes: the forecast-and-confirm
/// dialog shows what it will do (per app, for the device's actions) before it happens.
public struct Confirmation: Equatable, Sendable {
    /// What waits for the yes.
    public enum Kind: Equatable, Sendable {
        /// A device action: the Hub's log out, the console's enterprise wipe, a global sign-out.
        case device(DeviceAction)
        /// Ending hubsim mid-walk.
        case quit
    }

    /// What waits for the yes.
    public var kind: Kind
    /// Where a refusal of the action is shown once confirmed.
    public var place: Notice.Place

    /// The device's state when the question was asked: another state makes it moot.
    public var askedIn: DeviceState.Kind

    public init(_ kind: Kind, place: Notice.Place = .hub, askedIn: DeviceState.Kind) {
        self.kind = kind; self.place = place; self.askedIn = askedIn
    }

    /// The device action, if it is one.
    public var action: DeviceAction? { if case let .device(a) = kind { a } else { nil } }

    /// The Hub's own log-out confirmation (a page of the Hub, SPEC §1), as opposed to the
    /// simulator's confirmations of the console's and broker's actions.
    public var isHubLogOut: Bool { action == .logOut }
}
