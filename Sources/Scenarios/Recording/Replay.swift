import AppBridge
import Configuration
import HubUI
import Platform
import SessionEngine

/// Replays a model's action log on a fresh device, step by step as the scenario runner will,
/// and writes the steps and the captured state. Incremental: `append` replays only the
/// entries added since its last call, so a recording costs what the walk added, not the walk.
struct Replay {
    private var log = ChunkedLog<AppliedAction>()
    private var checkpoints: [Int] = []
    private(set) var device: SharedDevice
    private(set) var writer: RecordedStepWriter
    private var leaks = LeakWatch()
    private var appCursors: [AppID: Int] = [:]
    /// Each app's callbacks (Workspace ONE) or notifications (MSAL) since its cursor, already
    /// written as flow-list items, and how far into its log they go: written as the walk
    /// grows, so a save writes only what the last steps added (Docs/performance.md), not every entry
    /// since the last checkpoint.
    private var pendingEntries: [AppID: (items: [AppLogEntry.Kind: [String]], upTo: Int)] = [:]
    private var diverged = false
    /// The highest fault number whose effect a capture has asserted.
    private var faultsCaptured = 0
    /// The step lines written so far, each already indented for the `steps:` list.
    private var lines: [String] = []
    /// The first log entry not yet replayed, and the first checkpoint not yet reached.
    private var next = 0
    private var marked = 0
    /// How many log entries have been replayed on the fresh device (for tests: a save
    /// replays only what `append` left pending).
    private(set) var replayedEntries = 0
    /// The programs of the walk's `exec:` apps, run afresh for the replay and settled after
    /// every step as `hubsim run` will settle them (nil: every app is the catalogue's).
    private let bridge: AppBridge?

    init(model: HubModel, hasher: any CredentialHasher) {
        let session = model.device
        device = SharedDevice(name: session.name, profile: session.profile, tenant: session.tenant,
                              apps: session.snapshot.appSet, dependencies: EngineDependencies.seeded(hasher: hasher))
        writer = RecordedStepWriter(profile: session.profile.id, policy: session.policy)
        bridge = session.snapshot.appSet.contains(where: \.isExternal) ? AppBridge() : nil
    }

    /// Ends the replay's programs (the recording is written).
    mutating func endPrograms() { bridge?.shutdown(&device) }

    /// Replays the steps `model` added since the last call. A step that ends at the last
    /// entry waits: the model may still extend it (a clock tick grows in place, installs
    /// follow an enrollment), and a checkpoint may follow it.
    mutating func append(_ model: HubModel) {
        log = model.actionLog
        checkpoints = model.checkpoints
        followFaultSeed(of: model.device)
        advance(finishing: false)
        writePendingEntries()
    }

    /// The walk's fault seed on the fresh device, so a crash-in-callback deletes as much in
    /// the replay as it did in the walk. Both devices derive the same seed from their name; a
    /// seed set for the walk (`faultSeed:` in the file it started from) is followed here.
    private mutating func followFaultSeed(of session: SharedDevice) {
        guard let seed = session.snapshot.faults?.seed, device.snapshot.faults?.seed != seed else { return }
        device.setFaultSeed(seed)
    }

    /// The kinds of entries an app's `expectApp` lists: Workspace ONE's callbacks, MSAL's
    /// notifications, and on Android MSAL's callbacks too (`onAccountChanged`, `onAccountLoaded`).
    private func listedKinds(_ app: AppRuntime) -> [AppLogEntry.Kind] {
        switch app.definition.sdk {
        case .workspaceOne: [.callback]
        case .msal: device.profile.id.platform == .android ? [.callback, .notification] : [.notification]
        case .none: []
        }
    }

    /// Writes the entries the apps logged since the last call as flow-list items.
    private mutating func writePendingEntries() {
        for app in device.apps {
            let kinds = listedKinds(app)
            guard !kinds.isEmpty else { continue }
            var pending = pendingEntries[app.id] ?? ([:], appCursors[app.id] ?? 0)
            guard pending.upTo < app.log.count else { continue }
            for entry in app.log[pending.upTo...] where kinds.contains(entry.kind) {
                pending.items[entry.kind, default: []].append(YAMLText.flowItem(Checks.entryText(entry)))
            }
            pending.upTo = app.log.count
            pendingEntries[app.id] = pending
        }
    }

    /// The steps of the whole walk, ending with the captured state; what `append` already
    /// replayed is not replayed again.
    mutating func finish() -> [String] {
        advance(finishing: true)
        lines += capture("end of the walk")
        return lines
    }

    private mutating func advance(finishing: Bool) {
        while next < log.count {
            let end = groupEnd(at: next)
            if end == log.count && !finishing { return }
            while marked < checkpoints.count && checkpoints[marked] <= next {
                if checkpoints[marked] == next { lines += capture("checkpoint \(marked + 1)") }
                marked += 1
            }
            let (count, text) = group(at: next)
            if let text { lines.append("  - " + text) } else {
                lines.append("  # \(log[next].action.name) is not part of the \(device.profile.id.rawValue) profile (left out)")
            }
            next += count
        }
    }

    /// Where the step starting at `i` ends at the most (what `group` may merge into it).
    private func groupEnd(at i: Int) -> Int {
        var end = i + 1
        switch log[i].action {
        case .enroll:
            while end < log.count, isInstall(log[end].action), !checkpoints.contains(end) { end += 1 }
        case .advanceClock:
            while end < log.count, case .advanceClock = log[end].action, !checkpoints.contains(end) { end += 1 }
        case .userActivity:
            while end < log.count, log[end].action == .userActivity, !checkpoints.contains(end) { end += 1 }
        default:
            break
        }
        return end
    }

    /// Applies the actions that make one step, starting at `i`; returns how many it took and the step.
    private mutating func group(at i: Int) -> (Int, String?) {
        let (count, text) = replayGroup(at: i)
        replayedEntries += count
        return (count, text)
    }

    private mutating func replayGroup(at i: Int) -> (Int, String?) {
        leaks.beforeChange(device)
        defer {
            // The programs answer before the leak audit looks, as in a scenario run.
            bridge?.settle(&device)
            leaks.observe(device)
        }
        let entry = log[i]
        switch entry.action {
        case .enroll:
            var end = i + 1
            while end < log.count, isInstall(log[end].action), !checkpoints.contains(end) { end += 1 }
            var probe = device
            let applied = probe.apply(entry.action)
            let outcome = applied.outcome
            note(outcome, entry)
            if outcome == .accepted {
                // A rehearsal: its effects are performed only if the device takes its result.
                var effects = applied.effects
                for j in (i + 1)..<end { effects += probe.apply(log[j].action).effects }
                if case .checkedIn = probe.state {
                    device = probe
                    bridge?.perform(effects)
                    return (end - i, writer.step(entry.action, refusal: nil, lockedUser: nil, usesPasscode: false, completesEnrollment: true))
                }
            }
            perform(entry.action)
            return (1, writer.step(entry.action, refusal: outcome.refusal, lockedUser: nil, usesPasscode: false, completesEnrollment: false))
        case .advanceClock:
            var end = i
            var milliseconds: Int64 = 0
            while end < log.count, case let .advanceClock(s) = log[end].action, end == i || !checkpoints.contains(end) {
                // Saturating: a warp's length comes from a tenant's policy (bounded when read,
                // but the sum of many must not trap either).
                let step = (s * 1000).rounded()
                let bounded = step.isNaN ? 0 : Int64(min(max(step, -9e18), 9e18))
                milliseconds = milliseconds.addingReportingOverflow(bounded).overflow ? .max : milliseconds + bounded
                end += 1
            }
            let merged = DeviceAction.advanceClock(seconds: Double(milliseconds) / 1000)
            perform(merged)
            return (end - i, writer.step(merged, refusal: nil, lockedUser: nil, usesPasscode: false, completesEnrollment: true))
        case .userActivity:
            // One entry per instant of typing: consecutive ones restart the same timer.
            var end = i + 1
            while end < log.count, log[end].action == .userActivity, !checkpoints.contains(end) { end += 1 }
            perform(.userActivity)
            return (end - i, writer.step(.userActivity, refusal: nil, lockedUser: nil, usesPasscode: false, completesEnrollment: true))
        default:
            let lockedUser = device.state.kind == .locked ? device.state.user?.name : nil
            let usesPasscode = device.snapshot.session?.passcodeHash != nil
            var faultApp: AppID?
            if case let .disarmFault(number) = entry.action { faultApp = device.armedFaults.first { $0.id == number }?.app }
            let before = device
            let outcome = perform(entry.action)
            note(outcome, entry)
            let placeholder = outcome.refusal.flatMap { Self.pinPlaceholder(entry.action, refused: $0, before: before, after: device) }
            return (1, writer.step(entry.action, refusal: outcome.refusal, lockedUser: lockedUser, usesPasscode: usesPasscode,
                                   completesEnrollment: true, faultApp: faultApp, sessionUser: before.state.user?.name,
                                   pinPlaceholder: placeholder))
        }
    }

    /// Applies `action` to the device; its effects go to the programs (none without a bridge).
    @discardableResult
    private mutating func perform(_ action: DeviceAction) -> ActionOutcome {
        let applied = device.apply(action)
        bridge?.perform(applied.effects)
        return applied.outcome
    }

    /// PINs a refused session PIN step is written with: short, simple, long, not digits.
    static let pinPlaceholders = ["0", "not-the-pin", "0000", "1111", "1234", "13579", "00000000", "24680135"]

    /// A PIN the engine refuses as it refused the one typed in `action` (the same refusal, the
    /// same device after), never the one typed; nil for another action, or when none does.
    private static func pinPlaceholder(_ action: DeviceAction, refused: Refusal, before: SharedDevice, after: SharedDevice) -> String? {
        let typed: Secret, make: (Secret) -> DeviceAction
        switch action {
        case let .setSessionPIN(pin): typed = pin; make = DeviceAction.setSessionPIN
        case let .enterSessionPIN(pin): typed = pin; make = DeviceAction.enterSessionPIN
        default: return nil
        }
        for candidate in pinPlaceholders where Secret(candidate) != typed {
            var probe = before
            if probe.apply(make(Secret(candidate))).refusal?.tag == refused.tag, probe.state == after.state,
               probe.managedHomeScreen == after.managedHomeScreen {
                return candidate
            }
        }
        return nil
    }

    private func isInstall(_ a: DeviceAction) -> Bool { a == .installProfileStep || a == .completeEnrollment }

    private mutating func note(_ outcome: ActionOutcome, _ entry: AppliedAction) {
        if outcome != entry.outcome { diverged = true }
    }

    var divergedFromSession: Bool { diverged }

    /// The device's state now, as assertion steps.
    private mutating func capture(_ title: String) -> [String] {
        var lines = ["  # \(title)"]
        let user = device.state.user?.name ?? "none"
        lines.append("  - \(StepName.expect): {state: \(device.state.kind.rawValue), user: \(YAMLText.scalar(user)), online: \(device.online), "
            + "foreground: \(YAMLText.scalar(Checks.foregroundName(device.foreground))), clock: \"\(device.now)\"\(managedHomeScreenFields)}")
        writePendingEntries()
        for app in device.apps {
            appCursors[app.id] = app.log.count
            let items = pendingEntries[app.id]?.items ?? [:]
            func recent(_ kind: AppLogEntry.Kind) -> String { "[" + (items[kind] ?? []).joined(separator: ", ") + "]" }
            pendingEntries[app.id] = ([:], app.log.count)
            var f = ["app: \(YAMLText.scalar(app.id))", "lifecycle: \(YAMLText.scalar(app.lifecycle.rawValue))",
                     "blocked: \(Checks.blockName(device.block(of: app)))"]
            let shows = Checks.showing(app, on: device)
            f.append("shows: " + (shows.isEmpty ? "none" : shows.count == 1 ? YAMLText.scalar(shows[0]) : YAMLText.flowList(shows)))
            f.append("items: \(device.visibleItems(of: app).count)")
            for kind in listedKinds(app) { f.append((kind == .callback ? "callbacks: " : "notifications: ") + recent(kind)) }
            // What a running Android app's `isSharedDevice()` returns (read when its process
            // started, stale until it is relaunched) is part of what it was told.
            if device.isSharedDeviceLine(of: app) != nil {
                f.append("isSharedDevice: \(device.isSharedDevice(of: app))")
            }
            lines.append("  - \(StepName.expectApp): {" + f.joined(separator: ", ") + "}")
        }
        lines += faultAssertions()
        lines += leakAssertions()
        return lines
    }

    /// Managed Home Screen's state as `expect` keys (android-mhs), after the device's own.
    private var managedHomeScreenFields: String {
        guard device.profile.id == .androidMHS else { return "" }
        let mhs = device.managedHomeScreen
        var f = ["countdown: \(device.autoSignOutSecondsLeft.map(String.init) ?? "none")", "screensaver: \(mhs?.screensaver ?? false)",
                 "sessionPIN: \(Checks.sessionPINState(mhs))"]
        if let left = Checks.pinAttemptsLeft(device) { f.append("pinAttemptsLeft: \(left)") }
        return ", " + f.joined(separator: ", ")
    }

    /// What the injected faults did since the previous capture, and which are still armed:
    /// the replay of a walk with faults must reach the same fault effects, not only the same state.
    private mutating func faultAssertions() -> [String] {
        var lines: [String] = []
        let fresh = device.faultEffects.filter { $0.fault.id > faultsCaptured }
        for effect in fresh {
            var f = ["app: \(YAMLText.flowItem(effect.fault.app))", "fired: \(YAMLText.flowItem(effect.fault.fault.label))"]
            if !effect.consequence.isEmpty { f.append("consequence: \(YAMLText.flowItem(effect.consequence))") }
            if let during = effect.during { f.append("during: \(during.rawValue)") }
            lines.append("  - \(StepName.expectFault): {" + f.joined(separator: ", ") + "}")
        }
        faultsCaptured = max(faultsCaptured, fresh.map(\.fault.id).max() ?? 0)
        var apps: [AppID] = []
        for armed in device.armedFaults where !apps.contains(armed.app) { apps.append(armed.app) }
        for app in apps {
            let names = device.armedFaults(of: app).map { YAMLText.flowItem($0.fault.label) }
            for name in names { lines.append("  - \(StepName.expectFault): {app: \(YAMLText.flowItem(app)), armed: \(name)}") }
        }
        return lines
    }

    /// The leak window as the runner will see it: each leak seen, or no leak; current exposures.
    private mutating func leakAssertions() -> [String] {
        let findings = leaks.findings(device)
        var lines: [String] = []
        var leakApps: [AppID] = []
        for f in findings where f.severity == .visibleLeak && !leakApps.contains(f.app) {
            leakApps.append(f.app)
            lines.append("  - \(StepName.expectLeak): {app: \(YAMLText.scalar(f.app)), owner: \(YAMLText.scalar(f.owners.first?.name ?? ""))}")
        }
        for app in leaks.loggedLeakApps(device) where !leakApps.contains(app) {
            leakApps.append(app)
            lines.append("  - \(StepName.expectLeak): {app: \(YAMLText.scalar(app))}")
        }
        if leakApps.isEmpty { lines.append("  - \(StepName.expectNoLeak)") }
        var exposed: [AppID] = []
        for f in device.findings where f.severity == .atRestExposure && !exposed.contains(f.app) {
            exposed.append(f.app)
            lines.append("  - \(StepName.expectExposure): {app: \(YAMLText.scalar(f.app)), owner: \(YAMLText.scalar(f.owners.first?.name ?? ""))}")
        }
        leaks.asserted()
        return lines
    }
}
