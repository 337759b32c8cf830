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

    /// What the device action will do to each app: the action rehearsed on a copy of the
    /// device as it is now (`StepForecast`). Nil for quitting.
    public internal(set) var forecast: StepForecast?

    public init(_ kind: Kind, place: Notice.Place = .hub, askedIn: DeviceState.Kind) {
        self.kind = kind; self.place = place; self.askedIn = askedIn
    }

    /// The question about `kind` on `device`, its forecast rehearsed there.
    init(_ kind: Kind, place: Notice.Place = .hub, on device: SharedDevice) {
        self.init(kind, place: place, askedIn: device.state.kind)
        refresh(on: device)
    }

    /// Rehearses the action again when the device changed since (a clock tick while the
    /// question waits): what the dialog says is always what a yes does now.
    mutating func refresh(on device: SharedDevice) {
        guard let action, forecast?.revision != device.revision else { return }
        forecast = StepForecast(action, on: device)
    }

    /// The device action, if it is one.
    public var action: DeviceAction? { if case let .device(a) = kind { a } else { nil } }

    /// The Hub's own log-out confirmation (a page of the Hub, as on a real device), as opposed to the
    /// simulator's confirmations of the console's and broker's actions.
    public var isHubLogOut: Bool { action == .logOut }
}
