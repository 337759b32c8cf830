import BridgeProtocol
import Foundation

/// The application's registration (MSAL's `MSALPublicClientApplicationConfig`).
public final class MSALPublicClientApplicationConfig: @unchecked Sendable {
    public let clientId: String
    public var redirectUri: String?
    /// Accepted and ignored: hubsim's tenant is the only directory there is.
    public var authority: MSALAuthority?
    /// The keychain and cache settings (`cacheConfig.keychainSharingGroup`).
    public let cacheConfig = MSALCacheConfig()

    public init(clientId: String, redirectUri: String? = nil, authority: MSALAuthority? = nil) {
        self.clientId = clientId
        self.redirectUri = redirectUri
        self.authority = authority
    }
}

/// Where MSAL keeps its tokens (MSAL's `MSALCacheConfig`).
public final class MSALCacheConfig: @unchecked Sendable {
    // Guarded by `lock`: the proof of the unchecked Sendable.
    private let lock = NSLock()
    private var group = "com.microsoft.adalcache"

    /// The keychain access group MSAL shares its cache through (MSAL's default is
    /// `com.microsoft.adalcache`).
    public var keychainSharingGroup: String {
        get { lock.withLock { group } }
        set { lock.withLock { group = newValue } }
    }
}

/// The directory that issues tokens (MSAL's `MSALAuthority`). Accepted and ignored: hubsim's
/// tenant is the only directory there is.
public class MSALAuthority: @unchecked Sendable {
    // Its one stored property is a `let`: the proof of the unchecked Sendable, which only a
    // class open to subclassing (as MSAL's is, by MSALAADAuthority) cannot have checked.
    public let url: URL

    init(checked url: URL) {
        self.url = url
    }
}

/// A Microsoft Entra authority such as `https://login.microsoftonline.com/common`.
public final class MSALAADAuthority: MSALAuthority, @unchecked Sendable {
    // No stored property of its own: the proof of the unchecked Sendable.
    /// Throws nothing here; `throws` as in MSAL, so that `try` in the app's code compiles.
    public init(url: URL) throws {
        super.init(checked: url)
    }
}

/// An account MSAL knows. As in MSAL, apps do not make these: MSAL hands them out.
public final class MSALAccount: Equatable, Sendable {
    /// The account's user name (its UPN).
    public let username: String?
    /// A stable identifier of the account; hubsim's user names are unique, so it is the user name.
    public let identifier: String?

    init(username: String) {
        self.username = username
        self.identifier = username
    }

    /// The account an answer's member describes: `{"username": …}`, or nil for null.
    static func from(_ value: JSONValue?) -> MSALAccount? {
        value?["username"]?.stringValue.map(MSALAccount.init(username:))
    }

    public static func == (lhs: MSALAccount, rhs: MSALAccount) -> Bool {
        lhs.identifier == rhs.identifier
    }
}

/// How MSAL sees the device.
public enum MSALDeviceMode: Sendable {
    /// A personal device: MSAL keeps each app's own sign-ins.
    case `default`
    /// Microsoft Entra shared device mode: one account for the whole device.
    case shared
}

/// What `getDeviceInformation` answers.
public final class MSALDeviceInformation: Sendable {
    public let deviceMode: MSALDeviceMode

    init(deviceMode: MSALDeviceMode) {
        self.deviceMode = deviceMode
    }
}

/// Parameters every MSAL call takes.
public class MSALParameters: @unchecked Sendable {
    /// Where the call's completion block runs; nil for the main queue, as in MSAL.
    public var completionBlockQueue: DispatchQueue?

    public init() {}
}

/// Parameters of a token request.
public class MSALTokenParameters: MSALParameters, @unchecked Sendable {
    public var scopes: [String]

    public init(scopes: [String]) {
        self.scopes = scopes
    }
}

/// Parameters of `acquireTokenSilent`.
public final class MSALSilentTokenParameters: MSALTokenParameters, @unchecked Sendable {
    public var account: MSALAccount

    public init(scopes: [String], account: MSALAccount) {
        self.account = account
        super.init(scopes: scopes)
    }
}

/// How the sign-in prompt is shown. hubsim shows its own prompt in the app's pane, so the view
/// controller to present from is accepted and ignored.
public final class MSALWebviewParameters: @unchecked Sendable {
    /// What the app passed as the presenting view controller (unused).
    public let parentViewController: AnyObject?

    public init() {
        parentViewController = nil
    }

    /// MSAL's initializer; any object stands in for the `UIViewController`.
    public init(authPresentationViewController: AnyObject) {
        parentViewController = authPresentationViewController
    }
}

/// What the sign-in prompt asks (MSAL's `MSALPromptType`). Accepted and ignored: hubsim's prompt
/// asks for a user name and password whatever the type.
public enum MSALPromptType: Int, Sendable {
    case selectAccount, login, consent, create, promptIfNecessary
    /// MSAL's default, `promptIfNecessary`.
    public static let `default` = MSALPromptType.promptIfNecessary
}

/// Parameters of `acquireToken`: the person signs in at the prompt hubsim shows.
public final class MSALInteractiveTokenParameters: MSALTokenParameters, @unchecked Sendable {
    public var webviewParameters: MSALWebviewParameters
    /// Accepted and ignored (see ``MSALPromptType``).
    public var promptType = MSALPromptType.default
    /// A hint of the account to sign in with; accepted and ignored (the person types it).
    public var loginHint: String?

    public init(scopes: [String], webviewParameters: MSALWebviewParameters = MSALWebviewParameters()) {
        self.webviewParameters = webviewParameters
        super.init(scopes: scopes)
    }
}

/// Parameters of `signout`.
public final class MSALSignoutParameters: MSALParameters, @unchecked Sendable {
    public var webviewParameters: MSALWebviewParameters
    /// Also sign out of the browser; in shared device mode the whole device is signed out.
    public var signoutFromBrowser = false

    public init(webviewParameters: MSALWebviewParameters = MSALWebviewParameters()) {
        self.webviewParameters = webviewParameters
    }
}

/// A token MSAL acquired.
public final class MSALResult: Sendable {
    public let accessToken: String
    public let account: MSALAccount
    public let scopes: [String]

    init(accessToken: String, account: MSALAccount, scopes: [String]) {
        self.accessToken = accessToken
        self.account = account
        self.scopes = scopes
    }
}
