import SessionEngine

/// Reads the SSO parts of the files: an app's `sso:` block (catalogue) and the tenant's
/// `appRegistrations:`. Values are checked for form here (file:line:column); whether they
/// follow 003's rules is the engine's question (`SSORules`), since a broken set-up is
/// something hubsim shows, not refuses.
enum SSOReader {
    static let ssoKeys = ["clientID", "bundleID", "redirectURIs", "keychainGroup", "credentialMode", "urlSchemes",
                          "querySchemes", "certificateAuth", "android"]
    static let androidKeys = ["packageName", "signatureHash", "redirectURI"]

    static func configuration(_ node: YAMLValue) throws(ConfigError) -> SSOConfiguration {
        let f = try node.fields("an app's sso", allowed: ssoKeys)
        let modeText = try f.optionalString("credentialMode") ?? CredentialMode.embedded.rawValue
        guard let mode = CredentialMode(rawValue: modeText) else {
            throw f["credentialMode"]!.error("credentialMode must be auto (AD_CREDENTIALS_AUTO) or embedded (AD_CREDENTIALS_EMBEDDED), not '\(PrintableText.quoted(modeText))'")
        }
        let redirects = try uriList(f, "redirectURIs")
        guard !redirects.isEmpty else { throw (f["redirectURIs"] ?? node).error("an app's sso needs at least one redirect URI under 'redirectURIs'") }
        return SSOConfiguration(
            clientID: try token(f.required("clientID"), "clientID"), bundleID: try token(f.required("bundleID"), "bundleID"),
            redirectURIs: redirects, keychainGroup: try f["keychainGroup"].map { v throws(ConfigError) in try token(v, "keychainGroup") },
            credentialMode: mode, urlSchemes: try tokenList(f, "urlSchemes"), querySchemes: try tokenList(f, "querySchemes"),
            certificateAuth: try f.bool("certificateAuth", default: false),
            android: try f["android"].map { v throws(ConfigError) in try android(v) })
    }

    /// An `android:` block: the package name Android reports, the signing certificate's
    /// signature hash (Base64 SHA-1, as the portal asks for it) and the `redirect_uri` of the
    /// app's MSAL configuration (default: the one the portal generates from the two).
    static func android(_ node: YAMLValue) throws(ConfigError) -> AndroidIdentity {
        let f = try node.fields("an app's sso android", allowed: androidKeys)
        return AndroidIdentity(packageName: try token(f.required("packageName"), "packageName"),
                               signatureHash: try f["signatureHash"].map { v throws(ConfigError) in try token(v, "signatureHash") },
                               redirectURI: try f["redirectURI"].map { v throws(ConfigError) in try uri(v, "redirectURI") })
    }

    /// `base` with the keys `node` gives replaced (a scenario's variant of a catalogue app).
    static func configuration(_ node: YAMLValue, over base: SSOConfiguration) throws(ConfigError) -> SSOConfiguration {
        let f = try node.fields("an app's sso", allowed: ssoKeys)
        var sso = base
        if let v = f["clientID"] { sso.clientID = try token(v, "clientID") }
        if let v = f["bundleID"] { sso.bundleID = try token(v, "bundleID") }
        if f["redirectURIs"] != nil {
            sso.redirectURIs = try uriList(f, "redirectURIs")
            guard !sso.redirectURIs.isEmpty else { throw f["redirectURIs"]!.error("an app's sso needs at least one redirect URI under 'redirectURIs'") }
        }
        if let v = f["keychainGroup"] { sso.keychainGroup = v.isNull ? nil : try token(v, "keychainGroup") }
        if let v = f["credentialMode"] {
            let text = try v.string("credentialMode")
            guard let mode = CredentialMode(rawValue: text) else {
                throw v.error("credentialMode must be auto (AD_CREDENTIALS_AUTO) or embedded (AD_CREDENTIALS_EMBEDDED), not '\(PrintableText.quoted(text))'")
            }
            sso.credentialMode = mode
        }
        if f["urlSchemes"] != nil { sso.urlSchemes = try tokenList(f, "urlSchemes") }
        if f["querySchemes"] != nil { sso.querySchemes = try tokenList(f, "querySchemes") }
        sso.certificateAuth = try f.bool("certificateAuth", default: sso.certificateAuth)
        if let v = f["android"] { sso.android = v.isNull ? nil : try android(v) }
        return sso
    }

    static func registrations(_ node: YAMLValue) throws(ConfigError) -> [AppRegistration] {
        var out: [AppRegistration] = []
        for item in try node.items("appRegistrations") {
            let f = try item.fields("an app registration", allowed: ["clientID", "name", "redirectURIs"])
            let idNode = try f.required("clientID")
            let id = try token(idNode, "clientID")
            if out.contains(where: { $0.clientID == id }) { throw idNode.error("client ID '\(id)' is registered twice") }
            out.append(AppRegistration(clientID: id, name: try f["name"]?.name("name") ?? id, redirectURIs: try uriList(f, "redirectURIs")))
        }
        return out
    }

    /// An identifier (client ID, bundle ID, keychain group, URL scheme): 1 to 64 printable
    /// ASCII characters without spaces.
    static func token(_ v: YAMLValue, _ what: String) throws(ConfigError) -> String {
        let text = try v.name(what)
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw v.error("\(what) '\(PrintableText.quoted(text))' must be printable ASCII without spaces")
        }
        return text
    }

    /// A URI: `scheme:…`, printable ASCII without spaces, at most 1,000 characters.
    static func uri(_ v: YAMLValue, _ what: String) throws(ConfigError) -> String {
        let text = try v.string(what)
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw v.error("\(what) '\(PrintableText.quoted(text))' must be printable ASCII without spaces")
        }
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw v.error("\(what) '\(PrintableText.quoted(text))' is not a URI (scheme:…, e.g. x-msauth-contoso://com.contoso.mail)")
        }
        return text
    }

    static func uriList(_ f: YAMLValue.Fields, _ key: String) throws(ConfigError) -> [String] {
        guard let v = f[key] else { return [] }
        var out: [String] = []
        for item in try v.items(key) {
            let text = try uri(item, "a redirect URI")
            if out.contains(text) { throw item.error("redirect URI '\(text)' is listed twice") }
            out.append(text)
        }
        return out
    }

    static func tokenList(_ f: YAMLValue.Fields, _ key: String) throws(ConfigError) -> [String] {
        guard let v = f[key] else { return [] }
        var out: [String] = []
        for item in try v.items(key) { out.append(try token(item, "an entry of \(key)")) }
        return out
    }
}

extension AppDefinition {
    /// The app with its `sso` keys replaced by those `node` gives (scenarios' `apps:` entries
    /// `{app: mail, sso: {…}}`); an app without one must give a whole configuration.
    public func overridingSSO(with node: YAMLValue) throws(ConfigError) -> AppDefinition {
        guard case .msal = sdk else { throw node.error("only an app with sdk: msal has an sso configuration; '\(id)' is \(sdk.label)") }
        var app = self
        if let base = sso {
            app.sso = try SSOReader.configuration(node, over: base)
        } else {
            app.sso = try SSOReader.configuration(node)
        }
        return app
    }
}
