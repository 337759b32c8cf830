/// One rule of 003 an app's set-up breaks, with the values that break it. Each reads as one
/// line naming them; `tag` is what scenarios write (`fails: redirect-not-registered`).
public enum SSOMisconfiguration: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The tenant has no app registration with this client ID.
    case unknownClient(clientID: String)
    /// The redirect URI the app tells the SDK is not registered under its client ID.
    case redirectNotRegistered(redirectURI: String, clientID: String)
    /// Broker: the redirect URI is not of the form `<scheme>://<bundle id>`.
    case brokerRedirectMalformed(redirectURI: String, expected: String)
    /// Broker: the redirect URI names another bundle than the one the OS reports.
    case redirectNamesOtherBundle(redirectURI: String, bundleID: String)
    /// Broker: the redirect URI's scheme is not among the app's URL schemes.
    case urlSchemeNotRegistered(scheme: String, bundleID: String)
    /// Broker: `msauth` is not in `LSApplicationQueriesSchemes`, so the broker check fails
    /// and the SDK falls back to the embedded flow (the request still works, in the app).
    case msauthNotQueried(bundleID: String)
    /// Certificate auth without `msauth://code/<url-encoded redirect>` in the app (`inApp`)
    /// or under its client ID.
    case certificateRedirectMissing(expected: String, clientID: String, inApp: Bool)
    /// Certificate auth with a flow that never reaches the broker.
    case certificateAuthNeedsBroker(mode: CredentialMode)
    /// Same client ID as `others`, but another keychain group: tokens are not shared.
    case keychainGroupDiffers(group: String?, others: [AppID], theirGroup: String?)
    /// Same keychain group as `others`, but another client ID: tokens are not shared.
    case clientIDDiffers(clientID: String, others: [AppID], theirClientID: String)
    /// Android broker: the redirect URI is not `msauth://<package name>/<signature hash>`
    /// (MSAL Android Frequently asked questions, "Redirect URI issues").
    case androidRedirectMalformed(redirectURI: String, expected: String)
    /// Android broker: the redirect URI names another package than the calling app's.
    case redirectNamesOtherPackage(redirectURI: String, packageName: String)
    /// Android broker: the redirect URI's signature hash is not the app's signing
    /// certificate's (MSAL for Android's issue thread "Redirect URI doesn't match with the one generated with package name and signature hash").
    case signatureHashMismatch(redirectURI: String, expected: String)

    /// Kinds without values, for scenarios and coverage.
    public enum Kind: String, CaseIterable, Sendable {
        case unknownClient = "unknown-client"
        case redirectNotRegistered = "redirect-not-registered"
        case brokerRedirectMalformed = "broker-redirect-malformed"
        case redirectNamesOtherBundle = "redirect-names-other-bundle"
        case urlSchemeNotRegistered = "url-scheme-not-registered"
        case msauthNotQueried = "msauth-not-queried"
        case certificateRedirectMissing = "certificate-redirect-missing"
        case certificateAuthNeedsBroker = "certificate-auth-needs-broker"
        case keychainGroupDiffers = "keychain-group-differs"
        case clientIDDiffers = "client-id-differs"
        case androidRedirectMalformed = "android-redirect-malformed"
        case redirectNamesOtherPackage = "redirect-names-other-package"
        case signatureHashMismatch = "signature-hash-mismatch"
    }

    public var kind: Kind {
        switch self {
        case .unknownClient: .unknownClient
        case .redirectNotRegistered: .redirectNotRegistered
        case .brokerRedirectMalformed: .brokerRedirectMalformed
        case .redirectNamesOtherBundle: .redirectNamesOtherBundle
        case .urlSchemeNotRegistered: .urlSchemeNotRegistered
        case .msauthNotQueried: .msauthNotQueried
        case .certificateRedirectMissing: .certificateRedirectMissing
        case .certificateAuthNeedsBroker: .certificateAuthNeedsBroker
        case .keychainGroupDiffers: .keychainGroupDiffers
        case .clientIDDiffers: .clientIDDiffers
        case .androidRedirectMalformed: .androidRedirectMalformed
        case .redirectNamesOtherPackage: .redirectNamesOtherPackage
        case .signatureHashMismatch: .signatureHashMismatch
        }
    }

    public var tag: String { kind.rawValue }

    /// The rule broken, in a few words (`client not registered`): check-app's table.
    public var shortReason: String {
        switch kind {
        case .unknownClient: "client not registered"
        default: String(tag.map { $0 == "-" ? " " : $0 })
        }
    }

    /// Breaks sharing only (the app still signs in, on its own).
    public var onlyPreventsSharing: Bool { kind == .keychainGroupDiffers || kind == .clientIDDiffers }

    /// Degrades the broker to the embedded flow without failing the request.
    public var fallsBackToEmbedded: Bool { kind == .msauthNotQueried }

    public var description: String {
        switch self {
        case let .unknownClient(id): "client `\(id)` has no app registration in the tenant"
        case let .redirectNotRegistered(uri, id): "redirect URI `\(uri)` is not registered under client `\(id)`"
        case let .brokerRedirectMalformed(uri, expected): "redirect URI `\(uri)` is not of the broker's form `\(expected)`"
        case let .redirectNamesOtherBundle(uri, bundle): "redirect URI `\(uri)` names another bundle; the OS reports `\(bundle)`"
        case let .urlSchemeNotRegistered(scheme, bundle): "URL scheme `\(scheme)` is not registered by `\(bundle)` (CFBundleURLSchemes)"
        case let .msauthNotQueried(bundle): "`msauth` is missing from LSApplicationQueriesSchemes of `\(bundle)`: falls back to the embedded flow"
        case let .certificateRedirectMissing(expected, id, inApp):
            inApp ? "certificate auth needs redirect URI `\(expected)` in the app"
                  : "certificate auth needs redirect URI `\(expected)` registered under client `\(id)`"
        case let .certificateAuthNeedsBroker(mode): "certificate auth needs the broker, but the flow is embedded (\(mode.sdkName))"
        case let .keychainGroupDiffers(group, others, theirs):
            "keychain group `\(group ?? "none")` differs from `\(theirs ?? "none")` of \(others.joined(separator: ", ")) (same client ID): no shared tokens"
        case let .clientIDDiffers(id, others, theirs):
            "client `\(id)` differs from `\(theirs)` of \(others.joined(separator: ", ")) (same keychain group): no shared tokens"
        case let .androidRedirectMalformed(uri, expected): "redirect URI `\(uri)` is not of the Android broker's form `\(expected)`"
        case let .redirectNamesOtherPackage(uri, package): "redirect URI `\(uri)` names another package; Android reports `\(package)`"
        case let .signatureHashMismatch(uri, expected): "redirect URI `\(uri)` does not carry the app's signature hash: the broker expects `\(expected)`"
        }
    }
}
