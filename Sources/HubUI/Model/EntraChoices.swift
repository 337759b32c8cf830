import SessionEngine

/// The person's choices on entra-ios that the device's state does not hold.
public struct EntraChoices: Sendable {
    /// Whether sign-out uses `signoutFromBrowser`.
    public internal(set) var signOutViaBrowser = false
    /// Where the pending sign-in was started (an app's interactive token request, or the broker).
    public internal(set) var signInSource: AccountSource = .broker
}
