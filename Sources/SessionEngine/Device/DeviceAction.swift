/// Every engine event as a value: the one vocabulary the interactive UI dispatches, the
/// scenario runner replays and the recorder writes.
public enum DeviceAction: Equatable, Sendable {
    case enroll(group: String?, user: String, password: Secret)
    case installProfileStep
    case completeEnrollment
    case checkOut(group: String?, user: String, password: Secret, passcode: Secret?)
    case logOut
    case unlock(Secret)
    case enterpriseWipe
    case signIn(user: String, password: Secret, from: AccountSource)
    case signOut(from: AccountSource, browser: Bool)
    case launch(AppID)
    case background(AppID)
    case suspend(AppID)
    case terminate(AppID)
    case openBroker
    case goOnline
    case goOffline
    case advanceClock(seconds: Double)
    case setDeliveryMode(DeliveryMode)
    case releaseDelivery
    /// A person typed or clicked without changing the device: the inactivity timer restarts.
    case userActivity
    /// MSAL `acquireTokenSilent` in the app (003).
    case acquireTokenSilently(AppID)
    /// MSAL `acquireToken` (interactive) in the app: a prompt in the app or the broker round trip.
    case beginTokenRequest(AppID)
    /// The person answers the waiting prompt: credentials, or (password nil) an account the broker offers.
    case completeTokenRequest(user: String, password: Secret?)
    /// The person cancels the waiting prompt.
    case cancelTokenRequest
    /// MSAL `removeAccount` in the app: deletes the account's tokens of its whole keychain group.
    case removeAccount(AppID)
    /// The app refreshes its token in the background (a silent request it makes on its own).
    case refreshInBackground(AppID)
    /// The MDM removes part of shared device mode's configuration from a registered entra-ios device.
    case removeSharedDeviceConfiguration(SharedDeviceConfigurationPart)
    /// The account removed in the Authenticator, behind the SDK's back (entra-ios): no notification.
    case removeAccountInAuthenticator
    /// The work account removed in Android's Settings > Accounts: no broadcast (Android profiles).
    case removeAccountFromSettings
    /// The person types in the app in front and does not save: a draft in its memory only.
    case writeDraft(AppID)
    /// QA arms an injected fault on the app (Docs/faults.md).
    case armFault(AppID, InjectedFault)
    /// QA disarms every fault waiting on the app.
    case disarmFaults(AppID)
    /// QA disarms one armed fault by its number.
    case disarmFault(Int)
    /// Managed Home Screen: the worker creates the session PIN after signing in (never recorded in plaintext).
    case setSessionPIN(Secret)
    /// Managed Home Screen: the worker enters the session PIN to leave the screensaver.
    case enterSessionPIN(Secret)
    /// Managed Home Screen: the worker dismisses the automatic sign-out's countdown dialog.
    case dismissAutoSignOut

    /// The scenario step that writes the event (`logOut` is written `checkIn`, as the Hub's
    /// menu says; `beginTokenRequest` is `acquireTokenInteractively`, as MSAL calls it).
    public var stepName: StepName {
        switch self {
        case .enroll: .enroll
        case .installProfileStep: .installProfileStep
        case .completeEnrollment: .completeEnrollment
        case .checkOut: .checkOut
        case .logOut: .checkIn
        case .unlock: .unlock
        case .enterpriseWipe: .enterpriseWipe
        case .signIn: .signIn
        case .signOut: .signOut
        case .launch: .launch
        case .background: .background
        case .suspend: .suspend
        case .terminate: .terminate
        case .openBroker: .openBroker
        case .goOnline: .goOnline
        case .goOffline: .goOffline
        case .advanceClock: .advanceClock
        case .setDeliveryMode: .setDeliveryMode
        case .releaseDelivery: .releaseDelivery
        case .userActivity: .userActivity
        case .acquireTokenSilently: .acquireTokenSilently
        case .beginTokenRequest: .acquireTokenInteractively
        case .completeTokenRequest: .completeTokenRequest
        case .cancelTokenRequest: .cancelTokenRequest
        case .removeAccount: .removeAccount
        case .refreshInBackground: .refreshInBackground
        case .removeSharedDeviceConfiguration: .removeSharedDeviceConfiguration
        case .removeAccountInAuthenticator: .removeAccountInAuthenticator
        case .removeAccountFromSettings: .removeAccountFromSettings
        case .writeDraft: .writeDraft
        case .armFault, .disarmFaults, .disarmFault: .fault
        case .setSessionPIN: .setSessionPIN
        case .enterSessionPIN: .enterSessionPIN
        case .dismissAutoSignOut: .dismissAutoSignOut
        }
    }

    /// The event's name in reports and messages: its step's spelling.
    public var name: String { stepName.rawValue }

    /// The app the event is on, for the events a person takes on one app (what a declared
    /// step on an app writes, `DeviceAction.Declaration.Form.onApp`).
    public var app: AppID? {
        switch self {
        case let .launch(id), let .background(id), let .suspend(id), let .terminate(id), let .acquireTokenSilently(id),
             let .beginTokenRequest(id), let .removeAccount(id), let .refreshInBackground(id), let .writeDraft(id),
             let .armFault(id, _), let .disarmFaults(id):
            id
        case .enroll, .installProfileStep, .completeEnrollment, .checkOut, .logOut, .unlock, .enterpriseWipe, .signIn, .signOut,
             .openBroker, .goOnline, .goOffline, .advanceClock, .setDeliveryMode, .releaseDelivery, .userActivity,
             .completeTokenRequest, .cancelTokenRequest, .removeSharedDeviceConfiguration, .removeAccountInAuthenticator,
             .removeAccountFromSettings, .disarmFault, .setSessionPIN, .enterSessionPIN, .dismissAutoSignOut:
            nil
        }
    }

    /// Whether a person did it (restarts the inactivity timer); clock and mode changes are not input.
    public var isUserInput: Bool {
        switch self {
        case .advanceClock, .setDeliveryMode, .releaseDelivery, .installProfileStep, .completeEnrollment, .enterpriseWipe,
             .refreshInBackground, .armFault, .disarmFaults, .disarmFault, .removeSharedDeviceConfiguration: false
        default: true
        }
    }
}

/// What became of an action.
public enum ActionOutcome: Equatable, Sendable {
    case accepted
    case refused(Refusal)

    public var refusal: Refusal? { if case let .refused(r) = self { r } else { nil } }
}

extension SharedDevice {
    /// Applies one action through its event method: its typed result, and the effects the
    /// caller must perform (the events it sent to developers' programs, in order).
    public mutating func apply(_ action: DeviceAction) -> Applied {
        let (result, requests) = sendingRequests { $0.result(of: action) }
        return Applied(result: result, effects: requests.map(DeviceEffect.request))
    }

    private mutating func result(of action: DeviceAction) -> Result<ActionResult, Refusal> {
        switch action {
        case let .enroll(g, u, p): return enroll(group: g, user: u, password: p).map(ActionResult.state)
        case .installProfileStep: return installNextProfileStep().map(ActionResult.state)
        case .completeEnrollment: return completeEnrollment().map(ActionResult.state)
        case let .checkOut(g, u, p, c): return checkOut(group: g, user: u, password: p, passcode: c).map(ActionResult.state)
        case .logOut: return logOut().map(ActionResult.checkedIn)
        case let .unlock(s): return unlock(s).map(ActionResult.unlocked)
        case .enterpriseWipe: return enterpriseWipe().map(ActionResult.wipeSent)
        case let .signIn(u, p, src): return signIn(user: u, password: p, from: src).map(ActionResult.state)
        case let .signOut(src, browser): return signOut(from: src, browser: browser).map { _ in .signedOut(signOutReach) }
        case let .launch(id): return launch(id).map(ActionResult.lifecycle)
        case let .background(id): return background(id).map(ActionResult.lifecycle)
        case let .suspend(id): return suspend(id).map(ActionResult.lifecycle)
        case let .terminate(id): return terminate(id).map(ActionResult.lifecycle)
        case .openBroker: openBroker(); return .success(.done)
        case .goOnline: return goOnline().map(ActionResult.state)
        case .goOffline: return goOffline().map(ActionResult.state)
        case let .advanceClock(s): return advanceClock(by: s).map(ActionResult.state)
        case let .setDeliveryMode(m): setDeliveryMode(m); return .success(.done)
        case .releaseDelivery: return releaseNextDelivery().map(ActionResult.delivered)
        case .userActivity: userActivity(); return .success(.done)
        case let .acquireTokenSilently(id): return acquireTokenSilently(id).map(ActionResult.token)
        case let .beginTokenRequest(id): return beginTokenRequest(id).map(ActionResult.interactive)
        case let .completeTokenRequest(u, p): return completeTokenRequest(user: u, password: p).map(ActionResult.token)
        case .cancelTokenRequest: return cancelTokenRequest().map(ActionResult.token)
        case let .removeAccount(id): return removeAccount(id).map(ActionResult.tokenRemoved)
        case let .refreshInBackground(id): return refreshInBackground(id).map(ActionResult.token)
        case let .removeSharedDeviceConfiguration(part):
            return removeSharedDeviceConfiguration(part).map { .configurationRemoved($0, stillSharedMode: isSharedDeviceMode) }
        case .removeAccountInAuthenticator: return removeAccountInAuthenticator().map(ActionResult.state)
        case .removeAccountFromSettings: return removeAccountFromSettings().map(ActionResult.accountRemovedInSettings)
        case let .writeDraft(id): return writeDraft(id).map(ActionResult.draft)
        case let .armFault(id, fault): return armFault(fault, on: id).map(ActionResult.faultArmed)
        case let .disarmFaults(id): return disarmFaults(of: id).map(ActionResult.faultsDisarmed)
        case let .disarmFault(number): return disarmFault(number).map(ActionResult.faultDisarmed)
        case let .setSessionPIN(pin): return setSessionPIN(pin).map(ActionResult.state)
        case let .enterSessionPIN(pin): return enterSessionPIN(pin).map(ActionResult.state)
        case .dismissAutoSignOut: return dismissAutoSignOut().map(ActionResult.state)
        }
    }

    /// How far a sign-out just made went: outside shared device mode the Authenticator only;
    /// in it, every app, told as the platform tells them.
    private var signOutReach: SignOutReach {
        guard isSharedDeviceMode else { return .authenticatorOnly }
        return profile.platform == .android ? .broadcast(.globalSignOut) : .notificationPosted
    }
}
