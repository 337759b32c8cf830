extension SSOConfiguration {
    /// A program's single sign-on set-up from what its MSAL configuration says (client ID,
    /// redirect URI, keychain sharing group, broker or not). The rest of an app's set-up lives in
    /// its Info.plist, which a program does not have, so it is taken as the redirect URI asks:
    /// the bundle ID is the one the redirect names (`msauth.<bundle ID>://auth`, or the host of
    /// `x-msauth-…://<bundle ID>`), the redirect's scheme is a declared URL scheme, and an app
    /// that may use the broker queries `msauth` (003, "Step 1: Enable broker mode"). Without a
    /// redirect URI MSAL makes `msauth.<bundle ID>://auth`; the bundle ID is then the app's id.
    public static func program(id: AppID, clientID: String, redirectURI: String?, keychainGroup: String?, broker: Bool) -> SSOConfiguration {
        let redirect = redirectURI ?? "msauth.\(id)://auth"
        var scheme = redirect
        var host = ""
        if let separator = redirect.firstRange(of: "://") {
            scheme = String(redirect[..<separator.lowerBound])
            host = String(redirect[separator.upperBound...])
        }
        let prefix = "msauth."
        let bundleID = scheme.hasPrefix(prefix) ? String(scheme.dropFirst(prefix.count)) : (host.isEmpty ? id : host)
        return SSOConfiguration(
            clientID: clientID, bundleID: bundleID, redirectURIs: [redirect], keychainGroup: keychainGroup,
            credentialMode: broker ? .auto : .embedded, urlSchemes: [scheme],
            querySchemes: broker ? [SSORules.brokerQueryScheme] : []
        )
    }
}
