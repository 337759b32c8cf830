/// What a developer's program asks of the device over the bridge: the SDK calls it may
/// make, shaped like the real ones, and what it keeps and shows (Docs/bridge-protocol.md).
/// Typed: the method each comes by is spelled in the BridgeProtocol module, and AppBridge
/// reads it into one of these.
public enum AppCall: Sendable, Equatable {
    /// Workspace ONE `UserInformationController.retrieveUserInfo`.
    case retrieveUserInfo
    /// Workspace ONE `DeviceInformationController.fetchApplicationAssignmentStatus`.
    case fetchApplicationAssignmentStatus
    /// MSAL `getCurrentAccount(with:completionBlock:)`: account and previous account.
    case getCurrentAccount
    /// MSAL `getDeviceInformation(with:completionBlock:)`.
    case getDeviceInformation
    case acquireTokenSilent
    /// Interactive: answered when the person finishes or cancels the prompt.
    case acquireToken
    /// MSAL `signout(with:signoutParameters:completionBlock:)`.
    case signout(fromBrowser: Bool)
    case removeAccount
    /// MSAL `MSALPublicClientApplicationConfig`, as the program's MSAL made it: its client ID,
    /// redirect URI, keychain sharing group and whether it may use the broker. The program's
    /// single sign-on set-up from then on, unless its app entry names one (`sso:`).
    case configureMSAL(clientID: String, redirectURI: String?, keychainGroup: String?, broker: Bool)
    /// MSAL for Android `ISingleAccountPublicClientApplication.getCurrentAccountAsync`: the
    /// answer is its callback, `onAccountLoaded(active)` or `onAccountChanged(prior, current)`.
    case getCurrentAccountAsync
    /// MSAL for Android `IPublicClientApplication.isSharedDevice()`: what the process read
    /// when it started, stale until the app is recreated.
    case isSharedDevice
    /// MSAL for Android `ISingleAccountPublicClientApplication.signOut`: in shared device
    /// mode, the whole device.
    case signOut
    /// Android `Context.registerReceiver` for `CURRENT_ACCOUNT_CHANGED`: the process receives
    /// the broker's broadcast from now until it unregisters or ends.
    case registerReceiver
    case unregisterReceiver
    case put(key: String, owner: UserID?, protection: Protection, text: String)
    case get(key: String)
    case delete(key: String)
    case list
    /// What is on the app's screen now: whose data, and which items.
    case show(user: UserID?, items: [String], lines: [String])

    /// How the program asked to keep an item.
    public enum Protection: String, Sendable, Equatable, CaseIterable {
        /// Sealed under the SDK's data-encryption key.
        case sdk
        /// Sealed under the owner's key from the key server, held in memory only.
        case user
        /// Written as is.
        case plain
    }
}

/// The device's answer to an `AppCall`.
public enum AppCallResult: Sendable, Equatable {
    case userInfo(userName: String, groupID: String, email: String)
    case assignment(isDeviceStagingEnabled: Bool, checkedOutUser: UserID?)
    case accounts(current: UserID?, previous: UserID?)
    /// `getCurrentAccountAsync`'s callback: `onAccountLoaded(current)` when `prior == current`,
    /// else `onAccountChanged(prior, current)`.
    case accountCallback(prior: UserID?, current: UserID?)
    case sharedDevice(Bool)
    case deviceInformation(mode: String)
    case token(account: UserID, accessToken: String)
    /// The call waits for the person (an interactive token request): the bridge answers it
    /// when `SharedDevice.finishedTokenRequests` says so.
    case pending
    case stored(key: String)
    case text(String)
    case items([ItemInfo])
    case done

    public struct ItemInfo: Sendable, Equatable {
        public var key: String
        public var owner: UserID?
        public var protection: AppCall.Protection
        public var readable: Bool
    }
}

/// Why the device refused a call: the kind of refusal (AppBridge sends the bridge protocol's
/// code for it) and the one line the pane shows.
public struct AppCallError: Error, Sendable, Equatable {
    public enum Code: Sendable {
        case invalidParams
        case notSignedIn
        case interactionRequired
        case unreadable
        case refused
        /// The person cancelled the sign-in prompt of an `acquireToken`.
        case canceled
    }
    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }
}
