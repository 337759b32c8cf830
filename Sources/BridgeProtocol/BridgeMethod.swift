/// Every method of the bridge protocol, spelled as it travels (Docs/bridge-protocol.md): the
/// events hubsim sends a program and the calls a program makes. hubsim's bridge and the app
/// kit both name a method by its case, so a spelling lives here and nowhere else.
public enum BridgeMethod: String, Sendable, CaseIterable {
    // MARK: hubsim → app: the handshake and the events

    case initialize
    case appLaunch = "app/launch"
    case appForeground = "app/foreground"
    case appBackground = "app/background"
    case appSuspend = "app/suspend"
    case appTerminate = "app/terminate"
    /// The Workspace ONE SDK's delegate callbacks (`AWControllerDelegate`).
    case controllerDidWipeCurrentUserData = "awcontroller/controllerDidWipeCurrentUserData"
    case controllerDidDetectUserChange = "awcontroller/controllerDidDetectUserChange"
    case controllerDidFinishInitialCheck = "awcontroller/controllerDidFinishInitialCheck"
    /// Its optional data-access callbacks, sent only to a program that lists them in its
    /// `initialize` answer's `callbacks` (Docs/bridge-protocol.md, "Optional callbacks").
    case controllerWillPromptForPasscode = "awcontroller/controllerWillPromptForPasscode"
    case controllerDidLockDataAccess = "awcontroller/controllerDidLockDataAccess"
    case controllerDidUnlockDataAccess = "awcontroller/controllerDidUnlockDataAccess"
    /// Entra shared device mode's Darwin notification on iOS.
    case sharedModeCurrentAccountChanged = "msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED"
    /// The broker's broadcast on Android, to a receiver registered at run time.
    case currentAccountChanged = "broadcast/CURRENT_ACCOUNT_CHANGED"

    // MARK: app → hubsim: the SDKs

    case retrieveUserInfo = "awcontroller/retrieveUserInfo"
    case fetchApplicationAssignmentStatus = "awcontroller/fetchApplicationAssignmentStatus"
    case getCurrentAccount = "msal/getCurrentAccount"
    case getDeviceInformation = "msal/getDeviceInformation"
    case acquireTokenSilent = "msal/acquireTokenSilent"
    case acquireToken = "msal/acquireToken"
    /// MSAL for iOS `signout(with:signoutParameters:completionBlock:)`.
    case signout = "msal/signout"
    case removeAccount = "msal/removeAccount"
    /// The program's `MSALPublicClientApplicationConfig`.
    case configure = "msal/configure"
    /// MSAL for Android.
    case getCurrentAccountAsync = "msal/getCurrentAccountAsync"
    case isSharedDevice = "msal/isSharedDevice"
    /// MSAL for Android `signOut`: in shared device mode, the whole device.
    case signOut = "msal/signOut"
    case registerReceiver = "msal/registerReceiver"
    case unregisterReceiver = "msal/unregisterReceiver"

    // MARK: app → hubsim: what the app keeps and shows

    case storagePut = "storage/put"
    case storageGet = "storage/get"
    case storageDelete = "storage/delete"
    case storageList = "storage/list"
    case screenShow = "screen/show"

    /// The spelling on the wire.
    public var name: String { rawValue }

    /// The protocol version both ends speak (`initialize`'s `protocolVersion`).
    public static let protocolVersion = "1"
}
