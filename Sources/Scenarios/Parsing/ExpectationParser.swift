import Configuration
import Foundation
import SessionEngine

/// Reads the assertion steps: `expect`, `expectApp`, `expectNoLeak`, `expectLeak`, `expectExposure`,
/// `expectToken`, `expectFault`.
struct ExpectationParser {
    let appIDs: [AppID]
    let env: [String: String]
    /// The scenario's profile: the Android checks belong to the Android profiles, MHS's to android-mhs.
    var profile: ProfileID = .workspaceOne

    static let deviceKeys = ["state", "user", "error", "screen", "notOnScreen", "online", "foreground", "held", "clock", "leakCount", "logged"]
        + managedHomeScreenKeys
    /// The checks of Managed Home Screen's state (android-mhs only).
    static let managedHomeScreenKeys = ["countdown", "screensaver", "pinAttemptsLeft", "sessionPIN"]
    static let appKeys = ["app", "callbacks", "notifications", "calls", "blocked", "shows", "lifecycle", "items", "stored", "pending"]
        + androidAppKeys
    /// What an app was told on Android (MSAL's single-account API and the broker's broadcast).
    static let androidAppKeys = ["onAccountChanged", "onAccountLoaded", "broadcast", "missedBroadcast", "isSharedDevice"]
    static let sessionPINStates = ["set", "needed", "none"]
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
        for key in Self.managedHomeScreenKeys where profile != .androidMHS {
            if let v = f[key] { throw v.error("\(key) is a check of Managed Home Screen (android-mhs); this scenario's profile is \(profile.rawValue)") }
        }
        if let v = f["countdown"] {
            let text = try v.text("countdown", env: env)
            if text != "none" { _ = try v.integer("countdown", in: 0...Limits.durationSeconds) }
            e.countdown = text
        }
        e.screensaver = try f["screensaver"].map { v throws(ConfigError) in try v.bool("screensaver") }
        e.pinAttemptsLeft = try f["pinAttemptsLeft"].map { v throws(ConfigError) in try v.integer("pinAttemptsLeft", in: 0...Limits.expectedCount) }
        if let v = f["sessionPIN"] {
            let text = try v.text("sessionPIN", env: env)
            guard Self.sessionPINStates.contains(text) else {
                throw v.error("sessionPIN must be \(Self.sessionPINStates.joined(separator: ", ")) (never the PIN itself), not '\(PrintableText.quoted(text))'")
            }
            e.sessionPIN = text
        }
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
        for key in Self.androidAppKeys where profile.platform != .android {
            if let v = f[key] { throw v.error("\(key) is what an app is told on Android (entra-android, android-mhs); this scenario's profile is \(profile.rawValue)") }
        }
        if let v = f["onAccountChanged"] { e.onAccountChanged = try accountChange(v) }
        if let v = f["onAccountLoaded"] { e.onAccountLoaded = try v.text("onAccountLoaded", env: env) }
        if let v = f["broadcast"] {
            let list = try texts(v, "broadcast")
            e.broadcasts = list == ["none"] ? [] : try list.map { t throws(ConfigError) in try broadcastType(t, at: v) }
        }
        if let v = f["missedBroadcast"] { e.missedBroadcasts = try missedBroadcasts(v) }
        e.isSharedDevice = try f["isSharedDevice"].map { v throws(ConfigError) in try v.bool("isSharedDevice") }
        return e
    }

    /// `{prior: cou1, current: cou2}`, `"cou1 → cou2"` (or `->`), or `none` / `not-told`.
    private func accountChange(_ node: YAMLValue) throws(ConfigError) -> AccountChangeExpectation {
        let example = "write onAccountChanged: {prior: cou1, current: cou2}, \"cou1 → cou2\" (none for no account) or none (not told)"
        if node.isMapping {
            let f = try node.fields("onAccountChanged", allowed: ["prior", "current"])
            let prior = try f.required("prior").text("prior", env: env)
            let current = try f.required("current").text("current", env: env)
            return .told(prior: prior, current: current)
        }
        let text = try node.text("onAccountChanged", env: env)
        if text == "none" || text == "not-told" { return .notTold }
        let arrow = text.contains("→") ? "→" : "->"
        let sides = text.components(separatedBy: arrow).map { $0.trimmingCharacters(in: .whitespaces) }
        guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty else {
            throw node.error("onAccountChanged '\(PrintableText.quoted(text))' is not a change: \(example)")
        }
        return .told(prior: sides[0], current: sides[1])
    }

    private func broadcastType(_ text: String, at node: YAMLValue) throws(ConfigError) -> String {
        guard BroadcastType(rawValue: text) != nil else {
            throw node.error("unknown BROADCAST_TYPE '\(PrintableText.quoted(text))'; valid: \(BroadcastType.allCases.map(\.rawValue).joined(separator: ", ")) (or none)")
        }
        return text
    }

    /// `GLOBAL_SIGN_OUT`, `{type: GLOBAL_SIGN_OUT, reason: manifest}`, a list of either, or `none`.
    private func missedBroadcasts(_ node: YAMLValue) throws(ConfigError) -> [MissedBroadcastExpectation] {
        let items = node.isSequence ? try node.items("missedBroadcast") : [node]
        var out: [MissedBroadcastExpectation] = []
        for item in items {
            if item.isMapping {
                let f = try item.fields("missedBroadcast", allowed: ["type", "reason"])
                guard f["type"] != nil || f["reason"] != nil else {
                    throw item.error("missedBroadcast needs 'type' (a BROADCAST_TYPE), 'reason' (text of why, e.g. manifest, stopped, Settings) or both")
                }
                let type = try f["type"].map { node throws(ConfigError) in try broadcastType(try node.text("type", env: env), at: node) }
                out.append(MissedBroadcastExpectation(type: type, reason: try f["reason"]?.text("reason", env: env)))
            } else {
                let text = try item.text("missedBroadcast", env: env)
                if text == "none", items.count == 1 { return [] }
                out.append(MissedBroadcastExpectation(type: try broadcastType(text, at: item)))
            }
        }
        return out
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
        if let c = e.countdown { parts.append("countdown=\(c)") }
        if let s = e.screensaver { parts.append("screensaver=\(s)") }
        if let n = e.pinAttemptsLeft { parts.append("pinAttemptsLeft=\(n)") }
        if let p = e.sessionPIN { parts.append("sessionPIN=\(p)") }
        return parts.joined(separator: " ")
    }
}
