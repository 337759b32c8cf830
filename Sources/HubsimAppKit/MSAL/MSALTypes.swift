import BridgeProtocol
import Foundation
import Synchronization

/// The application's registration (MSAL's `MSALPublicClientApplicationConfig`).
public final class MSALPublicClientApplicationConfig: Sendable {
    public let clientId: String
    private let settings: Mutex<(redirectUri: String?, authority: MSALAuthority?)>
    /// The keychain and cache settings (`cacheConfig.keychainSharingGroup`).
    public let cacheConfig = MSALCacheConfig()

    public init(clientId: String, redirectUri: String? = nil, authority: MSALAuthority? = nil) {
        self.clientId = clientId
        self.settings = Mutex((redirectUri, authority))
    }

    public var redirectUri: String? {
        get { settings.withLock { $0.redirectUri } }
        set { settings.withLock { $0.redirectUri = newValue } }
    }

    /// Accepted and ignored: hubsim's tenant is the only directory there is.
    public var authority: MSALAuthority? {
        get { settings.withLock { $0.authority } }
        set { settings.withLock { $0.authority = newValue } }
    }
}

/// Where MSAL keeps its tokens (MSAL's `MSALCacheConfig`).
public final class MSALCacheConfig: Sendable {
    private let group = Mutex("com.microsoft.adalcache")

    /// The keychain access group MSAL shares its cache through (MSAL's default is
    /// `com.microsoft.adalcache`).
    public var keychainSharingGroup: String {
        get { group.withLock { $0 } }
        set { group.withLock { $0 = newValue } }
    }
}

/// The directory that issues tokens (MSAL's `MSALAuthority`). Accepted and ignored: hubsim's
/// tenant is the only directory there is.
// unchecked: a class MSALAADAuthority subclasses, as in MSAL, cannot be checked; its one stored property is a let of a Sendable type
public class MSALAuthority: @unchecked Sendable {
    public let url: URL

    init(checked url: URL) {
        self.url = url
    }
}

/// A Microsoft Entra authority such as `https://login.microsoftonline.com/common`.
// unchecked: a subclass cannot be checked; it has no stored property of its own
public final class MSALAADAuthority: MSALAuthority, @unchecked Sendable {
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
// unchecked: a class the token parameters subclass, as in MSAL, cannot be checked; its one stored property is a Mutex
public class MSALParameters: @unchecked Sendable {
    private let queue = Mutex<DispatchQueue?>(nil)

    public init() {}

    /// Where the call's completion block runs; nil for the main queue, as in MSAL.
    public var completionBlockQueue: DispatchQueue? {
        get { queue.withLock { $0 } }
        set { queue.withLock { $0 = newValue } }
    }
}

/// Parameters of a token request.
// unchecked: a subclass cannot be checked; its one stored property is a Mutex
public class MSALTokenParameters: MSALParameters, @unchecked Sendable {
    private let storedScopes: Mutex<[String]>

    public init(scopes: [String]) {
        storedScopes = Mutex(scopes)
    }

    public var scopes: [String] {
        get { storedScopes.withLock { $0 } }
        set { storedScopes.withLock { $0 = newValue } }
    }
}

/// Parameters of `acquireTokenSilent`.
// unchecked: a subclass cannot be checked; its one stored property is a Mutex
public final class MSALSilentTokenParameters: MSALTokenParameters, @unchecked Sendable {
    private let storedAccount: Mutex<MSALAccount>

    public init(scopes: [String], account: MSALAccount) {
        storedAccount = Mutex(account)
        super.init(scopes: scopes)
    }

    public var account: MSALAccount {
        get { storedAccount.withLock { $0 } }
        set { storedAccount.withLock { $0 = newValue } }
    }
}

/// How the sign-in prompt is shown. hubsim shows its own prompt in the app's pane, so the view
/// controller to present from is accepted and ignored.
// unchecked: its one stored property is a let holding the app's view controller, which the kit never touches
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
// unchecked: a subclass cannot be checked; its one stored property is a Mutex
public final class MSALInteractiveTokenParameters: MSALTokenParameters, @unchecked Sendable {
    private let settings: Mutex<(webview: MSALWebviewParameters, prompt: MSALPromptType, loginHint: String?)>

    public init(scopes: [String], webviewParameters: MSALWebviewParameters = MSALWebviewParameters()) {
        settings = Mutex((webviewParameters, MSALPromptType.default, nil))
        super.init(scopes: scopes)
    }

    public var webviewParameters: MSALWebviewParameters {
        get { settings.withLock { $0.webview } }
        set { settings.withLock { $0.webview = newValue } }
    }

    /// Accepted and ignored (see ``MSALPromptType``).
    public var promptType: MSALPromptType {
        get { settings.withLock { $0.prompt } }
        set { settings.withLock { $0.prompt = newValue } }
    }

    /// A hint of the account to sign in with; accepted and ignored (the person types it).
    public var loginHint: String? {
        get { settings.withLock { $0.loginHint } }
        set { settings.withLock { $0.loginHint = newValue } }
    }
}

/// Parameters of `signout`.
// unchecked: a subclass cannot be checked; its one stored property is a Mutex
public final class MSALSignoutParameters: MSALParameters, @unchecked Sendable {
    private let settings: Mutex<(webview: MSALWebviewParameters, fromBrowser: Bool)>

    public init(webviewParameters: MSALWebviewParameters = MSALWebviewParameters()) {
        settings = Mutex((webviewParameters, false))
    }

    public var webviewParameters: MSALWebviewParameters {
        get { settings.withLock { $0.webview } }
        set { settings.withLock { $0.webview = newValue } }
    }

    /// Also sign out of the browser; in shared device mode the whole device is signed out.
    public var signoutFromBrowser: Bool {
        get { settings.withLock { $0.fromBrowser } }
        set { settings.withLock { $0.fromBrowser = newValue } }
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
