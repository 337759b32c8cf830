import HubUI
import SessionEngine

/// One scenario being run: its hub, and what the assertions remember between steps.
struct ScenarioExecution {
    var hub: HeadlessHub
    /// Per app, how much of its log earlier `expectApp` steps have consumed.
    var appCursors: [AppID: Int] = [:]
    var leaks = LeakWatch()
    /// The most recent action applied (by a step or by the UI) and what became of it.
    var lastOutcome: (action: DeviceAction, outcome: ActionOutcome)?
    /// The event-log position of the previous `expect` step (for `logged`).
    var logCursor = 0
    /// Every fault armed so far, by number: one disarmed before it fired was still tried.
    private(set) var faultsArmed: [Int: ArmedFault] = [:]

    init(hub: HeadlessHub) { self.hub = hub }

    var device: SharedDevice { hub.device }

    /// Runs one step; nil when it passed.
    mutating func run(_ step: ScenarioStep) -> StepFailure? {
        switch step.kind {
        case let .action(actions, refused):
            leaks.beforeChange(device)
            defer { leaks.observe(device); noteFaults() }
            return act(actions, refused: refused)
        case let .press(events, _):
            leaks.beforeChange(device)
            defer { leaks.observe(device); noteFaults() }
            if let last = hub.press(events).last { lastOutcome = (last.action, last.outcome) }
            return nil
        case let .expect(e):
            defer { logCursor = device.log.nextSeq - 1 }
            return Checks.device(e, device: device, lastOutcome: lastOutcome?.outcome, logSince: logCursor, screen: { hub.screen() })
        case let .expectApp(e):
            guard let app = device.app(e.app) else {
                return StepFailure(message: "\(e.app) is not installed (the device installs its apps at enrollment)",
                                   expected: "\(e.app) installed", actual: "installed: \(device.apps.map(\.id).joined(separator: ", "))")
            }
            let from = appCursors[e.app] ?? 0
            appCursors[e.app] = app.log.count
            return Checks.mentioningFaults(Checks.app(e, app: app, device: device, since: from), apps: [e.app], device: device)
        case let .expectNoLeak(app, exposures):
            defer { leaks.asserted() }
            let failure = Checks.noLeak(app: app, exposures: exposures, findings: leaks.findings(device), logged: leaks.loggedLeakApps(device), profile: device.profile.id)
            return Checks.mentioningFaults(failure, apps: app.map { [$0] }, device: device)
        case let .expectLeak(e):
            defer { leaks.asserted() }
            let failure = Checks.finding(e, severity: .visibleLeak, findings: leaks.findings(device), logged: leaks.loggedLeakApps(device), profile: device.profile.id)
            return Checks.mentioningFaults(failure, apps: [e.app], device: device)
        case let .expectExposure(e):
            defer { leaks.asserted() }
            let failure = Checks.finding(e, severity: .atRestExposure, findings: leaks.findings(device), logged: [], profile: device.profile.id)
            return Checks.mentioningFaults(failure, apps: [e.app], device: device)
        case let .expectToken(e):
            return Checks.mentioningFaults(Checks.token(e, device: device), apps: [e.app], device: device)
        case let .expectFault(e):
            return Checks.fault(e, device: device)
        case let .narration(panel, width, height):
            return Checks.narrationFits(panel, width: width, height: height) ?? Checks.narratedClaims(panel, device: device)
        }
    }

    /// Notes the faults armed now (after each action: a fault armed and disarmed within one
    /// step did nothing and is not counted).
    private mutating func noteFaults() {
        for armed in device.armedFaults where faultsArmed[armed.id] == nil { faultsArmed[armed.id] = armed }
    }

    /// The faults the run armed, in arming order (`drop on notes`), fired or not: what CI's
    /// names say was tried (Docs/faults.md).
    var faultsTried: [String] {
        var all = faultsArmed
        for effect in device.faultEffects where all[effect.fault.id] == nil { all[effect.fault.id] = effect.fault }
        return all.keys.sorted().map { "\(all[$0]!.fault.label) on \(all[$0]!.app)" }
    }

    /// Applies an action step's events in order; stops at the first refusal.
    private mutating func act(_ actions: [DeviceAction], refused expected: RefusalExpectation?) -> StepFailure? {
        for (n, action) in actions.enumerated() {
            // `acquireTokenInteractively` with credentials: when the request ended at once (a
            // rule of 003 stopped it), there is no prompt to answer.
            if case .completeTokenRequest = action, n > 0, case .beginTokenRequest = actions[n - 1], device.pendingTokenRequest == nil {
                continue
            }
            let outcome = hub.apply(action)
            lastOutcome = (action, outcome)
            guard let refusal = outcome.refusal else { continue }
            guard let expected else {
                return StepFailure(message: "the engine refused \(action.name): \(refusal.description)",
                                   expected: "accepted", actual: "refused: \(refusal.tag) — \(refusal.description)")
            }
            if expected.matches(refusal) { return nil }
            return StepFailure(message: "\(action.name) was refused for another reason",
                               expected: expected.text, actual: "refused: \(refusal.tag) — \(refusal.description)")
        }
        if let expected {
            return StepFailure(message: "the engine accepted \(actions.first?.name ?? "the step"), which was expected to be refused",
                               expected: expected.text, actual: "accepted; the device is \(device.state)")
        }
        return nil
    }
}
