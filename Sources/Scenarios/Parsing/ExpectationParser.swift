import Configuration
import SessionEngine

/// Reads the assertion steps: `expect`, `expectApp`, `expectNoLeak`, `expectLeak`, `expectExposure`,
/// `expectToken`, `expectFault`.
struct ExpectationParser {
    let appIDs: [AppID]
    let env: [String: String]

    static let deviceKeys = ["state", "user", "error", "screen", "notOnScreen", "online", "foreground", "held", "clock", "leakCount", "logged"]
    static let appKeys = ["app", "callbacks", "notifications", "calls", "blocked", "shows", "lifecycle", "items", "stored", "pending"]
    static let blockReasons = ["until-relaunch", "checked-in", "locked"]
    static let lifecycles = ["notRunning", "foreground", "background", "suspended", "terminated"]

    func device(_ node: YAMLValue) throws(ConfigError) -> DeviceExpectation {
        let f = try node.fields("expect", allowed: Self.deviceKeys)
        guard !f.values.isEmpty else { throw node.error("expect needs at least one of: \(Self.deviceKeys.joined(separator: ", "))") }
        var e = DeviceExpectation()
        if let v = f["state"] {
            let text = try v.text("state", env: env)
            let kind = text.split(separator: "(").first.map(String.init) ?? text
            guard DeviceState.Kind(rawValue: kind) != nil else {
                throw v.error("unknown state '\(text)'; valid: \(DeviceState.Kind.allCases.map(\.rawValue).joined(separator: ", ")) (optionally with the user: checkedOut(cou1))")
            }
            e.state = text
        }
        e.user = try f["user"]?.text("user", env: env)
        e.error = try f["error"]?.text("error", env: env)
        if let v = f["screen"] { e.screen = try texts(v, "screen") }
        if let v = f["notOnScreen"] { e.notOnScreen = try texts(v, "notOnScreen") }
        e.online = try f["online"].map { v throws(ConfigError) in try v.bool("online") }
        if let v = f["foreground"] {
            let text = try v.text("foreground", env: env)
            guard ["hub", "broker", "browser", "authenticator"].contains(text) || appIDs.contains(text) else {
                throw v.error("unknown foreground '\(text)'; valid: hub, broker, browser, authenticator, \(appIDs.joined(separator: ", "))")
            }
            e.foreground = text
        }
        e.held = try f["held"].map { v throws(ConfigError) in try v.integer("held", in: 0...Limits.expectedCount) }
        e.clock = try f["clock"]?.text("clock", env: env)
        e.leakCount = try f["leakCount"].map { v throws(ConfigError) in try v.integer("leakCount", in: 0...Limits.expectedCount) }
        if let v = f["logged"] { e.logged = try texts(v, "logged") }
        return e
    }

    func app(_ node: YAMLValue) throws(ConfigError) -> AppExpectation {
        let f = try node.fields("expectApp", allowed: Self.appKeys)
        let appNode = try f.required("app")
        var e = AppExpectation(app: try checkApp(appNode))
        guard f.values.count > 1 else { throw node.error("expectApp needs something to check: \(Self.appKeys.dropFirst().joined(separator: ", "))") }
        if let v = f["callbacks"] { e.callbacks = try texts(v, "callbacks") }
        if let v = f["notifications"] { e.notifications = try texts(v, "notifications") }
        if let v = f["calls"] { e.calls = try texts(v, "calls") }
        if let v = f["blocked"] {
            let text = try v.text("blocked", env: env)
            switch text.lowercased() {
            case "true", "yes": e.blocked = "true"
            case "false", "no": e.blocked = "false"
            case let r where Self.blockReasons.contains(r): e.blocked = r
            default: throw v.error("blocked must be true, false or a reason (\(Self.blockReasons.joined(separator: ", "))), not '\(text)'")
            }
        }
        if let v = f["shows"] { e.shows = try texts(v, "shows") }
        if let v = f["lifecycle"] {
            let text = try v.text("lifecycle", env: env)
            guard let l = AppLifecycle(rawValue: text) ?? (text == "notRunning" ? .notRunning : nil) else {
                throw v.error("unknown lifecycle '\(text)'; valid: \(Self.lifecycles.joined(separator: ", "))")
            }
            e.lifecycle = l
        }
        e.items = try f["items"].map { v throws(ConfigError) in try v.integer("items", in: 0...Limits.expectedCount) }
        e.stored = try f["stored"].map { v throws(ConfigError) in try v.integer("stored", in: 0...Limits.expectedCount) }
        e.pending = try f["pending"].map { v throws(ConfigError) in try v.bool("pending") }
        return e
    }

    func noLeak(_ node: YAMLValue?) throws(ConfigError) -> (AppID?, Bool) {
        guard let node else { return (nil, false) }
        let f = try node.fields("expectNoLeak", allowed: ["app", "exposures"])
        return (try f["app"].map(checkApp), try f.bool("exposures", default: false))
    }

    func leak(_ node: YAMLValue, what: String) throws(ConfigError) -> LeakExpectation {
        if node.isScalar { return LeakExpectation(app: try checkApp(node)) }
        let f = try node.fields(what, allowed: ["app", "owner"])
        return LeakExpectation(app: try checkApp(try f.required("app")), owner: try f["owner"]?.text("owner", env: env))
    }

    static let tokenKeys = ["app", "source", "group", "fails", "fellBack", "account", "status"]
    static let tokenStatuses = ["none", "valid", "removed", "failed", "in-flight", "not-configured"]

    func token(_ node: YAMLValue) throws(ConfigError) -> TokenExpectation {
        let f = try node.fields("expectToken", allowed: Self.tokenKeys)
        var e = TokenExpectation(app: try checkApp(try f.required("app")))
        guard f.values.count > 1 else { throw node.error("expectToken needs something to check: \(Self.tokenKeys.dropFirst().joined(separator: ", "))") }
        if let v = f["source"] {
            let text = try v.text("source", env: env)
            guard TokenSource.Kind(rawValue: text) != nil else {
                throw v.error("unknown token source '\(text)'; valid: \(TokenSource.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            e.source = text
        }
        e.group = try f["group"]?.text("group", env: env)
        if let v = f["fails"] {
            let text = try v.text("fails", env: env)
            guard Self.failureTags.contains(text) else { throw v.error("unknown failure '\(text)'; valid: \(Self.failureTags.joined(separator: ", "))") }
            e.fails = text
        }
        if let v = f["fellBack"] {
            let text = try v.text("fellBack", env: env)
            guard text == "none" || SSOMisconfiguration.Kind(rawValue: text) != nil else {
                throw v.error("fellBack must be none or a rule (\(SSOMisconfiguration.Kind.msauthNotQueried.rawValue), …), not '\(text)'")
            }
            e.fellBack = text
        }
        e.account = try f["account"]?.text("account", env: env)
        if let v = f["status"] {
            let text = try v.text("status", env: env)
            guard Self.tokenStatuses.contains(text) else { throw v.error("unknown token status '\(text)'; valid: \(Self.tokenStatuses.joined(separator: ", "))") }
            e.status = text
        }
        if e.source != nil && e.fails != nil { throw node.error("expectToken takes 'source' (a token) or 'fails' (a failure), not both") }
        return e
    }

    static let faultKeys = ["app", "fired", "armed", "consequence", "during"]

    func fault(_ node: YAMLValue) throws(ConfigError) -> FaultExpectation {
        let f = try node.fields("expectFault", allowed: Self.faultKeys)
        var e = FaultExpectation(app: try checkApp(try f.required("app")))
        guard f.values.count > 1 else { throw node.error("expectFault needs something to check: \(Self.faultKeys.dropFirst().joined(separator: ", "))") }
        e.fired = try f["fired"].map { v throws(ConfigError) in try faultName(v, "fired") }
        e.armed = try f["armed"].map { v throws(ConfigError) in try faultName(v, "armed") }
        e.consequence = try f["consequence"]?.text("consequence", env: env)
        if let v = f["during"] {
            let text = try v.text("during", env: env)
            guard Transition(rawValue: text) != nil else {
                throw v.error("unknown transition '\(text)'; valid: \(Transition.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            e.during = text
        }
        if e.fired == "none" && (e.consequence != nil || e.during != nil) {
            throw node.error("expectFault with fired: none cannot also check 'consequence' or 'during' (no fault fired to have one)")
        }
        return e
    }

    /// `drop`, `delay 30s` or `none`: a fault kind, or a fault as a `fault:` step arms it.
    private func faultName(_ node: YAMLValue, _ what: String) throws(ConfigError) -> String {
        let text = try node.text(what, env: env)
        if text == "none" || FaultKind(rawValue: text) != nil { return text }
        return try FaultEntry.delivery(text, at: node).label
    }

    /// What `fails:` may name: the failures, the reasons of interaction-required, and the rules.
    static let failureTags = ["interaction-required", "no-token", "tokens-removed", "signed-out", "canceled", "other-account-signed-in", "broker-response-not-received", "interactive-session-in-progress"]
        + SSOMisconfiguration.Kind.allCases.map(\.rawValue)
        // A silent request kept in flight by an injected fault, and one a sign-out cancelled (Docs/faults.md).
        + ["in-flight", "interrupted"]

    private func checkApp(_ node: YAMLValue) throws(ConfigError) -> AppID {
        let id = try node.text("app", env: env)
        guard appIDs.contains(id) else { throw node.error("unknown app '\(id)'; valid: \(appIDs.joined(separator: ", "))") }
        return id
    }

    /// A list of texts; a single text is a list of one.
    private func texts(_ node: YAMLValue, _ what: String) throws(ConfigError) -> [String] {
        if node.isScalar { return [try node.text(what, env: env)] }
        var out: [String] = []
        for item in try node.items(what) { out.append(try item.text("an entry of \(what)", env: env)) }
        return out
    }

    /// `expect state=checkedOut user=cou1` — a one-line summary for reports.
    static func summary(_ e: DeviceExpectation) -> String {
        var parts: [String] = []
        if let s = e.state { parts.append("state=\(s)") }
        if let u = e.user { parts.append("user=\(u)") }
        if let x = e.error { parts.append("error=\(x)") }
        if !e.screen.isEmpty { parts.append("screen") }
        if !e.notOnScreen.isEmpty { parts.append("notOnScreen") }
        if let o = e.online { parts.append("online=\(o)") }
        if let fg = e.foreground { parts.append("foreground=\(fg)") }
        if let h = e.held { parts.append("held=\(h)") }
        if let c = e.clock { parts.append("clock=\(c)") }
        if let l = e.leakCount { parts.append("leakCount=\(l)") }
        if !e.logged.isEmpty { parts.append("logged") }
        return parts.joined(separator: " ")
    }
}
