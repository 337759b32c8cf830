/// The `BROADCAST_TYPE` extra of the broker's `CURRENT_ACCOUNT_CHANGED` broadcast on Android,
/// spelled as MSAL for Android's common library spells them (`SharedDeviceModeConstants`:
/// `BROADCAST_TYPE_SDM_REGISTRATION_START`, `BROADCAST_TYPE_SDM_REGISTERED`,
/// `BROADCAST_TYPE_GLOBAL_SIGN_OUT`). There is no type for a sign-in: the broker broadcasts
/// none, and an app learns of a new account when it next calls `getCurrentAccountAsync`
/// (Microsoft Learn, "Tutorial: Use shared-device mode in your Android application").
public enum BroadcastType: String, Codable, Sendable, CaseIterable {
    /// The Authenticator began registering the device in shared device mode.
    case registrationStart = "SDM_REGISTRATION_START"
    /// The device is registered in shared device mode.
    case registered = "SDM_REGISTERED"
    /// A worker signed out of the device: every shared-mode app is signed out.
    case globalSignOut = "GLOBAL_SIGN_OUT"
}

/// How an MSAL app on Android listens for `CURRENT_ACCOUNT_CHANGED`.
///
/// Since Android 8 an app cannot receive an implicit broadcast through a receiver declared in
/// its manifest (Android Developers, "Implicit broadcast exceptions": apps targeting API 26 or
/// higher "can't register broadcast receivers for implicit broadcasts in their manifest"), so
/// only a receiver the running app registered with `registerReceiver` gets it.
public enum BroadcastReceiverRegistration: String, Codable, Sendable, CaseIterable {
    /// Registered at run time (`Context.registerReceiver`): a running app receives it.
    case runtime
    /// Declared in the manifest: never receives it (implicit broadcast).
    case manifest
    /// No receiver at all.
    case none
}
