import SessionEngine

extension ActionResult {
    /// What a trainer should say after an event whose effect is not visible at once: read
    /// from what the event did, not from the action asked.
    var aftermath: String? {
        switch self {
        case .checkedIn:
            "Checked in. Not broadcast: each Workspace ONE app notices at its next foreground or cold start."
        case .wipeSent:
            "Enterprise wipe sent from the console: apps wipe at their next opportunity."
        case .signedOut(.authenticatorOnly):
            "Signed out of the Authenticator only: not in shared device mode, every app keeps the account."
        case let .signedOut(.broadcast(type)):
            "Signed out for every app; \(type.rawValue) broadcast to running apps with a runtime receiver."
        case .signedOut(.notificationPosted):
            "Signed out for every app; \(API.accountChangedNotification) posted to the apps that can receive it."
        case .accountRemovedInSettings:
            "Account removed in Settings: no broadcast sent. Apps learn at their next \(API.getCurrentAccountAsync)."
        case .configurationRemoved(_, stillSharedMode: true):
            "Known issue: the device stays in shared device mode until it is reset and registered again."
        default:
            nil
        }
    }
}
