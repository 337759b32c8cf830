/// What the device tells an app's own code: a lifecycle change, a Workspace ONE delegate
/// callback or the Entra notification. For the catalogue's apps the simulator answers
/// (`SimulatedApp`); for a developer's program each becomes a bridge request, whose method
/// AppBridge names (Docs/bridge-protocol.md).
public enum AppEvent: Codable, Sendable, Equatable {
    /// Cold launch: the process has just started.
    case launch
    /// Back to the foreground (resume): where the Microsoft documentation has an app call
    /// `getCurrentAccount`.
    case foreground
    case background
    case suspend
    case terminate
    /// Workspace ONE (004, Programming Interface), after the SDK deleted its keys.
    case controllerDidWipeCurrentUserData
    case controllerDidDetectUserChange
    /// `error`: nil, or `sharedDeviceNotCheckedOut` on a checked-in device.
    case controllerDidFinishInitialCheck(error: String?)
    /// Workspace ONE's optional data-access callbacks at the inactivity lock and its unlock,
    /// for a program that implements them (`AppProcess.optionalCallbacks`).
    case controllerWillPromptForPasscode
    case controllerDidLockDataAccess
    case controllerDidUnlockDataAccess
    /// Entra shared device mode's Darwin notification (000).
    case sharedModeCurrentAccountChanged
    /// Entra shared device mode on Android: the broker's broadcast
    /// `com.microsoft.identity.client.sharedmode.CURRENT_ACCOUNT_CHANGED` with its extra
    /// `BROADCAST_TYPE`, reaching a receiver the process registered at run time (Microsoft
    /// Learn, "Shared device mode for Android devices").
    case currentAccountChanged(BroadcastType)

    /// The name a log line or a verdict uses (the SDK's own name for a callback).
    public var name: String {
        switch self {
        case .launch: "cold launch"
        case .foreground: "foreground"
        case .background: "background"
        case .suspend: "suspend"
        case .terminate: "terminate"
        case .controllerDidWipeCurrentUserData: API.didWipeCurrentUserData
        case .controllerDidDetectUserChange: API.didDetectUserChange
        case .controllerDidFinishInitialCheck(let error): "\(API.didFinishInitialCheck)(error: \(error ?? "nil"))"
        case .controllerWillPromptForPasscode: API.willPromptForPasscode
        case .controllerDidLockDataAccess: API.didLockDataAccess
        case .controllerDidUnlockDataAccess: API.didUnlockDataAccess
        case .sharedModeCurrentAccountChanged: API.accountChangedNotification
        case let .currentAccountChanged(type): "\(API.currentAccountChangedBroadcast) (\(type.rawValue))"
        }
    }
}

/// An event on its way to a developer's program: the bridge sends it, and reports the
/// answer back with its serial (`SharedDevice.appAnswered`).
public struct AppRequest: Codable, Sendable, Equatable {
    public var serial: Int
    public var app: AppID
    public var event: AppEvent
    public init(serial: Int, app: AppID, event: AppEvent) { self.serial = serial; self.app = app; self.event = event }
}
