import SessionEngine

/// Reads a tenant's `sharedDeviceSetup:` (the MDM set-up of Entra shared device mode on iOS,
/// 002) and a scenario's overrides of it. Keys left out keep the value they override (the
/// correct set-up, for a tenant file); `none` removes a part (`ssoExtension: none`: no SSO
/// plug-in profile; `sharedDeviceMode: none`: the key not set). Values are checked for form
/// here (file:line:column); whether they break 002's rules is the engine's question
/// (`SharedDeviceSetup.misconfigurations`), since a broken set-up is something hubsim shows.
public enum SharedDeviceSetupReader {
    static let keys = ["iOSVersion", "mdmEnrolled", "ssoExtension", "authenticator"]
    static let ssoKeys = ["type", "extensionID", "teamID", "urls", "sharedDeviceMode"]

    public static func read(_ node: YAMLValue, over base: SharedDeviceSetup = SharedDeviceSetup()) throws(ConfigError) -> SharedDeviceSetup {
        let f = try node.fields("sharedDeviceSetup", allowed: keys)
        var setup = base
        setup.iOSVersion = try f.integer("iOSVersion", in: 1...99, default: base.iOSVersion)
        setup.mdmEnrolled = try f.bool("mdmEnrolled", default: base.mdmEnrolled)
        if let v = f["ssoExtension"] {
            if try isNone(v) {
                setup.ssoExtension = nil
            } else {
                let s = try v.fields("ssoExtension", allowed: ssoKeys)
                var sso = base.ssoExtension ?? SSOExtensionProfile()
                if let t = s["type"] { sso.type = try SSOReader.token(t, "type") }
                if let t = s["extensionID"] { sso.extensionID = try SSOReader.token(t, "extensionID") }
                if let t = s["teamID"] { sso.teamID = try SSOReader.token(t, "teamID") }
                if let list = s["urls"] {
                    sso.urls = []
                    for item in try list.items("urls") { sso.urls.append(try SSOReader.uri(item, "a URL")) }
                }
                if let b = s["sharedDeviceMode"] { sso.sharedDeviceMode = try optionalBool(b, "sharedDeviceMode") }
                setup.ssoExtension = sso
            }
        }
        if let v = f["authenticator"] {
            if try isNone(v) {
                setup.authenticator = nil
            } else {
                let a = try v.fields("authenticator", allowed: ["sharedDeviceMode"])
                var authenticator = base.authenticator ?? AuthenticatorConfiguration()
                if let b = a["sharedDeviceMode"] { authenticator.sharedDeviceMode = try optionalBool(b, "sharedDeviceMode") }
                setup.authenticator = authenticator
            }
        }
        return setup
    }

    /// `none` (or an empty value): the part is not there.
    private static func isNone(_ v: YAMLValue) throws(ConfigError) -> Bool {
        if v.isNull { return true }
        guard v.isScalar else { return false }
        let text = try v.string("a value")
        guard text == "none" else {
            throw v.error("write a mapping of its keys, or none when the MDM does not install it (got '\(PrintableText.quoted(text))')")
        }
        return true
    }

    /// true, false, or none (the key not set).
    private static func optionalBool(_ v: YAMLValue, _ what: String) throws(ConfigError) -> Bool? {
        if v.isScalar, try v.string(what) == "none" { return nil }
        return try v.bool(what)
    }
}
