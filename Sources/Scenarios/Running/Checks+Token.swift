import SessionEngine

extension Checks {
    /// `expectToken`: the app's last token request and the token it holds now.
    static func token(_ e: TokenExpectation, device: SharedDevice) -> StepFailure? {
        guard let app = device.app(e.app) else {
            return StepFailure(message: "\(e.app) is not installed (the device installs its apps at enrollment)",
                               expected: "\(e.app) installed", actual: "installed: \(device.apps.map(\.id).joined(separator: ", "))")
        }
        var m = Mismatches()
        let last = app.token?.last
        let lastText = last?.description ?? "no token request yet"
        if let source = e.source {
            let grant = last?.grant
            var ok = grant?.source.tag == source
            if let group = e.group { ok = ok && grant?.source == .keychainGroup(group) }
            m.check("token source", expected: source + (e.group.map { " \($0)" } ?? ""), actual: lastText, ok)
        } else if let group = e.group {
            m.check("token source", expected: "keychain-group \(group)", actual: lastText, last?.grant?.source == .keychainGroup(group))
        }
        if let fails = e.fails {
            m.check("token failure", expected: fails, actual: lastText, last?.failure?.matches(fails) ?? false)
        }
        if let fellBack = e.fellBack {
            let actual = last?.grant?.fellBack?.tag ?? "none"
            m.check("fell back", expected: fellBack, actual: last?.grant == nil ? lastText : actual, last?.grant != nil && actual == fellBack)
        }
        if let account = e.account {
            let actual = app.token?.account?.name ?? "none"
            m.check("token account", expected: account, actual: actual, account == "none" ? actual == "none" : UserID(account).name == actual)
        }
        if let status = e.status {
            let actual = statusName(device.tokenStatus(of: e.app))
            m.check("token status", expected: status, actual: actual.detail, actual.name == status)
        }
        return m.failure
    }

    static func statusName(_ s: TokenStatus) -> (name: String, detail: String) {
        switch s {
        case .notConfigured: ("not-configured", "not-configured (no sso configuration)")
        case .none: ("none", "none")
        case let .valid(account, source): ("valid", "valid: \(account) from \(source)")
        case let .removed(account, by): ("removed", "removed: \(account)'s tokens deleted by \(by)")
        case let .failed(f): ("failed", "failed: \(f)")
        case let .inFlight(phase): ("in-flight", "in-flight: \(phase.rawValue)")
        }
    }
}
