/// How an app lets the Microsoft identity SDK sign in (003, "Step 1: Enable broker mode").
public enum CredentialMode: String, Codable, Sendable, CaseIterable {
    /// `AD_CREDENTIALS_AUTO`: the SDK may call the broker when the set-up allows it.
    case auto
    /// `AD_CREDENTIALS_EMBEDDED`: never calls the broker; prompts inside the app.
    case embedded

    /// The SDK constant, as the reference names it.
    public var sdkName: String { self == .auto ? "AD_CREDENTIALS_AUTO" : "AD_CREDENTIALS_EMBEDDED" }
}

/// An app's single sign-on set-up as its developer wrote it (Info.plist, entitlements and the
/// SDK's settings): the data the rules of 003 are checked against.
public struct SSOConfiguration: Codable, Sendable, Equatable {
    /// The client (application) ID of its app registration.
    public var clientID: String
    /// The bundle ID the OS reports for the app (it cannot be spoofed).
    public var bundleID: String
    /// Redirect URIs the app declares, the one it tells the SDK first; a certificate-auth
    /// redirect (`msauth://code/…`) may follow.
    public var redirectURIs: [String]
    /// `defaultKeychainSharingGroup`; nil: the app's own keychain (its bundle ID), shared with nobody.
    public var keychainGroup: String?
    public var credentialMode: CredentialMode
    /// `CFBundleURLSchemes`.
    public var urlSchemes: [String]
    /// `LSApplicationQueriesSchemes` (the broker check needs `msauth`).
    public var querySchemes: [String]
    /// Whether the app offers certificate-based authentication (needs the broker and 003's
    /// `msauth://code/<url-encoded redirect URI>`).
    public var certificateAuth: Bool

    public init(clientID: String, bundleID: String, redirectURIs: [String], keychainGroup: String? = nil,
                credentialMode: CredentialMode = .embedded, urlSchemes: [String] = [], querySchemes: [String] = [],
                certificateAuth: Bool = false) {
        self.clientID = clientID; self.bundleID = bundleID; self.redirectURIs = redirectURIs
        self.keychainGroup = keychainGroup; self.credentialMode = credentialMode; self.urlSchemes = urlSchemes
        self.querySchemes = querySchemes; self.certificateAuth = certificateAuth
    }

    /// The redirect URI the app tells the SDK: the first that is not a certificate redirect.
    public var redirectURI: String {
        redirectURIs.first { !$0.hasPrefix(SSORules.certificateRedirectPrefix) } ?? redirectURIs.first ?? ""
    }

    /// The keychain access group its tokens are cached in (its bundle ID when it shares none).
    public var tokenCacheGroup: String { keychainGroup ?? bundleID }
}

/// One app registration of the tenant (the portal's side): a client ID and the redirect
/// URIs registered under it.
public struct AppRegistration: Sendable, Equatable, Codable {
    public var clientID: String
    public var name: String
    public var redirectURIs: [String]

    public init(clientID: String, name: String, redirectURIs: [String]) {
        self.clientID = clientID; self.name = name; self.redirectURIs = redirectURIs
    }
}
