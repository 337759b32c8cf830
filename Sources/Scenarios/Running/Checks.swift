import SessionEngine

/// The scenario language's assertions (`Assets/scenarios/README.md`), as pure functions of
/// the device (and the rendered screen).
enum Checks {
    /// Collects the mismatches of one assertion step.
    struct Mismatches {
        var items: [(what: String, expected: String, actual: String)] = []
        mutating func check(_ what: String, expected: String, actual: String, _ ok: Bool) {
            if !ok { items.append((what, expected, actual)) }
        }
        var failure: StepFailure? {
            guard !items.isEmpty else { return nil }
            return StepFailure(message: items.map { "\($0.what) differs" }.joined(separator: "; "),
                               expected: items.map { "\($0.what): \($0.expected)" }.joined(separator: "\n"),
                               actual: items.map { "\($0.what): \($0.actual)" }.joined(separator: "\n"))
        }
    }

    // MARK: expect

    static func device(_ e: DeviceExpectation, device: SharedDevice, lastOutcome: ActionOutcome?,
                       logSince: Int, screen: () -> String) -> StepFailure? {
        var m = Mismatches()
        if let s = e.state {
            let actual = device.state
            let ok = s.contains("(") ? s == actual.description : s == actual.kind.rawValue
            m.check("state", expected: s, actual: actual.description, ok)
        }
        if let u = e.user {
            let actual = device.state.user?.name ?? "none"
            m.check("user", expected: u, actual: actual, UserID(u).name == actual)
        }
        if let x = e.error {
            let refusal = lastOutcome?.refusal
            let actual = refusal.map { "\($0.tag) — \($0.description)" } ?? "none (the last action was accepted)"
            let ok = x == "none" ? refusal == nil : refusal.map { RefusalExpectation.refusal($0, matches: x) } ?? false
            m.check("error", expected: x, actual: actual, ok)
        }
        if !e.screen.isEmpty || !e.notOnScreen.isEmpty {
            let text = screen()
            for s in e.screen { m.check("screen", expected: "shows \"\(s)\"", actual: "not on the screen", text.contains(s)) }
            for s in e.notOnScreen { m.check("screen", expected: "does not show \"\(s)\"", actual: "on the screen", !text.contains(s)) }
        }
        if let o = e.online { m.check("online", expected: "\(o)", actual: "\(device.online)", o == device.online) }
        if let fg = e.foreground {
            let actual = foregroundName(device.foreground)
            m.check("foreground", expected: fg, actual: actual, fg == actual || (fg == "broker" && actual == "hub"))
        }
        if let h = e.held { m.check("held deliveries", expected: "\(h)", actual: "\(device.heldDeliveries.count)", h == device.heldDeliveries.count) }
        if let c = e.clock { m.check("clock", expected: c, actual: device.now.description, c == device.now.description) }
        if let l = e.leakCount { m.check("leakCount", expected: "\(l)", actual: "\(device.snapshot.leakCount)", l == device.snapshot.leakCount) }
        if !e.logged.isEmpty {
            let recent = device.log.entries(after: logSince).map(\.text)
            for text in e.logged where !recent.contains(where: { $0.contains(text) }) {
                m.check("event log", expected: "an entry containing \"\(text)\"", actual: recent.isEmpty ? "no entries" : recent.joined(separator: "\n"), false)
            }
        }
        managedHomeScreen(e, device: device, &m)
        return m.failure
    }

    static func foregroundName(_ f: Foreground) -> String {
        switch f {
        case .hub: "hub"
        case .browser: "browser"
        case .authenticator: "authenticator"
        case let .app(id): id
        }
    }

    // MARK: expectApp

    static func app(_ e: AppExpectation, app: AppRuntime, device: SharedDevice, since from: Int) -> StepFailure? {
        var m = Mismatches()
        let recent = app.log[min(from, app.log.count)...]
        func names(_ kind: AppLogEntry.Kind) -> [String] { recent.filter { $0.kind == kind }.map(entryText) }
        if let list = e.callbacks { compareList("callbacks", list, names(.callback), &m) }
        if let list = e.notifications { compareList("notifications", list, names(.notification), &m) }
        if let list = e.calls { compareList("calls", list, names(.call), &m) }
        if let b = e.blocked {
            let actual = blockName(device.block(of: app))
            let ok = b == "true" ? actual != "false" : b == actual
            m.check("blocked", expected: b, actual: actual == "false" ? "false" : "true (\(actual))", ok)
        }
        if let shows = e.shows {
            let expected = Set(shows.filter { $0 != "none" }.map { UserID($0).name })
            let actual = showing(app, on: device)
            m.check("shows", expected: listText(expected.sorted()), actual: listText(actual), expected == Set(actual))
        }
        if let l = e.lifecycle { m.check("lifecycle", expected: l.rawValue, actual: app.lifecycle.rawValue, l == app.lifecycle) }
        if let n = e.items {
            let shown = device.visibleItems(of: app).count
            m.check("items shown", expected: "\(n)", actual: "\(shown)", n == shown)
        }
        if let n = e.stored { m.check("items stored", expected: "\(n)", actual: "\(app.storage.count)", n == app.storage.count) }
        if let p = e.pending { m.check("pending", expected: "\(p)", actual: "\(device.isPending(app))", p == device.isPending(app)) }
        android(e, recent: recent, app: app, device: device, &m)
        return m.failure
    }

    /// `controllerDidFinishInitialCheck(error: nil)`: the API name, with its detail when it has one.
    static func entryText(_ e: AppLogEntry) -> String { e.detail.isEmpty ? e.name : "\(e.name)(\(e.detail))" }

    /// A written entry matches by its name alone, or by name and detail when it has parentheses.
    static func entry(_ expected: String, matches actual: String) -> Bool {
        func squash(_ s: String) -> String { s.filter { !$0.isWhitespace } }
        if expected.contains("(") { return squash(expected) == squash(actual) }
        return expected == (actual.split(separator: "(", maxSplits: 1).first.map(String.init) ?? actual)
    }

    private static func compareList(_ what: String, _ expected: [String], _ actual: [String], _ m: inout Mismatches) {
        let ok = expected.count == actual.count && zip(expected, actual).allSatisfy { entry($0, matches: $1) }
        m.check(what, expected: listText(expected), actual: listText(actual), ok)
    }

    static func listText(_ list: [String]) -> String { list.isEmpty ? "none" : "[" + list.joined(separator: ", ") + "]" }

    static func blockName(_ b: AppBlock?) -> String {
        switch b {
        case nil: "false"
        case .blockedUntilRelaunch: "until-relaunch"
        case .checkedIn: "checked-in"
        case .locked: "locked"
        }
    }

    /// Owners of the items the app shows now, sorted.
    static func showing(_ app: AppRuntime, on device: SharedDevice) -> [String] {
        Array(Set(device.visibleItems(of: app).compactMap { $0.item.owner?.name })).sorted()
    }

    // MARK: leak audit

    static func noLeak(app: AppID?, exposures: Bool, findings: [LeakFinding], logged: [AppID], profile: ProfileID) -> StepFailure? {
        let relevant = findings.filter { f in
            (app == nil || f.app == app) && (f.severity == .visibleLeak || exposures)
        }
        let loggedOnly = logged.filter { a in (app == nil || a == app) && !relevant.contains { $0.app == a && $0.severity == .visibleLeak } }
        guard relevant.isEmpty && loggedOnly.isEmpty else {
            let lines = relevant.map { $0.message(profile) } + loggedOnly.map { "LEAK in \($0) (raised and cleared within a step; see the event log)" }
            return StepFailure(message: "the leak audit found \(exposures ? "a leak or exposure" : "a visible leak")",
                               expected: "no \(exposures ? "leak or exposure" : "visible leak")\(app.map { " in \($0)" } ?? "")",
                               actual: lines.joined(separator: "\n"))
        }
        return nil
    }

    static func finding(_ e: LeakExpectation, severity: LeakFinding.Severity, findings: [LeakFinding], logged: [AppID], profile: ProfileID) -> StepFailure? {
        let owner = e.owner.map { UserID($0) }
        let match = findings.contains { f in
            f.app == e.app && f.severity == severity && (owner == nil || f.owners.contains(owner!))
        }
        if match || (owner == nil && logged.contains(e.app)) { return nil }
        let what = severity == .visibleLeak ? "a visible leak" : "an at-rest exposure"
        let actual = findings.map { $0.message(profile) }
        return StepFailure(message: "no \(severity == .visibleLeak ? "leak" : "exposure") in \(e.app)\(e.owner.map { " of \($0)'s data" } ?? "")",
                           expected: "\(what) in \(e.app)\(e.owner.map { " of \($0)'s data" } ?? "")",
                           actual: actual.isEmpty ? "no findings" : actual.joined(separator: "\n"))
    }
}
