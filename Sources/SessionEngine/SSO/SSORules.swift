/// The rules of 003, as pure functions of an app's set-up and the tenant's registrations.
public enum SSORules {
    /// The prefix of the certificate-auth redirect (003, Step 3a).
    public static let certificateRedirectPrefix = "msauth://code/"
    /// The scheme the SDK queries to find the broker (003, Step 4).
    public static let brokerQueryScheme = "msauth"

    /// How a request of the app reaches a token.
    public enum Path: Equatable, Sendable {
        /// `AD_CREDENTIALS_AUTO` with the broker found.
        case broker
        /// The embedded flow: by choice (`fellBack` nil) or because the broker check failed.
        case embedded(fellBack: SSOMisconfiguration?)
    }

    /// On Android there is no `LSApplicationQueriesSchemes`: MSAL finds an installed broker
    /// itself when the app's configuration says `broker_redirect_uri_registered` (here
    /// `credentialMode: auto`; Microsoft Learn, "Enable cross-app SSO on Android using MSAL").
    public static func path(of sso: SSOConfiguration, on platform: DevicePlatform = .iOS) -> Path {
        guard sso.credentialMode == .auto else { return .embedded(fellBack: nil) }
        if platform == .android { return .broker }
        guard sso.querySchemes.contains(brokerQueryScheme) else { return .embedded(fellBack: .msauthNotQueried(bundleID: sso.bundleID)) }
        return .broker
    }

    /// The broker redirect 003 asks for: `<scheme>://<bundle id>`, with the app's first URL scheme.
    /// MSAL's default redirect, `msauth.<bundle ID>://auth`, in its two parts.
    static let msalRedirectSchemePrefix = "msauth."
    static let msalRedirectHost = "auth"

    public static func expectedBrokerRedirect(_ sso: SSOConfiguration) -> String {
        "\(sso.urlSchemes.first ?? "<scheme>")://\(sso.bundleID)"
    }

    /// The broker redirect Android's broker expects: `msauth://<package name>/<URL-encoded
    /// signature hash>` (MSAL Android Frequently asked questions, "Redirect URI issues").
    public static func expectedAndroidRedirect(_ sso: SSOConfiguration) -> String {
        sso.android?.expectedRedirectURI ?? "\(brokerQueryScheme)://\(sso.appName(on: .android))/<signature hash>"
    }

    /// `msauth://code/<url-encoded redirect URI>` (003, Step 3a).
    public static func certificateRedirect(for redirect: String) -> String {
        certificateRedirectPrefix + percentEncoded(redirect)
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986), as 003's example
    /// `x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp` does.
    static func percentEncoded(_ s: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in s.utf8 {
            let unreserved = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
            if unreserved { out.append(b) } else { out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The rules every request needs (the server's): a registration, and the redirect under it.
    /// On Android the redirect is the one the app's MSAL configuration names, registered
    /// under the client ID's Android platform.
    public static func registrationProblem(_ sso: SSOConfiguration, registrations: [AppRegistration],
                                           on platform: DevicePlatform = .iOS) -> SSOMisconfiguration? {
        guard let reg = registrations.first(where: { $0.clientID == sso.clientID }) else {
            return .unknownClient(clientID: sso.clientID)
        }
        let redirect = sso.redirectURI(on: platform)
        guard reg.redirectURIs.contains(redirect) else {
            return .redirectNotRegistered(redirectURI: redirect, clientID: sso.clientID)
        }
        return nil
    }

    /// The rules of the broker round trip, in the order the SDK and the broker meet them:
    /// the URL scheme (checked in the app before leaving it), then the redirect's form and
    /// bundle (checked by the broker), then the certificate redirect.
    /// On Android, the rules of `androidBrokerProblem`.
    public static func brokerProblem(_ sso: SSOConfiguration, registrations: [AppRegistration],
                                     on platform: DevicePlatform = .iOS) -> (problem: SSOMisconfiguration, beforeLeaving: Bool)? {
        if platform == .android { return androidBrokerProblem(sso) }
        let redirect = sso.redirectURI
        guard let sep = redirect.firstRange(of: "://"), !redirect[..<sep.lowerBound].isEmpty else {
            return (.brokerRedirectMalformed(redirectURI: redirect, expected: expectedBrokerRedirect(sso)), true)
        }
        let scheme = String(redirect[..<sep.lowerBound])
        let host = String(redirect[sep.upperBound...])
        guard sso.urlSchemes.contains(scheme) else { return (.urlSchemeNotRegistered(scheme: scheme, bundleID: sso.bundleID), true) }
        // MSAL's own form, `msauth.<bundle ID>://auth`, names the bundle in its scheme; MSAL
        // makes it when the app gives none, and it works with the broker (Microsoft Learn,
        // "Using redirect URIs with the Microsoft authentication library for iOS and macOS").
        // Docs/decisions.md says why the broker accepts it beside 003's `<scheme>://<bundle ID>`.
        if scheme.hasPrefix(msalRedirectSchemePrefix), host == msalRedirectHost {
            guard scheme.dropFirst(msalRedirectSchemePrefix.count) == sso.bundleID else {
                return (.redirectNamesOtherBundle(redirectURI: redirect, bundleID: sso.bundleID), false)
            }
            if let cert = certificateProblem(sso, registrations: registrations) { return (cert, false) }
            return nil
        }
        guard !host.isEmpty, !host.contains("/") else {
            return (.brokerRedirectMalformed(redirectURI: redirect, expected: expectedBrokerRedirect(sso)), false)
        }
        guard host == sso.bundleID else { return (.redirectNamesOtherBundle(redirectURI: redirect, bundleID: sso.bundleID), false) }
        if let cert = certificateProblem(sso, registrations: registrations) { return (cert, false) }
        return nil
    }

    /// Android's broker round trip: MSAL itself refuses a redirect that is not
    /// `msauth://<host>/<path>` before it calls the broker (MSAL for Android's issue thread
    /// "Redirect URI doesn't match with the one generated with package name and signature hash"); the broker
    /// rebuilds the redirect from the calling app's package name and signing certificate and
    /// refuses one that names another package or hash (its answer "The redirect URI doesn't
    /// match the uri generated with caller package name and signature").
    /// There is no URL scheme to register and no certificate redirect: certificate-based
    /// authentication goes through the broker as it is.
    static func androidBrokerProblem(_ sso: SSOConfiguration) -> (problem: SSOMisconfiguration, beforeLeaving: Bool)? {
        let redirect = sso.redirectURI(on: .android)
        let expected = expectedAndroidRedirect(sso)
        let malformed = (SSOMisconfiguration.androidRedirectMalformed(redirectURI: redirect, expected: expected), true)
        guard let sep = redirect.firstRange(of: "://"), redirect[..<sep.lowerBound] == brokerQueryScheme else { return malformed }
        let rest = redirect[sep.upperBound...]
        guard let slash = rest.firstIndex(of: "/"), slash != rest.startIndex else { return malformed }
        let hash = rest[rest.index(after: slash)...]
        guard !hash.isEmpty, !hash.contains("/") else { return malformed }
        let package = sso.appName(on: .android)
        guard rest[..<slash] == package else { return (.redirectNamesOtherPackage(redirectURI: redirect, packageName: package), false) }
        if let signature = sso.android?.signatureHash, hash != percentEncoded(signature) {
            return (.signatureHashMismatch(redirectURI: redirect, expected: expected), false)
        }
        return nil
    }

    static func certificateProblem(_ sso: SSOConfiguration, registrations: [AppRegistration]) -> SSOMisconfiguration? {
        guard sso.certificateAuth else { return nil }
        let expected = certificateRedirect(for: sso.redirectURI)
        guard sso.redirectURIs.contains(expected) else {
            return .certificateRedirectMissing(expected: expected, clientID: sso.clientID, inApp: true)
        }
        let registered = registrations.first { $0.clientID == sso.clientID }?.redirectURIs ?? []
        guard registered.contains(expected) else {
            return .certificateRedirectMissing(expected: expected, clientID: sso.clientID, inApp: false)
        }
        return nil
    }

    /// The sharing rules against the other apps (same client ID ⇔ same keychain group).
    public static func sharingProblems(_ app: AppDefinition, among apps: [AppDefinition]) -> [SSOMisconfiguration] {
        guard let sso = app.sso else { return [] }
        return sharingProblems(app, sameClient: apps.filter { $0.sso?.clientID == sso.clientID },
                               sameGroup: sso.keychainGroup.map { group in apps.filter { $0.sso?.keychainGroup == group } } ?? [])
    }

    /// The same, the other apps found through `index` (the apps of the app's client ID and of
    /// its keychain group, not every app).
    public static func sharingProblems(_ app: AppDefinition, in index: SharingIndex) -> [SSOMisconfiguration] {
        guard let sso = app.sso else { return [] }
        return sharingProblems(app, sameClient: index.apps(clientID: sso.clientID),
                               sameGroup: sso.keychainGroup.map { index.apps(keychainGroup: $0) } ?? [])
    }

    /// The rules themselves, given the apps (in order, the app among them or not) of its
    /// client ID and of its keychain group.
    private static func sharingProblems(_ app: AppDefinition, sameClient clientApps: [AppDefinition],
                                        sameGroup groupApps: [AppDefinition]) -> [SSOMisconfiguration] {
        guard let sso = app.sso else { return [] }
        var problems: [SSOMisconfiguration] = []
        let sameClient = clientApps.filter { $0.id != app.id && $0.sso!.keychainGroup != sso.keychainGroup }
        if let first = sameClient.first {
            let theirs = first.sso!.keychainGroup
            problems.append(.keychainGroupDiffers(group: sso.keychainGroup, others: sameClient.filter { $0.sso!.keychainGroup == theirs }.map(\.id),
                                                  theirGroup: theirs))
        }
        if sso.keychainGroup != nil {
            let sameGroup = groupApps.filter { $0.id != app.id && $0.sso!.clientID != sso.clientID }
            if let first = sameGroup.first {
                let theirs = first.sso!.clientID
                problems.append(.clientIDDiffers(clientID: sso.clientID, others: sameGroup.filter { $0.sso!.clientID == theirs }.map(\.id),
                                                 theirClientID: theirs))
            }
        }
        return problems
    }

    /// Apps with a single sign-on set-up by client ID and by keychain group, in the apps'
    /// order: the sharing rules of one app look at the apps it could share with, so those of
    /// a page of apps cost what the page holds, not the page times every app.
    public struct SharingIndex: Sendable {
        private let apps: [AppDefinition]
        private var byClient: [String: [Int]] = [:]
        private var byGroup: [String: [Int]] = [:]

        public init(_ apps: [AppDefinition]) {
            self.apps = apps
            for (i, app) in apps.enumerated() {
                guard let sso = app.sso else { continue }
                byClient[sso.clientID, default: []].append(i)
                if let group = sso.keychainGroup { byGroup[group, default: []].append(i) }
            }
        }

        func apps(clientID: String) -> [AppDefinition] { (byClient[clientID] ?? []).map { apps[$0] } }
        func apps(keychainGroup: String) -> [AppDefinition] { (byGroup[keychainGroup] ?? []).map { apps[$0] } }
    }

    /// Every rule the app breaks, in the order a request meets them, then the sharing ones.
    public static func problems(of app: AppDefinition, among apps: [AppDefinition], registrations: [AppRegistration],
                                on platform: DevicePlatform = .iOS) -> [SSOMisconfiguration] {
        guard app.sso != nil else { return [] }
        return requestProblems(of: app, registrations: registrations, on: platform)
            + (platform == .iOS ? sharingProblems(app, among: apps) : [])
    }

    /// The same, the other apps found through `index`.
    public static func problems(of app: AppDefinition, in index: SharingIndex, registrations: [AppRegistration],
                                on platform: DevicePlatform = .iOS) -> [SSOMisconfiguration] {
        guard app.sso != nil else { return [] }
        return requestProblems(of: app, registrations: registrations, on: platform)
            + (platform == .iOS ? sharingProblems(app, in: index) : [])
    }

    /// The rules a request meets, in order (registration, then the broker's or the embedded flow's).
    private static func requestProblems(of app: AppDefinition, registrations: [AppRegistration], on platform: DevicePlatform) -> [SSOMisconfiguration] {
        guard let sso = app.sso else { return [] }
        var out: [SSOMisconfiguration] = []
        if let p = registrationProblem(sso, registrations: registrations, on: platform) { out.append(p) }
        switch path(of: sso, on: platform) {
        case .broker:
            if let p = brokerProblem(sso, registrations: registrations, on: platform) { out.append(p.problem) }
        case let .embedded(fellBack):
            if let fellBack { out.append(fellBack) }
            if sso.certificateAuth { out.append(.certificateAuthNeedsBroker(mode: sso.credentialMode)) }
        }
        return out
    }

    /// Whether `a` and `b` share tokens without the broker: same client ID, same keychain
    /// group, each with its own redirect URI registered under that client ID. Android has no
    /// keychain access groups: its apps share an account only through the broker (Microsoft
    /// Learn, "Enable cross-app SSO on Android using MSAL"), so the sharing rules are iOS's.
    public static func shareTokens(_ a: AppDefinition, _ b: AppDefinition, registrations: [AppRegistration],
                                   on platform: DevicePlatform = .iOS) -> Bool {
        guard platform == .iOS, a.id != b.id, let x = a.sso, let y = b.sso, let group = x.keychainGroup else { return false }
        return x.clientID == y.clientID && y.keychainGroup == group
            && registrationProblem(x, registrations: registrations, on: platform) == nil
            && registrationProblem(y, registrations: registrations, on: platform) == nil
    }
}
