import Foundation

/// An Android `Intent` as a broadcast receiver gets it: its action and its string extras
/// (`getStringExtra`). The broker's shared device mode broadcast is
/// ``SharedDeviceModeBroadcast/currentAccountChanged`` with the extra
/// ``SharedDeviceModeBroadcast/broadcastTypeKey`` (Microsoft Learn, "Shared device mode for
/// Android devices").
public struct Intent: Equatable, Sendable {
    public var action: String
    public var extras: [String: String]

    public init(action: String, extras: [String: String] = [:]) {
        self.action = action
        self.extras = extras
    }

    /// The extra `name`, as Android's `Intent.getStringExtra`.
    public func getStringExtra(_ name: String) -> String? { extras[name] }
}

/// Android's `IntentFilter`, for the one action a receiver wants.
public struct IntentFilter: Equatable, Sendable {
    public var action: String

    public init(action: String) {
        self.action = action
    }
}

/// The names of MSAL for Android's shared device mode broadcast (its common library's
/// `SharedDeviceModeConstants`).
public enum SharedDeviceModeBroadcast {
    /// The action the broker (Authenticator) sends when the device's account changes.
    public static let currentAccountChanged = "com.microsoft.identity.client.sharedmode.CURRENT_ACCOUNT_CHANGED"
    /// The extra that says what happened.
    public static let broadcastTypeKey = "BROADCAST_TYPE"
    /// The Authenticator began registering the device in shared device mode.
    public static let registrationStart = "SDM_REGISTRATION_START"
    /// The device is registered in shared device mode.
    public static let registered = "SDM_REGISTERED"
    /// A worker signed out of the device: every shared-mode app is signed out.
    public static let globalSignOut = "GLOBAL_SIGN_OUT"
}
