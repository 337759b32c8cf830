/// Why an app did not receive `SHARED_MODE_CURRENT_ACCOUNT_CHANGED` (000: only a running
/// app that registered a listener, in the foreground or in the background with a background
/// capability, receives it).
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

    /// Why `app` misses a notification posted now; nil when it receives it. A permanent
    /// reason (no SDK, no listener) comes before one of the moment (lifecycle).
    public static func of(_ app: AppRuntime) -> MissReason? {
        guard let traits = app.definition.msal else { return .noSDK }
        guard traits.listensForNotification else { return .notListening }
        switch app.lifecycle {
        case .foreground: return nil
        case .background: return traits.backgroundCapability ? nil : .noBackgroundCapability
        case .suspended: return .suspended
        case .notRunning, .terminated: return .notRunning
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
        }
    }
}
