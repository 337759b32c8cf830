/// Why an app did not receive the account-change notice: on iOS `SHARED_MODE_CURRENT_ACCOUNT_CHANGED`
/// (000: only a running app that registered a listener, in the foreground or in the background
/// with a background capability, receives it); on Android the broker's `CURRENT_ACCOUNT_CHANGED`
/// broadcast (Microsoft Learn, "Shared device mode for Android devices": only a running app's
/// receiver registered at run time gets it).
public enum MissReason: String, Codable, Sendable, CaseIterable {
    /// Not started since installation, or terminated.
    case notRunning = "not running"
    /// In memory but not executing.
    case suspended
    /// In the background without a background capability.
    case noBackgroundCapability = "in the background without a background capability"
    /// An MSAL app that registered no listener for the notification.
    case notListening = "no listener registered"
    /// No SDK at all: nothing on the app's side hears the notification.
    case noSDK = "no SDK"
    /// Android: the receiver is declared in the manifest, which an implicit broadcast does not
    /// reach since Android 8 (Android Developers, "Implicit broadcast exceptions").
    case manifestReceiver = "manifest receiver"
    /// Android: an MSAL app that registered no receiver.
    case noReceiver = "no receiver registered"
    /// Android: the app's process is not running (never started, or stopped): nothing of it
    /// receives; it learns at its next start through `onAccountChanged`.
    case stopped
    /// Android: a cached process (`suspend`). Android 14 queues context-registered broadcasts
    /// for a cached app and delivers them when it leaves the cached state (Android Developers,
    /// "Behavior changes: all apps", Android 14, "Context-registered broadcasts are queued
    /// while apps are cached"), so it is told when it resumes.
    case cached = "cached: delivered when it resumes"
    /// Android: the account was removed in the system's Settings, which sends no broadcast
    /// (MSAL for Android common library, its end-to-end test of an account removed in Settings).
    case accountRemovedInSettings = "account removed in Settings (no broadcast)"

    /// Why `app` misses a notification posted now on iOS; nil when it receives it. A permanent
    /// reason (no SDK, no listener) comes before one of the moment (lifecycle).
    public static func of(_ app: AppRuntime) -> MissReason? { of(app, on: .iOS) }

    /// Why `app` misses the account-change notice of `platform` posted now; nil when it
    /// receives it (on Android a cached app gets `.cached`: it receives it later).
    public static func of(_ app: AppRuntime, on platform: DevicePlatform) -> MissReason? {
        guard let traits = app.definition.msal else { return .noSDK }
        switch platform {
        case .iOS:
            guard traits.listensForNotification else { return .notListening }
            switch app.lifecycle {
            case .foreground: return nil
            case .background: return traits.backgroundCapability ? nil : .noBackgroundCapability
            case .suspended: return .suspended
            case .notRunning, .terminated: return .notRunning
            }
        case .android:
            switch traits.broadcastReceiver {
            case .none: return .noReceiver
            case .manifest: return .manifestReceiver
            case .runtime: break
            }
            switch app.lifecycle {
            case .foreground, .background: return nil
            case .suspended: return .cached
            case .notRunning, .terminated: return .stopped
            }
        }
    }

    /// A short form for narrow panes.
    public var short: String {
        switch self {
        case .notRunning: "not running"
        case .suspended: "suspended"
        case .noBackgroundCapability: "no background"
        case .notListening: "not listening"
        case .noSDK: "no SDK"
        case .manifestReceiver: "manifest receiver"
        case .noReceiver: "no receiver"
        case .stopped: "stopped"
        case .cached: "cached"
        case .accountRemovedInSettings: "removed in Settings"
        }
    }
}
