import SessionEngine

/// What a step that cannot be taken back will do to each app, found by taking it: the step
/// runs on a rehearsal of the device (`SharedDevice.rehearsal()`, a copy), and each app's
/// outcome is read from what the engine did there. Where an app's outcome waits for a later
/// chance (a Workspace ONE app learns at its next foreground, a suspended MSAL app misses the
/// notification), that chance is rehearsed too: the app is launched on a copy of the result.
/// Nothing here decides what an app does, and `ForecastText` only words these facts, so the
/// dialog follows the engine whatever its rules become.
public struct StepForecast: Equatable, Sendable {
    /// The step rehearsed.
    public var action: DeviceAction
    /// Why the rehearsal refused the step (the real step is refused for the same reason).
    public var refusal: Refusal?
    /// Every app, in pane order.
    public var apps: [AppForecast]
    /// The device's revision it was rehearsed on: another revision makes it stale.
    public var revision: Int

    /// Rehearses `action` on a copy of `device`.
    public init(_ action: DeviceAction, on device: SharedDevice, nextChances: Bool = true) {
        self.action = action
        revision = device.revision
        var after = device.rehearsal()
        refusal = after.apply(action).refusal
        apps = device.apps.compactMap { app in
            guard let step = AppOutcome(app.id, before: device, after: after) else { return nil }
            let next = nextChances ? Self.nextChance(app.id, after: after, step: step, action: action) : nil
            return AppForecast(app: app.id, name: app.definition.name, step: step, next: next, program: app.definition.isExternal)
        }
    }

    /// The forecast of one app.
    public func app(_ id: AppID) -> AppForecast? { apps.first { $0.app == id } }

    /// What the app's next chance to learn does, rehearsed on a copy of the step's result:
    /// its next foreground or start for an app that has not learned yet, its next background
    /// refresh for a running app whose token the step took. Nil when nothing waits.
    static func nextChance(_ id: AppID, after: SharedDevice, step: AppOutcome, action: DeviceAction) -> NextChance? {
        guard let app = after.app(id) else { return nil }
        var then = after
        if case .removeAccount = action {
            guard case .removed = step.token, app.lifecycle == .foreground || app.lifecycle == .background else { return nil }
            let refusal = then.apply(.refreshInBackground(id)).refusal
            return AppOutcome(id, before: after, after: then, refusal: refusal).map { NextChance(kind: .refresh, outcome: $0) }
        }
        switch step.verdict.kind {
        case .willNotice, .missed, .willLeak: break
        default: return nil
        }
        guard step.verdict.next != nil else { return nil }
        let kind: NextChance.Kind = app.lifecycle.isRunning ? .foreground : .start
        if then.apply(.launch(id)).refusal != nil { return nil }
        return AppOutcome(id, before: after, after: then).map { NextChance(kind: kind, outcome: $0) }
    }
}

/// One app's forecast: the step's outcome and, when it waits for one, its next chance's.
public struct AppForecast: Equatable, Sendable {
    public var app: AppID
    public var name: String
    /// Right after the step.
    public var step: AppOutcome
    /// The app's next chance, rehearsed after the step.
    public var next: NextChance?
    /// A developer's program (Docs/bridge-protocol.md): a rehearsal cannot run its code, so
    /// only what the SDK delivers to it is forecast, never what it then keeps or deletes.
    public var program = false
}

/// A later chance of an app, rehearsed.
public struct NextChance: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case foreground = "next foreground"
        case start = "next start"
        case refresh = "next refresh"
    }
    public var kind: Kind
    public var outcome: AppOutcome
}

/// What one run did to one app, read from the app before and after it.
public struct AppOutcome: Equatable, Sendable {
    /// The app's verdict after the run (what its pane and the audit say).
    public var verdict: AppVerdict
    /// Callbacks and notifications it received, in order (API names).
    public var received: [String] = []
    /// SDK calls it made (`getCurrentAccount`, `removeAccount`), in order.
    public var calls: [String] = []
    /// Why it missed the notification posted in the run, if it did.
    public var missed: MissReason?
    /// Items it deleted.
    public var deleted: [Holding] = []
    /// Users' items it holds after (common items are nobody's and not listed).
    public var holds: [Holding] = []
    /// Whose items it shows after.
    public var shows: [UserID] = []
    /// Why its UI cannot be used after, if it cannot.
    public var block: AppBlock?
    /// Its token before and after (identity SDK apps only).
    public var tokenBefore: TokenStatus
    public var token: TokenStatus
    /// The run's refusal, when the run was refused.
    public var refusal: Refusal?
    /// The injected fault that fired on the app during the run, named as the pane names it
    /// (`ArmedFault.name` after "injected"): what a LEAK it causes is owed to (Docs/faults.md).
    public var fault: String?

    /// What happened to `id` between `before` and `after`.
    /// Nil when the app is not on the device after the run.
    public init?(_ id: AppID, before: SharedDevice, after: SharedDevice, refusal: Refusal? = nil) {
        self.refusal = refusal
        guard let new = after.app(id) else { return nil }
        let old = before.app(id)
        verdict = after.verdict(of: new)
        tokenBefore = before.tokenStatus(of: id)
        token = after.tokenStatus(of: id)
        for entry in new.log.dropFirst(old?.log.count ?? 0) {
            switch entry.kind {
            case .callback, .notification:
                received.append(entry.name == API.didFinishInitialCheck ? "\(entry.name)(\(entry.detail))" : entry.name)
            case .call: calls.append(entry.name)
            case .missed: missed = MissReason(rawValue: entry.detail)
            case .lifecycle, .data, .process, .output, .fault: break
            }
        }
        let kept = Set(new.storage.map(\.id))
        deleted = Holding.group((old?.storage ?? []).filter { !kept.contains($0.id) }, readable: { _ in true })
        let readable = Set(after.readableItems(of: new).map(\.id))
        holds = Holding.group(new.storage.filter { $0.owner != nil }, readable: { readable.contains($0.id) })
        shows = Set(after.visibleItems(of: new).compactMap(\.item.owner)).sorted()
        block = after.block(of: new)
        fault = after.faultEffects.last { $0.app == id && !before.faultEffects.contains($0) }.map { "injected \($0.fault.name)" }
    }
}

/// Items of one owner and class, and whether the app can still read them.
public struct Holding: Equatable, Sendable {
    public var owner: UserID?
    public var dataClass: DataClass
    public var count: Int
    public var readable: Bool

    /// `items` counted by owner, class and readability, in the order first met.
    static func group(_ items: [StoredItem], readable: (StoredItem) -> Bool) -> [Holding] {
        var out: [Holding] = []
        for item in items {
            let r = readable(item)
            if let i = out.firstIndex(where: { $0.owner == item.owner && $0.dataClass == item.dataClass && $0.readable == r }) {
                out[i].count += 1
            } else {
                out.append(Holding(owner: item.owner, dataClass: item.dataClass, count: 1, readable: r))
            }
        }
        return out
    }
}
