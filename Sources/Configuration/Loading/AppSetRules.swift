import SessionEngine

/// The rules a set of apps follows wherever it is written: the catalogue (`apps.yaml`) and a
/// scenario's or lesson's `apps:`, whose entries may change a catalogue app's SSO set-up. One
/// function for both, so a scenario cannot build a device the catalogue would refuse: each
/// app once, and each bundle ID on one app only (a device installs one app per bundle ID,
/// and the broker tells apps apart by it: Microsoft identity platform documentation, "Enable
/// cross-app SSO on iOS"). Each app's own values (booleans, identifiers, names) are checked
/// as they are read (`SSOReader`, `YAMLValue`), by the same readers in both files.
public enum AppSetRules {
    /// Checks `app`, read at `node`, against the apps before it; `verb` says how the file
    /// gives apps ("defined" in the catalogue, "listed" in a scenario).
    public static func check(_ app: AppDefinition, at node: YAMLValue, after earlier: [AppDefinition], verb: String) throws(ConfigError) {
        if earlier.contains(where: { $0.id == app.id }) { throw node.error("app '\(app.id)' is \(verb) twice") }
        if let bundle = app.sso?.bundleID, let other = earlier.first(where: { $0.sso?.bundleID == bundle }) {
            throw node.error("app '\(app.id)' has the bundle ID '\(bundle)' of '\(other.id)'; each app has its own")
        }
    }
}
