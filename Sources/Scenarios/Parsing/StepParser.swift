import Configuration
import HubUI
import SessionEngine

/// Reads one entry of `steps:` — a bare step name (`- checkIn`) or a one-key mapping
/// (`- launch: notes`), with an optional `refused:` beside an action step.
struct StepParser {
    let profile: ProfileID
    let appIDs: [AppID]
    let env: [String: String]

    /// Every step name, in `StepName`'s order, as error messages list them.
    static let validSteps = StepName.allCases.map(\.rawValue).joined(separator: ", ")

    /// The Entra profiles, as messages name them.
    static let entraProfiles = ProfileID.entraNames
    /// The Android profiles, as messages name them.
    static let androidProfiles = ProfileID.androidNames

    /// Steps that belong to some profiles only, with what to write instead (one line each). A
    /// declared action says it in its declaration (`StepName.declaration`).
    func profileProblem(_ step: StepName) -> String? {
        if let declaration = step.declaration { return declaration.profileProblem(profile) }
        let here = profile.rawValue
        let entra = profile.isEntra, android = profile.platform == .android
        let mhs = profile == .androidMHS
        switch step {
        case .signIn: return entra ? nil : "signIn is an Entra step (\(Self.entraProfiles)); on workspace-one check out with checkOut"
        case .signOut: return entra ? nil : "signOut is an Entra step (\(Self.entraProfiles)); on workspace-one check in with checkIn"
        case .logOut: return entra ? "logOut is the Hub's menu (workspace-one); on \(here) write checkIn or signOut" : nil
        case .unlock:
            if mhs { return "unlock is a workspace-one step: on android-mhs leave the screensaver with enterSessionPIN (or userActivity when no session PIN is set)" }
            return entra ? "unlock is a workspace-one step: \(here) has no inactivity lock" : nil
        case .removeSharedDeviceConfiguration:
            return profile == .entraIOS ? nil : "removeSharedDeviceConfiguration is an entra-ios step (the MDM set-up of shared device mode on iOS)"
                + (android ? "; on \(here) the account leaves through removeAccountFromSettings" : "")
        case .setSessionPIN, .enterSessionPIN:
            return mhs ? nil : "\(step) is a Managed Home Screen step (android-mhs); \(here) has no launcher"
        default:
            // The declared actions answered above; the checks, keys and the rest belong everywhere.
            return nil
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
            if stepEntries.isEmpty { throw node.error("a step needs a step name; valid steps: \(Self.validSteps)") }
            throw stepEntries[1].keyNode.error("one step per list entry: '\(stepEntries[0].key)' and '\(stepEntries[1].key)' are both here (start a new entry with '- ')")
        }
        let refused = entries.first { $0.key == "refused" }?.value
        return try make(entry.key, nameNode: entry.keyNode, value: entry.value.isNull ? nil : entry.value, refusedNode: refused, at: node)
    }

    /// One step as written: its name, the name's node, its value and `refused:` beside it, and
    /// the list entry (where reports say it was written).
    private struct Written {
        let step: StepName
        let nameNode: YAMLValue
        let value: YAMLValue?
        let refusedNode: YAMLValue?
        let node: YAMLValue
    }

    private func make(_ name: String, nameNode: YAMLValue, value: YAMLValue?, refusedNode: YAMLValue?,
                      at node: YAMLValue) throws(ConfigError) -> ScenarioStep {
        guard let step = StepName(rawValue: name) else {
            throw nameNode.error("unknown step '\(name)'; valid steps: \(Self.validSteps)")
        }
        if let problem = profileProblem(step) { throw nameNode.error(problem) }
        return try read(Written(step: step, nameNode: nameNode, value: value, refusedNode: refusedNode, node: node))
    }

    /// An engine action: `build` reads the step's arguments; then `refused:`, beside the name
    /// or inside its mapping, and no key left unread.
    private func action(_ w: Written, _ build: (inout ActionArguments) throws(ConfigError) -> ([DeviceAction], String))
        throws(ConfigError) -> ScenarioStep {
        var args = ActionArguments(step: w.step.rawValue, node: w.value ?? w.nameNode, value: w.value, env: env, appIDs: appIDs)
        let (actions, label) = try build(&args)
        var refused: RefusalExpectation?
        if let refusedNode = w.refusedNode { refused = try refusal(refusedNode) }
        if let inner = args.refused {
            if refused != nil { throw inner.error("'refused' is given twice for this step") }
            refused = try refusal(inner)
        }
        try args.checkAllUsed()
        return ScenarioStep(kind: .action(actions, refused: refused), line: w.node.line, column: w.node.column,
                            label: label + (refused.map { " (\($0.text))" } ?? ""))
    }

    /// An action that takes no arguments, labelled with its name as written.
    private func bare(_ w: Written, _ act: DeviceAction) throws(ConfigError) -> ScenarioStep {
        try action(w) { a throws(ConfigError) in try a.noArguments(); return ([act], w.step.rawValue) }
    }

    /// A declared action (`StepName.declaration`): bare, labelled with its name as written, or
    /// on one installed app (`launch: notes`), labelled with the app.
    private func declared(_ w: Written, _ d: DeviceAction.Declaration) throws(ConfigError) -> ScenarioStep {
        guard d.takesApp else { return try bare(w, d.action(on: "")) }
        return try action(w) { a throws(ConfigError) in
            let id = try a.app()
            return ([d.action(on: id)], "\(w.step) \(id)")
        }
    }

    /// A key press or a check: `refused:` belongs to actions, not to these.
    private func check(_ w: Written, _ build: () throws(ConfigError) -> (StepKind, String)) throws(ConfigError) -> ScenarioStep {
        if let refusedNode = w.refusedNode { throw refusedNode.error("'refused' belongs to action steps, not to \(w.step)") }
        let (kind, label) = try build()
        return ScenarioStep(kind: kind, line: w.node.line, column: w.node.column, label: label)
    }

    private func refusal(_ node: YAMLValue) throws(ConfigError) -> RefusalExpectation? {
        let text = try node.text("refused", env: env)
        switch text.lowercased() {
        case "true", "yes": return .any
        case "false", "no": return nil
        default: return .matching(text)
        }
    }

    // MARK: every step

    /// Each step name's reading: a declared action from its declaration, every other step by
    /// its arm below. `StepName.declaration` has no `default:`, so a new step is declared there
    /// or given an arm here (a step with neither is refused as unknown, which
    /// `StepNameTests` catches).
    private func read(_ w: Written) throws(ConfigError) -> ScenarioStep {
        if let declaration = w.step.declaration { return try declared(w, declaration) }
        let name = w.step.rawValue
        let checker = ExpectationParser(appIDs: appIDs, env: env, profile: profile)
        switch w.step {
        case .enroll:
            return try action(w) { a throws(ConfigError) in
                let user = try a.string("user")
                let enroll = DeviceAction.enroll(group: try a.optionalString("group"), user: user, password: Secret(try a.string("password")))
                let complete = try a.bool("complete", default: true)
                return (complete ? [enroll, .completeEnrollment] : [enroll], "enroll \(user)")
            }
        case .checkOut:
            return try action(w) { a throws(ConfigError) in
                let user = try a.string("user")
                let password = Secret(try a.string("password"))
                if profile.isEntra {
                    let from = try a.source("from")
                    return ([.signIn(user: user, password: password, from: from)], "checkOut \(user) (global sign-in from \(from))")
                }
                let passcode = try a.optionalString("passcode").map { Secret($0) }
                return ([.checkOut(group: try a.optionalString("group"), user: user, password: password, passcode: passcode)], "checkOut \(user)")
            }
        case .checkIn, .logOut, .signOut:
            return try action(w) { a throws(ConfigError) in
                if profile == .workspaceOne { try a.noArguments(); return ([.logOut], name) }
                let from = try a.source("from")
                let browser = try a.bool("browser", default: false)
                return ([.signOut(from: from, browser: browser)], "\(name) from \(from)\(browser ? " (signoutFromBrowser)" : "")")
            }
        case .signIn:
            return try action(w) { a throws(ConfigError) in
                let user = try a.string("user")
                let from = try a.source("from")
                return ([.signIn(user: user, password: Secret(try a.string("password")), from: from)], "signIn \(user) from \(from)")
            }
        case .unlock:
            return try action(w) { a throws(ConfigError) in
                let passcode = try a.optionalString("passcode")
                let password = try a.optionalString("password")
                guard let secret = passcode ?? password, (passcode == nil) != (password == nil) else {
                    throw a.node.error("unlock needs exactly one of 'passcode' (when the policy sets an app passcode) or 'password'")
                }
                return ([.unlock(Secret(secret))], passcode != nil ? "unlock with passcode" : "unlock with password")
            }
        case .openBroker, .openHub: return try bare(w, .openBroker)
        case .advanceClock:
            return try action(w) { a throws(ConfigError) in
                let s = try ScenarioValues.seconds(try a.scalar("advanceClock needs a number of seconds"), "advanceClock", env: env)
                return ([.advanceClock(seconds: s)], "advanceClock \(formatSeconds(s))")
            }
        case .setDeliveryMode:
            return try action(w) { a throws(ConfigError) in
                let text = try a.scalar("setDeliveryMode needs held or immediate").text("setDeliveryMode", env: env)
                guard let mode = DeliveryMode(rawValue: text) else { throw a.node.error("setDeliveryMode must be held or immediate, not '\(text)'") }
                return ([.setDeliveryMode(mode)], "setDeliveryMode \(text)")
            }
        case .acquireTokenInteractively:
            return try action(w) { a throws(ConfigError) in
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
            }
        case .completeTokenRequest:
            return try action(w) { a throws(ConfigError) in
                let user = try a.string("user")
                let password = try a.optionalString("password").map { Secret($0) }
                return ([.completeTokenRequest(user: user, password: password)], "\(name) \(user)\(password == nil ? " (picked)" : "")")
            }
        case .removeSharedDeviceConfiguration:
            return try action(w) { a throws(ConfigError) in
                let valid = SharedDeviceConfigurationPart.allCases.map(\.rawValue).joined(separator: " or ")
                let text = try a.scalar("removeSharedDeviceConfiguration needs what the MDM removes: \(valid)").text(name, env: env)
                guard let part = SharedDeviceConfigurationPart(rawValue: text) else {
                    throw a.node.error("removeSharedDeviceConfiguration must be \(valid), not '\(PrintableText.quoted(text))'")
                }
                return ([.removeSharedDeviceConfiguration(part)], "\(name) \(text)")
            }
        case .setSessionPIN:
            return try action(w) { a throws(ConfigError) in
                let pin = try a.secretScalar("setSessionPIN needs the PIN, e.g. setSessionPIN: \"2468\" (or ${HUBSIM_PIN_COU1})")
                return ([.setSessionPIN(pin)], name)
            }
        case .enterSessionPIN:
            return try action(w) { a throws(ConfigError) in
                let pin = try a.secretScalar("enterSessionPIN needs the PIN, e.g. enterSessionPIN: \"2468\" (or ${HUBSIM_PIN_COU1})")
                return ([.enterSessionPIN(pin)], name)
            }
        case .fault:
            return try action(w) { a throws(ConfigError) in
                guard a.value?.isMapping == true else {
                    throw a.node.error("fault needs a mapping: fault: {app: notes, arm: \"delay 30s\"} or fault: {app: notes, disarm: true}; faults: \(FaultEntry.validDelivery)")
                }
                let armNode = try a.optionalNode("arm")
                let disarmNode = try a.optionalNode("disarm")
                switch (armNode, disarmNode) {
                case let (arm?, nil):
                    let id = try a.appField("app")
                    let fault = try FaultEntry.delivery(try arm.text("arm", env: env), at: arm)
                    return ([.armFault(id, fault)], "\(name) \(id): arm \(fault.label)")
                case let (nil, disarm?):
                    // `disarm: 2`: one fault by the number the event log gives it; the app, when
                    // written, says where it was armed (the recorder writes it).
                    let text = try disarm.text("disarm", env: env)
                    if let number = Int(text) {
                        guard number >= 1 else { throw disarm.error("disarm takes true (every fault armed on the app) or a fault's number, 1 or more (got \(number))") }
                        let id = try a.optionalNode("app").map { node throws(ConfigError) in try a.checkApp(try node.text("app", env: env), at: node) }
                        return ([.disarmFault(number)], "\(name)\(id.map { " \($0)" } ?? ""): disarm fault \(number)")
                    }
                    let id = try a.appField("app")
                    guard try a.bool("disarm", default: false) else {
                        throw disarm.error("disarm: false disarms nothing; write disarm: true, disarm: N (fault N), or arm: one of \(FaultEntry.validDelivery)")
                    }
                    return ([.disarmFaults(id)], "\(name) \(id): disarm")
                case (_?, let disarm?):
                    throw disarm.error("a fault step arms or disarms, not both: start a new entry with '- fault:' for the other")
                case (nil, nil):
                    throw a.node.error("fault needs 'arm' (one of \(FaultEntry.validDelivery)) or 'disarm: true' (or a fault's number)")
                }
            }

        case .press:
            return try check(w) { () throws(ConfigError) in
                guard let value = w.value, value.isScalar else { throw w.nameNode.error("press needs keys, e.g. press: \"cou1<Enter>\"") }
                let raw = try value.string("press", limit: Limits.keySequenceLength)
                let resolved = try value.text("press", env: env, limit: Limits.keySequenceLength)
                do throws(KeySequence.Problem) {
                    return (.press(try KeySequence.parse(resolved), text: raw), "press \(raw)")
                } catch let problem {
                    // Point at the character when the text was written as it is read.
                    let exact = raw == resolved
                    let quoted = !value.isPlainScalar
                    let column = value.column + (exact ? problem.offset + (quoted ? 1 : 0) : 0)
                    throw ConfigError(file: value.file, line: value.line, column: column, message: problem.message)
                }
            }
        case .expect:
            return try check(w) { () throws(ConfigError) in
                guard let value = w.value else { throw w.nameNode.error("expect needs at least one of: \(ExpectationParser.deviceKeys.joined(separator: ", "))") }
                let e = try checker.device(value)
                return (.expect(e), "expect " + ExpectationParser.summary(e))
            }
        case .expectApp:
            return try check(w) { () throws(ConfigError) in
                guard let value = w.value else { throw w.nameNode.error("expectApp needs 'app' and what to check: \(ExpectationParser.appKeys.joined(separator: ", "))") }
                let e = try checker.app(value)
                return (.expectApp(e), "expectApp \(e.app)")
            }
        case .expectNoLeak:
            return try check(w) { () throws(ConfigError) in
                let (app, exposures) = try checker.noLeak(w.value)
                return (.expectNoLeak(app: app, exposures: exposures), "expectNoLeak" + (app.map { " \($0)" } ?? "") + (exposures ? " (nor exposure)" : ""))
            }
        case .expectLeak:
            return try check(w) { () throws(ConfigError) in
                guard let value = w.value else { throw w.nameNode.error("expectLeak needs the app, e.g. expectLeak: {app: tasks, owner: cou1}") }
                let e = try checker.leak(value, what: name)
                return (.expectLeak(e), "expectLeak \(e.app)" + (e.owner.map { " of \($0)" } ?? ""))
            }
        case .expectExposure:
            return try check(w) { () throws(ConfigError) in
                guard let value = w.value else { throw w.nameNode.error("expectExposure needs the app, e.g. expectExposure: {app: scanner, owner: cou1}") }
                let e = try checker.leak(value, what: name)
                return (.expectExposure(e), "expectExposure \(e.app)" + (e.owner.map { " of \($0)" } ?? ""))
            }
        case .expectToken:
            return try check(w) { () throws(ConfigError) in
                guard let value = w.value else { throw w.nameNode.error("expectToken needs the app and what to check, e.g. expectToken: {app: mail, source: broker}") }
                let e = try checker.token(value)
                return (.expectToken(e), "expectToken \(e.app)")
            }
        case .expectFault:
            return try check(w) { () throws(ConfigError) in
                guard let value = w.value else {
                    throw w.nameNode.error("expectFault needs the app and what to check, e.g. expectFault: {app: notes, fired: drop, consequence: cou1}")
                }
                let e = try checker.fault(value)
                var label = "expectFault \(e.app)"
                if let fired = e.fired { label += " fired \(fired)" }
                if let armed = e.armed { label += " armed \(armed)" }
                return (.expectFault(e), label)
            }
        default:
            // A step neither declared nor read above: the same answer as a misspelt one.
            throw w.nameNode.error("unknown step '\(name)'; valid steps: \(Self.validSteps)")
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

    /// The node under `key`, for a value read with its own errors (nil when absent).
    mutating func optionalNode(_ key: String) throws(ConfigError) -> YAMLValue? {
        try field(key)
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

    /// A secret written as the step's scalar (`setSessionPIN: "2468"`): read as text, held as a
    /// `Secret` from here on, so no label, report or log line can show it.
    mutating func secretScalar(_ message: String) throws(ConfigError) -> Secret {
        Secret(try scalar(message).text(step, env: env))
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
