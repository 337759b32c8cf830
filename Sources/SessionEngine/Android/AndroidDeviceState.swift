/// What an Android device remembers beyond the shared snapshot: the Authenticator's
/// registration, what each running app's `isSharedDevice()` read when its process was created,
/// and the broadcasts queued for cached processes. nil on iOS profiles and until the first is
/// needed, so devices without it keep their shape (the store writes it as one JSON value).
public struct AndroidDeviceState: Codable, Equatable, Sendable {
    /// The broker sent `SDM_REGISTERED`: the device is in shared device mode.
    public var registered = false
    /// `isSharedDevice()` as each running MSAL app read it when its process was created. MSAL
    /// reads the mode once, at `PublicClientApplication` creation, and an app keeps that value
    /// until it is recreated (MSAL for Android tracker, "MSFT apps do not get SDM state
    /// updates").
    public var sharedDeviceReads: [AppID: Bool] = [:]
    /// Broadcasts waiting for a cached process to leave the cached state, in order, one per
    /// app and type (Android 14 merges repeats of a queued broadcast).
    public var queued: [Delivery] = []

    public init() {}
}
