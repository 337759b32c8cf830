import Foundation
import Synchronization

/// MSAL's process-wide settings: the logger's (accepted and ignored: hubsim's MSAL writes no log
/// of its own, what it did is in the pane's history) and whether the broker may be used.
public enum MSALGlobalConfig {
    /// The logger's settings (`MSALGlobalConfig.loggerConfig.logLevel = .verbose`).
    public static var loggerConfig: MSALLoggerConfig { MSALLoggerConfig.shared }

    /// Whether MSAL may use the broker (MSAL's default, `.auto`); hubsim's single sign-on rules
    /// read it with the app's configuration.
    public static var brokerAvailability: MSALBrokeredAvailability {
        get { MSALLoggerConfig.shared.brokerAvailability }
        set { MSALLoggerConfig.shared.brokerAvailability = newValue }
    }
}

/// Whether MSAL may use the broker (Microsoft Authenticator, or the SSO extension).
public enum MSALBrokeredAvailability: Int, Sendable {
    case auto, none
}

/// How much MSAL logs (MSAL's `MSALLogLevel`).
public enum MSALLogLevel: Int, Sendable {
    case nothing, error, warning, info, verbose
}

/// MSAL's logger settings (MSAL's `MSALLoggerConfig`): kept, never used.
public final class MSALLoggerConfig: Sendable {
    static let shared = MSALLoggerConfig()

    private struct Settings {
        var level = MSALLogLevel.info
        var pii = false
        var broker = MSALBrokeredAvailability.auto
    }
    private let settings = Mutex(Settings())

    /// Kept here, beside the logger's settings, as MSAL's global configuration keeps both.
    var brokerAvailability: MSALBrokeredAvailability {
        get { settings.withLock { $0.broker } }
        set { settings.withLock { $0.broker = newValue } }
    }

    public var logLevel: MSALLogLevel {
        get { settings.withLock { $0.level } }
        set { settings.withLock { $0.level = newValue } }
    }

    /// Whether messages may hold personal data (MSAL's `piiEnabled`).
    public var piiEnabled: Bool {
        get { settings.withLock { $0.pii } }
        set { settings.withLock { $0.pii = newValue } }
    }

    /// Accepted; never called, as hubsim's MSAL writes no log.
    public func setLogCallback(_ callback: @escaping (MSALLogLevel, String?, Bool) -> Void) {}
}
