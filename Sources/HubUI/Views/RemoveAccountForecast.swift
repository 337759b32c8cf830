import SessionEngine

/// What MSAL `removeAccount` in one app does to the others (reference 003's warning: in a
/// shared keychain, a remove in one app deletes the tokens of every app in its group).
enum RemoveAccountForecast {
    /// The other apps holding the same account's token in the same keychain group: they lose
    /// it and fail at their next refresh.
    static func affected(by id: AppID, on d: SharedDevice) -> [AppID] {
        guard let app = d.app(id), let sso = app.definition.sso, let account = app.token?.account else { return [] }
        return d.apps.filter { other in
            other.id != id && other.definition.sso?.tokenCacheGroup == sso.tokenCacheGroup && other.token?.account == account
        }.map(\.id)
    }

    /// The dialog's sentence for `app` when `removing` removes its account.
    static func describe(_ app: AppRuntime, removing id: AppID, on d: SharedDevice) -> String {
        guard let remover = d.app(id), let sso = remover.definition.sso, let account = remover.token?.account else {
            return "not affected"
        }
        let group = sso.tokenCacheGroup
        if app.id == id { return "removes \(account): deletes \(account)'s tokens of keychain group \(group)" }
        guard let other = app.definition.sso else { return "no identity SDK: not affected" }
        if affected(by: id, on: d).contains(app.id) {
            return "loses \(account)'s token (same group): fails at its next refresh, background work stops"
        }
        if let token = app.token?.account {
            return "keeps \(token)'s token: keychain group \(other.tokenCacheGroup)"
                + (other.tokenCacheGroup == group ? " (another account)" : "")
        }
        return "holds no token: not affected"
    }
}
