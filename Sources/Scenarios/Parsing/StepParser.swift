import Configuration
import HubUI
import SessionEngine

/// Reads one entry of `steps:` — a bare step name (`- checkIn`) or a one-key mapping
/// (`- launch: notes`), with an optional `refused:` beside an action step.
struct StepParser {
    let profile: ProfileID
    let appIDs: [AppID]
    let env: [String: String]

    /// Every step name, in the order error messages list them.
    static let actionSteps = [
        "enroll", "installProfileStep", "completeEnrollment", "checkOut", "checkIn", "logOut", "signIn", "signOut",
        "unlock", "enterpriseWipe", "launch", "background", "suspend", "terminate", "openBroker", "openHub",
        "goOffline", "goOnline", "advanceClock", "setDeliveryMode", "releaseDelivery", "userActivity",
        "acquireTokenSilently", "acquireTokenInteractively", "completeTokenRequest", "cancelTokenRequest",
        "removeAccount", "refreshInBackground",
    ]
    static let otherSteps = ["press", "expect", "expectApp", "expectNoLeak", "expectLeak", "expectExposure", "expectToken"]
    static var allSteps: [String] { actionSteps + otherSteps }

    /// Steps that belong to one profile only, with what to write instead.
    func profileProblem(_ name: String) -> String? {
        switch (profile, name) {
        case (.workspaceOne, "signIn"): "signIn is an entra-ios step; on workspace-one check out with checkOut"
        case (.workspaceOne, "signOut"): "signOut is an entra-ios step; on workspace-one check in with checkIn"
        case (.entraIOS, "logOut"): "logOut is the Hub's menu (workspace-one); on entra-ios write checkIn or signOut"
        case (.entraIOS, "unlock"): "unlock is a workspace-one step: entra-ios has no inactivity lock"
        case (.entraIOS, "enterpriseWipe"): "enterpriseWipe is a workspace-one step (the console's wipe command)"
        default: nil
        }
    }

    func step(_ node: YAMLValue) throws(ConfigError) -> ScenarioStep {
        if node.isScalar {
            let name = try node.string("a step")
            return try make(name, nameNode: node, value: nil, refusedNode: nil, at: node)
        }
        let entries = try node.entries("a step")
        let stepEntries = entries.filter { $0.key != "refused" }
        guard stepEntries.count == 1, let entry = stepEntries.first else {
            if stepEntries.isEmpty { throw node.error("a step needs a step name; valid steps: \(Self.allSteps.joined(separator: ", "))") }
            throw stepEntries[1].keyNode.error("one step per list entry: '\(stepEntries[0].key)' and '\(stepEntries[1].key)' are both here (start a new entry with '- ')")
        }
        let refused = entries.first { $0.key == "refused" }?.value
        return try make(entry.key, nameNode: entry.keyNode, value: entry.value.isNull ? nil : entry.value, refusedNode: refused, at: node)
    }

    private func make(_ name: String, nameNode: YAMLValue, value: YAMLValue?, refusedNode: YAMLValue?,
                      at node: YAMLValue) throws(ConfigError) -> ScenarioStep {
        guard Self.allSteps.contains(name) else {
            throw nameNode.error("unknown step '\(name)'; valid steps: \(Self.allSteps.joined(separator: ", "))")
        }
        if let problem = profileProblem(name) { throw nameNode.error(problem) }
        let position = (line: node.line, column: node.column)
        if Self.otherSteps.contains(name) {
            if let refusedNode { throw refusedNode.error("'refused' belongs to action steps, not to \(name)") }
            let (kind, label) = try assertion(name, nameNode: nameNode, value: value)
            return ScenarioStep(kind: kind, line: position.line, column: position.column, label: label)
        }
        var args = ActionArguments(step: name, node: value ?? nameNode, value: value, env: env, appIDs: appIDs)
        let (actions, label) = try action(name, &args)
        var refused: RefusalExpectation?
        if let refusedNode { refused = try refusal(refusedNode) }
        if let inner = args.refused {
            if refused != nil { throw inner.error("'refused' is given twice for this step") }
            refused = try refusal(inner)
        }
        try args.checkAllUsed()
        return ScenarioStep(kind: .action(actions, refused: refused), line: position.line, column: position.column,
                            label: label + (refused.map { " (\($0.text))" } ?? ""))
    }

    private func refusal(_ node: YAMLValue) throws(ConfigError) -> RefusalExpectation? {
        let text = try node.text("refused", env: env)
        switch text.lowercased() {
        case "true", "yes": return .any
        case "false", "no": return nil
        default: return .matching(text)
        }
    }

    // MARK: action steps

    private func action(_ name: String, _ a: inout ActionArguments) throws(ConfigError) -> ([DeviceAction], String) {
        switch name {
        case "enroll":
            let user = try a.string("user")
            let enroll = DeviceAction.enroll(group: try a.optionalString("group"), user: user, password: Secret(try a.string("password")))
            let complete = try a.bool("complete", default: true)
            return (complete ? [enroll, .completeEnrollment] : [enroll], "enroll \(user)")
        case "installProfileStep": try a.noArguments(); return ([.installProfileStep], name)
        case "completeEnrollment": try a.noArguments(); return ([.completeEnrollment], name)
        case "checkOut":
            let user = try a.string("user")
            let password = Secret(try a.string("password"))
            if profile == .entraIOS {
                let from = try a.source("from")
                return ([.signIn(user: user, password: password, from: from)], "checkOut \(user) (global sign-in from \(from))")
            }
            let passcode = try a.optionalString("passcode").map { Secret($0) }
            return ([.checkOut(group: try a.optionalString("group"), user: user, password: password, passcode: passcode)], "checkOut \(user)")
        case "checkIn", "logOut", "signOut":
            if profile == .workspaceOne { try a.noArguments(); return ([.logOut], name) }
            let from = try a.source("from")
            let browser = try a.bool("browser", default: false)
            return ([.signOut(from: from, browser: browser)], "\(name) from \(from)\(browser ? " (signoutFromBrowser)" : "")")
        case "signIn":
            let user = try a.string("user")
            let from = try a.source("from")
            return ([.signIn(user: user, password: Secret(try a.string("password")), from: from)], "signIn \(user) from \(from)")
        case "unlock":
            let passcode = try a.optionalString("passcode")
            let password = try a.optionalString("password")
            guard let secret = passcode ?? password, (passcode == nil) != (password == nil) else {
                throw a.node.error("unlock needs exactly one of 'passcode' (when the policy sets an app passcode) or 'password'")
            }
            return ([.unlock(Secret(secret))], passcode != nil ? "unlock with passcode" : "unlock with password")
        case "enterpriseWipe": try a.noArguments(); return ([.enterpriseWipe], name)
        case "launch", "background", "suspend", "terminate":
            let id = try a.app()
            let act: DeviceAction = switch name {
            case "launch": .launch(id)
            case "background": .background(id)
            case "suspend": .suspend(id)
            default: .terminate(id)
            }
            return ([act], "\(name) \(id)")
        case "openBroker", "openHub": try a.noArguments(); return ([.openBroker], name)
        case "goOffline": try a.noArguments(); return ([.goOffline], name)
        case "goOnline": try a.noArguments(); return ([.goOnline], name)
        case "advanceClock":
            let s = try ScenarioValues.seconds(try a.scalar("advanceClock needs a number of seconds"), "advanceClock", env: env)
            return ([.advanceClock(seconds: s)], "advanceClock \(formatSeconds(s))")
        case "setDeliveryMode":
            let text = try a.scalar("setDeliveryMode needs held or immediate").text("setDeliveryMode", env: env)
            guard let mode = DeliveryMode(rawValue: text) else { throw a.node.error("setDeliveryMode must be held or immediate, not '\(text)'") }
            return ([.setDeliveryMode(mode)], "setDeliveryMode \(text)")
        case "userActivity": try a.noArguments(); return ([.userActivity], name)
        case "acquireTokenSilently", "removeAccount", "refreshInBackground":
            let id = try a.app()
            let act: DeviceAction = switch name {
            case "acquireTokenSilently": .acquireTokenSilently(id)
            case "removeAccount": .removeAccount(id)
            default: .refreshInBackground(id)
            }
            return ([act], "\(name) \(id)")
        case "acquireTokenInteractively":
            // `acquireTokenInteractively: mail` opens the prompt; with `user` (and `password`,
            // or none to pick an account the broker offers) the person answers it too.
            if a.value?.isScalar ?? true { return ([.beginTokenRequest(try a.app())], "\(name) \(try a.app())") }
            let id = try a.appField("app")
            guard let user = try a.optionalString("user") else {
                if try a.optionalString("password") != nil { throw a.node.error("\(name) with a password needs 'user'") }
                return ([.beginTokenRequest(id)], "\(name) \(id)")
            }
            let password = try a.optionalString("password").map { Secret($0) }
            return ([.beginTokenRequest(id), .completeTokenRequest(user: user, password: password)],
                    "\(name) \(id) as \(user)\(password == nil ? " (picked)" : "")")
        case "completeTokenRequest":
            let user = try a.string("user")
            let password = try a.optionalString("password").map { Secret($0) }
            return ([.completeTokenRequest(user: user, password: password)], "\(name) \(user)\(password == nil ? " (picked)" : "")")
        case "cancelTokenRequest": try a.noArguments(); return ([.cancelTokenRequest], name)
        default: // releaseDelivery
            try a.noArguments(); return ([.releaseDelivery], name)
        }
    }

    // MARK: assertion and press steps

    private func assertion(_ name: String, nameNode: YAMLValue, value: YAMLValue?) throws(ConfigError) -> (StepKind, String) {
        let checker = ExpectationParser(appIDs: appIDs, env: env)
        switch name {
        case "press":
            guard let value, value.isScalar else { throw nameNode.error("press needs keys, e.g. press: \"cou1<Enter>\"") }
            let raw = try value.string("press", limit: Limits.keySequenceLength)
            let resolved = try value.text("press", env: env, limit: Limits.keySequenceLength)
            do {
                return (.press(try KeySequence.parse(resolved), text: raw), "press \(raw)")
            } catch let problem {
                // Point at the character when the text was written as it is read.
                let exact = raw == resolved
                let quoted = !value.isPlainScalar
                let column = value.column + (exact ? problem.offset + (quoted ? 1 : 0) : 0)
                throw ConfigError(file: value.file, line: value.line, column: column, message: problem.message)
            }
        case "expect":
            guard let value else { throw nameNode.error("expect needs at least one of: \(ExpectationParser.deviceKeys.joined(separator: ", "))") }
            let e = try checker.device(value)
            return (.expect(e), "expect " + ExpectationParser.summary(e))
        case "expectApp":
            guard let value else { throw nameNode.error("expectApp needs 'app' and what to check: \(ExpectationParser.appKeys.joined(separator: ", "))") }
            let e = try checker.app(value)
            return (.expectApp(e), "expectApp \(e.app)")
        case "expectNoLeak":
            let (app, exposures) = try checker.noLeak(value)
            return (.expectNoLeak(app: app, exposures: exposures), "expectNoLeak" + (app.map { " \($0)" } ?? "") + (exposures ? " (nor exposure)" : ""))
        case "expectLeak":
            guard let value else { throw nameNode.error("expectLeak needs the app, e.g. expectLeak: {app: tasks, owner: cou1}") }
            let e = try checker.leak(value, what: name)
            return (.expectLeak(e), "expectLeak \(e.app)" + (e.owner.map { " of \($0)" } ?? ""))
        case "expectToken":
            guard let value else { throw nameNode.error("expectToken needs the app and what to check, e.g. expectToken: {app: mail, source: broker}") }
            let e = try checker.token(value)
            return (.expectToken(e), "expectToken \(e.app)")
        default: // expectExposure
            guard let value else { throw nameNode.error("expectExposure needs the app, e.g. expectExposure: {app: scanner, owner: cou1}") }
            let e = try checker.leak(value, what: name)
            return (.expectExposure(e), "expectExposure \(e.app)" + (e.owner.map { " of \($0)" } ?? ""))
        }
    }
}

/// `12`, `0.5`, `300` — seconds as a report shows them.
func formatSeconds(_ s: Double) -> String {
    s == s.rounded() && abs(s) < 1e15 ? String(Int(s)) : String(s)
}

/// The arguments of one action step, read key by key; keys left unread are errors.
struct ActionArguments {
    let step: String
    /// The value node, or the step name when there is no value (for error positions).
    let node: YAMLValue
    let value: YAMLValue?
    let env: [String: String]
    let appIDs: [AppID]
    private var used: Set<String> = []
    private(set) var refused: YAMLValue?
    private var fields: [String: (key: YAMLValue, value: YAMLValue)] = [:]
    private var order: [String] = []

    init(step: String, node: YAMLValue, value: YAMLValue?, env: [String: String], appIDs: [AppID]) {
        self.step = step; self.node = node; self.value = value; self.env = env; self.appIDs = appIDs
        if let value, let entries = try? value.entries(step) {
            for e in entries {
                if e.key == "refused" { refused = e.value; continue }
                fields[e.key] = (e.keyNode, e.value); order.append(e.key)
            }
        }
    }

    private var mapping: Bool { value?.isMapping ?? false }

    private mutating func field(_ key: String) throws(ConfigError) -> YAMLValue? {
        guard value != nil else { return nil }
        guard mapping else { throw node.error("\(step) takes a mapping, e.g. \(step): {\(key): …}") }
        used.insert(key)
        return fields[key]?.value
    }

    mutating func string(_ key: String) throws(ConfigError) -> String {
        guard let v = try field(key) else { throw node.error("\(step) needs '\(key)'") }
        return try v.text(key, env: env)
    }

    mutating func optionalString(_ key: String) throws(ConfigError) -> String? {
        try field(key)?.text(key, env: env)
    }

    mutating func bool(_ key: String, default d: Bool) throws(ConfigError) -> Bool {
        guard let v = try field(key) else { return d }
        let text = try v.text(key, env: env)
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw v.error("\(key) must be true or false, not '\(text)'")
        }
    }

    /// `from: broker` (the default) or an installed app id.
    mutating func source(_ key: String) throws(ConfigError) -> AccountSource {
        guard let v = try field(key) else { return .broker }
        let text = try v.text(key, env: env)
        if text == "broker" { return .broker }
        return .app(try checkApp(text, at: v, or: "broker"))
    }

    /// An installed app id; an unknown one is an error naming the valid ones.
    func checkApp(_ id: String, at node: YAMLValue, or extra: String? = nil) throws(ConfigError) -> AppID {
        guard appIDs.contains(id) else {
            let valid = (extra.map { [$0] } ?? []) + appIDs
            throw node.error("unknown app '\(id)'; valid: \(valid.joined(separator: ", "))")
        }
        return id
    }

    /// The scalar value of a step such as `launch: notes`.
    mutating func scalar(_ message: String) throws(ConfigError) -> YAMLValue {
        guard let value, value.isScalar else { throw node.error(message) }
        return value
    }

    /// An installed app id under `key` of a mapping.
    mutating func appField(_ key: String) throws(ConfigError) -> AppID {
        guard let v = try field(key) else { throw node.error("\(step) needs '\(key)'") }
        return try checkApp(try v.text("an app id", env: env), at: v)
    }

    mutating func app() throws(ConfigError) -> AppID {
        let v = try scalar("\(step) needs an app id, e.g. \(step): \(appIDs.first ?? "notes")")
        return try checkApp(try v.text("an app id", env: env), at: v)
    }

    func noArguments() throws(ConfigError) {
        if let value, !(value.isMapping && fields.isEmpty) {
            throw value.error("\(step) takes no arguments here")
        }
    }

    /// Keys the step did not read are typos or keys of another step.
    func checkAllUsed() throws(ConfigError) {
        guard mapping else { return }
        let valid = used.sorted()
        for key in order where !used.contains(key) {
            throw fields[key]!.key.error("unknown key '\(key)' in \(step); valid keys: \((valid + ["refused"]).joined(separator: ", "))")
        }
    }
}
