/// The lifecycle of an iOS app as the simulator models it.
public enum AppLifecycle: String, Codable, Sendable, CaseIterable {
    /// Installed, never started since installation.
    case notRunning = "not running"
    case foreground
    case background
    /// In memory but not executing: misses Darwin notifications.
    case suspended
    /// Was running and was ended; the next launch is a cold start.
    case terminated

    public var isRunning: Bool { self == .foreground || self == .background || self == .suspended }
}

/// Something an app received or did, with the simulator time.
public struct AppLogEntry: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// A Workspace ONE SDK delegate callback.
        case callback
        /// A Darwin notification delivered to a listener.
        case notification
        /// A Darwin notification posted while the app could not receive it; the detail says why.
        case missed
        /// An SDK call the app made, with its result (`getCurrentAccount`).
        case call
        /// A lifecycle change.
        case lifecycle
        /// What the app did with its data (wiped, generated, re-applied).
        case data
    }
    public var time: SimInstant
    public var kind: Kind
    /// The API name for callbacks, notifications and calls; a short verb otherwise.
    public var name: String
    public var detail: String

    public init(time: SimInstant, kind: Kind, name: String, detail: String = "") {
        self.time = time; self.kind = kind; self.name = name; self.detail = detail
    }
}

/// API names, exactly as in the reference documents.
public enum API {
    public static let didWipeCurrentUserData = "controllerDidWipeCurrentUserData"
    public static let didDetectUserChange = "controllerDidDetectUserChange"
    public static let didFinishInitialCheck = "controllerDidFinishInitialCheck"
    public static let sharedDeviceNotCheckedOut = "sharedDeviceNotCheckedOut"
    public static let accountChangedNotification = "SHARED_MODE_CURRENT_ACCOUNT_CHANGED"
    public static let getCurrentAccount = "getCurrentAccount"
    public static let getDeviceInformation = "getDeviceInformation"
}
