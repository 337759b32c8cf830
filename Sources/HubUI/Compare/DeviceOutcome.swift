import SessionEngine

/// What one device's run came to, in the terms a comparison shows side by side: the device's
/// state and, per app, what it received, what it missed, whose data it shows and whether it
/// leaked. Values only, so two outcomes compare row by row.
public struct DeviceOutcome: Equatable, Sendable {
    /// One app's outcome.
    public struct App: Equatable, Sendable {
        public var id: AppID
        /// Callbacks and notifications received, each with how often, in the order first received.
        public var received: String
        /// Notifications posted while the app could not receive them, with why.
        public var missed: String
        /// Whose data the app shows now (`none`).
        public var shows: String
        /// `LEAK` when it showed another user's data at some point, else its verdict's
        /// `WILL LEAK`, else `no`.
        public var leak: String
        /// The token it holds (`cou1's, from the broker`) or why its last request failed; nil
        /// when it never asked for one (no row then, so comparisons without tokens keep theirs).
        public var token: String? = nil
        /// What the last injected fault on the app did; nil when none fired (no row then).
        public var fault: String? = nil
    }

    /// The device's state (`checkedOut(cou2)`), as the engine names it.
    public var state: String
    /// What is in front.
    public var foreground: String
    /// Steps the engine refused on this device, with the reason's tag.
    public var refused: String
    public var apps: [App]
    /// The items of another user the device can read now (`SharedDevice.exposedCount`, the
    /// device header's "exposed: n"), which the tab marker names when nothing leaked.
    public var exposures = 0

    /// The outcome of `device` now. `leaked` are the apps that showed another user's data at
    /// some point of the run (the audit logs each visible leak); `refusals` the refused steps.
    public init(_ device: SharedDevice, refusals: [String]) {
        state = device.state.description
        switch device.foreground {
        // The Hub and the Authenticator are the same role: the same outcome on both systems.
        case .hub: foreground = "Hub (broker)"
        case let .app(id): foreground = id
        case .browser: foreground = "browser"
        // Workspace ONE's broker round trip (003): Authenticator beside the Hub, not the Hub.
        case .authenticator: foreground = "Authenticator"
        }
        refused = refusals.isEmpty ? "none" : refusals.joined(separator: ", ")
        exposures = device.exposedCount
        var leaked = Set<AppID>()
        for entry in device.log.entries(after: 0) where entry.kind == .leak {
            if let app = entry.app { leaked.insert(app) }
        }
        for finding in device.findings where finding.severity == .visibleLeak { leaked.insert(finding.app) }
        apps = device.apps.map { app in
            let verdict = device.verdict(of: app)
            let owners = Set(device.visibleItems(of: app).compactMap { $0.item.owner?.name }).sorted()
            var outcome = App(id: app.id,
                              received: Self.counted(app.log.filter { $0.kind == .callback || $0.kind == .notification }.map { Self.apiName($0.name) }),
                              missed: Self.counted(app.log.filter { $0.kind == .missed }.map { "\($0.name) (\($0.detail))" }),
                              shows: owners.isEmpty ? "none" : owners.joined(separator: ", "),
                              leak: leaked.contains(app.id) ? "LEAK" : verdict.kind == .willLeak ? "WILL LEAK" : "no")
            // Which token survived a race is the comparison's point when a fault is injected
            // (Docs/faults.md): shown for apps that asked for one, only once a fault fired.
            if let effect = device.faultEffects.last(where: { $0.app == app.id }) {
                outcome.fault = effect.consequence
            }
            if !device.faultEffects.isEmpty, app.token != nil { outcome.token = Self.token(device.tokenStatus(of: app.id)) }
            return outcome
        }
    }

    /// The rows a comparison shows, in order: the device's, then four per app.
    public var rows: [(label: String, value: String)] {
        var rows: [(label: String, value: String)] = [("device state", state), ("in front", foreground), ("refused steps", refused)]
        for app in apps {
            rows += [("\(app.id): received", app.received), ("\(app.id): missed", app.missed),
                     ("\(app.id): shows", app.shows), ("\(app.id): leak", app.leak)]
            if let token = app.token { rows.append(("\(app.id): token", token)) }
            if let fault = app.fault { rows.append(("\(app.id): fault", fault)) }
        }
        return rows
    }

    /// Every row label a comparison of `apps` has, in order (a comparison file names them).
    public static func rowLabels(apps: [AppID]) -> [String] {
        ["device state", "in front", "refused steps", notInProfileRow] + apps.flatMap { id in appRows.map { "\(id): \($0)" } }
    }

    static let appRows = ["received", "missed", "shows", "leak"]

    /// The row of the steps played elsewhere that a device's profile does not have
    /// (`SideBySide.table` adds it once there is one).
    public static let notInProfileRow = "not in profile"

    /// How the tab of this device reads at a glance: how many apps leaked (`LEAK 2`), else
    /// how many will (`will leak 1`), else how many exposures (`exposed 1`), else `no leak`;
    /// `short`, a sign and the count (`✗2`, `!1`, `e1`).
    public func marker(short: Bool) -> (text: String, alarming: Bool) {
        let leaked = apps.filter { $0.leak == "LEAK" }.count
        let willLeak = apps.filter { $0.leak == "WILL LEAK" }.count
        if leaked > 0 { return (short ? "✗\(leaked)" : "LEAK \(leaked)", true) }
        if willLeak > 0 { return (short ? "!\(willLeak)" : "will leak \(willLeak)", true) }
        // Readable but not shown is not "no leak" either: the same count as the header's "exposed".
        if exposures > 0 { return (short ? "e\(exposures)" : "exposed \(exposures)", false) }
        return (short ? "✓" : "no leak", false)
    }

    /// A token status in a few words: `cou1's (broker)`, `failed: interrupted`.
    static func token(_ status: TokenStatus) -> String {
        switch status {
        case .notConfigured, .none: "none"
        case let .valid(account, source): "\(account)'s (\(source))"
        case let .removed(account, by): "\(account)'s, removed by \(by)"
        case let .failed(failure): "failed: \(failure.tag)"
        case .inFlight: "in flight"
        }
    }

    /// `controllerDidFinishInitialCheck(error: nil)` reads as its API name.
    static func apiName(_ name: String) -> String {
        name.split(separator: "(", maxSplits: 1).first.map(String.init) ?? name
    }

    /// `a ×2, b ×1` in the order first seen; `none` when empty.
    static func counted(_ names: [String]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for name in names {
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        return order.isEmpty ? "none" : order.map { "\($0) ×\(counts[$0]!)" }.joined(separator: ", ")
    }
}
