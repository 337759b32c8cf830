/// What an accepted action did, typed: the event method's own result, and for the events
/// whose effect is not visible at once, what happened (whom the word reached), so a front end
/// can say it without asking the action again.
public enum ActionResult: Equatable, Sendable {
    /// The device's state after an event whose effect shows on the device itself.
    case state(DeviceState)
    /// Checked in (Workspace ONE): nothing is broadcast; each app notices at its next
    /// foreground or cold start.
    case checkedIn(DeviceState)
    /// The console's enterprise wipe: sent; apps wipe at their next opportunity.
    case wipeSent(DeviceState)
    /// A sign-out, and how far the word went.
    case signedOut(SignOutReach)
    /// The account removed in Android's Settings: no broadcast.
    case accountRemovedInSettings(DeviceState)
    /// Part of shared device mode's configuration removed; `stillSharedMode`: the device
    /// stays in shared device mode (the known issue) until it is reset and registered again.
    case configurationRemoved(SharedModeRegistration, stillSharedMode: Bool)
    case unlocked(UnlockOutcome)
    case lifecycle(AppLifecycle)
    case delivered(Delivery)
    case token(TokenOutcome)
    case interactive(InteractiveStep)
    case tokenRemoved(TokenRemoval)
    case draft(StoredItem)
    case faultArmed(ArmedFault)
    case faultsDisarmed([ArmedFault])
    case faultDisarmed(ArmedFault)
    /// An event with nothing to report (opening the broker, a delivery mode, a person's activity).
    case done
}

/// Whom a sign-out reached.
public enum SignOutReach: Equatable, Sendable {
    /// Not in shared device mode: the Authenticator only; every app keeps the account.
    case authenticatorOnly
    /// iOS: signed out for every app, the account-change notification posted to the apps
    /// that can receive it.
    case notificationPosted
    /// Android: signed out for every app, the broadcast of this type sent to running apps
    /// with a receiver registered at run time.
    case broadcast(BroadcastType)
}
