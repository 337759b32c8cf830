/// The application's registration (MSAL's `MSALPublicClientApplicationConfig`).
public final class MSALPublicClientApplicationConfig: @unchecked Sendable {
    public let clientId: String
    public var redirectUri: String?

    public init(clientId: String, redirectUri: String? = nil) {
        self.clientId = clientId
        self.redirectUri = redirectUri
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

/// How the sign-in prompt is shown. hubsim shows its own prompt in the app's pane, so there is no
/// view controller to present from.
public final class MSALWebviewParameters: @unchecked Sendable {
    public init() {}
}

/// Parameters of `acquireToken`: the person signs in at the prompt hubsim shows.
public final class MSALInteractiveTokenParameters: MSALTokenParameters, @unchecked Sendable {
    public var webviewParameters: MSALWebviewParameters

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
