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
    /// The app as Android knows it (package name, signing certificate) and the redirect URI its
    /// MSAL configuration names there; nil: an app written for iOS only, whose Android redirect
    /// is then its first iOS one (what a port that kept the iOS file would send).
    public var android: AndroidIdentity?

    public init(clientID: String, bundleID: String, redirectURIs: [String], keychainGroup: String? = nil,
                credentialMode: CredentialMode = .embedded, urlSchemes: [String] = [], querySchemes: [String] = [],
                certificateAuth: Bool = false, android: AndroidIdentity? = nil) {
        self.clientID = clientID; self.bundleID = bundleID; self.redirectURIs = redirectURIs
        self.keychainGroup = keychainGroup; self.credentialMode = credentialMode; self.urlSchemes = urlSchemes
        self.querySchemes = querySchemes; self.certificateAuth = certificateAuth; self.android = android
    }

    /// The redirect URI the app tells the SDK: the first that is not a certificate redirect.
    public var redirectURI: String {
        redirectURIs.first { !$0.hasPrefix(SSORules.certificateRedirectPrefix) } ?? redirectURIs.first ?? ""
    }

    /// The redirect URI the app tells the SDK on `platform`: on iOS the first of
    /// `redirectURIs` that is not a certificate redirect; on Android its MSAL configuration's
    /// `redirect_uri` (`msauth://<package name>/<URL-encoded signature hash>`, MSAL Android
    /// Frequently asked questions, "Redirect URI issues").
    public func redirectURI(on platform: DevicePlatform) -> String {
        switch platform {
        case .iOS: redirectURI
        case .android: android?.configuredRedirectURI ?? redirectURI
        }
    }

    /// The name the operating system reports for the app: its bundle ID on iOS, its package
    /// name on Android (the bundle ID when the app declares no Android identity).
    public func appName(on platform: DevicePlatform) -> String {
        switch platform {
        case .iOS: bundleID
        case .android: android?.packageName ?? bundleID
        }
    }

    /// The keychain access group its tokens are cached in (its bundle ID when it shares none).
    public var tokenCacheGroup: String { keychainGroup ?? bundleID }
}

/// An app's identity on Android as the broker checks it: the package name the operating
/// system reports and the signature hash of the certificate the app is signed with (the
/// Base64 SHA-1 the portal asks for), and the redirect URI the app's MSAL configuration file
/// names. The broker rebuilds `msauth://<package name>/<URL-encoded signature hash>` from
/// the calling app and refuses a request whose redirect differs (MSAL for Android's issue
/// threads "Redirect URI doesn't match with the one generated with package name and signature hash" and "Crash related to
/// Redirect URL when app is published": the broker uses the package name and signature hash
/// to verify the calling app).
public struct AndroidIdentity: Codable, Sendable, Equatable {
    public var packageName: String
    /// Base64 SHA-1 of the signing certificate, as `keytool … | openssl sha1 -binary | openssl
    /// base64` prints it (not URL-encoded); nil: not declared, so only its presence in the
    /// redirect is checked.
    public var signatureHash: String?
    /// The `redirect_uri` of the app's MSAL configuration; nil: the one the portal generates.
    public var redirectURI: String?

    public init(packageName: String, signatureHash: String? = nil, redirectURI: String? = nil) {
        self.packageName = packageName; self.signatureHash = signatureHash; self.redirectURI = redirectURI
    }

    /// What the portal generates for this package and hash (the hash URL-encoded), and so
    /// what the broker expects.
    public var expectedRedirectURI: String {
        "\(SSORules.brokerQueryScheme)://\(packageName)/" + (signatureHash.map(SSORules.percentEncoded) ?? "<signature hash>")
    }

    /// The redirect URI the app's configuration names.
    public var configuredRedirectURI: String { redirectURI ?? expectedRedirectURI }
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
