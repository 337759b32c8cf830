/// What became of the latest account change for one app, as a trainer would say it:
/// received (when, how), will notice (at its next foreground or cold start), missed (why),
/// not integrated, will leak (certain: nothing in the app will clean the data before it is
/// shown) or leaking now. A pure function of the device (`SharedDevice.verdict(of:)`); the
/// pane, the status line and the audit screen read it, none of them decides it.
public struct AppVerdict: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Noticed the latest change: `receivedAt`, `via`.
        case received
        /// Has not noticed yet and will, at `next`, without showing anyone else's data.
        case willNotice
        /// Missed the notification (`missed` says why); `next` says when it learns, if ever.
        case missed
        /// No SDK: it hears nothing and keeps no user data.
        case notIntegrated
        /// Certain to show another user's data at `next` (`owners`, `cause`).
        case willLeak
        /// Shows another user's data now.
        case leak
        /// Step mode holds its delivery: it notices when released.
        case held
        /// Never started: it learns the account at its first start.
        case notStarted
        /// The profile's account changes never reach its SDK (`SDKRules`): `cause` says why;
        /// it keeps what it holds, and holds nobody else's data now.
        case notTold
        /// Its last delivery was its own start, with no account change in it (the first start
        /// after installation, or a start that found nothing to clean): `receivedAt`, `via`.
        case started
        /// Started while the device was checked in: `controllerDidFinishInitialCheck` reported
        /// `sharedDeviceNotCheckedOut`, and the app stays blocked until it is relaunched.
        case blocked
        /// A developer's program left an event unanswered past its time limit (`cause`: which).
        case hung
        /// A developer's program ended without being asked to (`cause`: its exit status).
        case crashed
        /// A developer's program broke the protocol and was stopped (`cause`: how).
        case faulted
    }

    /// The app's next chance to learn of the change.
    public enum Chance: String, Sendable {
        case foreground = "next foreground"
        case coldStart = "next start"
        case relaunch = "relaunch"
        case release = "release (step mode)"
    }

    public var kind: Kind
    /// The last delivery the app got: when, and the API names in order.
    public var receivedAt: SimInstant?
    public var via: [String] = []
    /// Why it missed `SHARED_MODE_CURRENT_ACCOUNT_CHANGED` (entra-ios), when it did.
    public var missed: MissReason?
    public var next: Chance?
    /// Whose data will be or is shown (will leak, leak).
    public var owners: [UserID] = []
    /// Which callback or notification the app missed or ignored (will leak, leak), or why it
    /// is not told (not told).
    public var cause: String?
    /// What leaks (leak): `shows cou1's 3 items`, `uses cou1's token`.
    public var what: String?
    /// Why it is not told, in a few words (not told): `not in shared device mode`.
    public var shortCause: String?
    /// The account-change notice of the device's platform, as the sentence names it:
    /// `SHARED_MODE_CURRENT_ACCOUNT_CHANGED` on iOS, `CURRENT_ACCOUNT_CHANGED` on Android.
    public var notice = API.accountChangedNotification

    /// Leaks and will-leaks are what the status line counts.
    public var isLeakOrWillLeak: Bool { kind == .leak || kind == .willLeak }

    /// The verdict in a sentence (event log width); the pane shortens it.
    public var sentence: String {
        let whose = owners.map { "\($0)'s" }.joined(separator: ", ")
        switch kind {
        case .received:
            return "received \(receivedAt?.description ?? "")" + (via.isEmpty ? "" : ": " + via.joined(separator: ", "))
        case .willNotice: return "will notice at its \(next?.rawValue ?? "next foreground")"
        case .missed:
            switch missed {
            case .stopped?: return "stopped: learns at resume (\(API.onAccountChanged))"
            case .accountRemovedInSettings?:
                return "not told: account removed in Settings (no broadcast)" + (next.map { "; will notice at its \($0.rawValue)" } ?? "")
            case .cached?: return "cached: gets \(notice) when it resumes"
            default:
                let why = "missed \(notice) (\(missed?.rawValue ?? "?"))"
                return why + (next.map { "; will notice at its \($0.rawValue)" } ?? "")
            }
        case .notIntegrated: return "not integrated: no SDK, keeps no user data"
        case .willLeak: return "WILL LEAK \(whose) data at its \(next?.rawValue ?? "next foreground"): \(cause ?? "")"
        case .leak: return "LEAK: \(what ?? "shows \(whose) data")" + (cause.map { ": \($0)" } ?? "")
        case .held: return "held in step mode: notices on release"
        case .notStarted: return "not started: reads the account at its first start"
        case .notTold: return "not told: \(cause ?? "its SDK is not in charge here")"
        case .started:
            return "started \(receivedAt?.description ?? ""), no account change since" + (via.isEmpty ? "" : ": " + via.joined(separator: ", "))
        case .blocked: return "blocked until relaunch: \(API.didFinishInitialCheck)(error: \(API.sharedDeviceNotCheckedOut))"
        case .hung: return "HUNG: no answer to \(cause ?? "an event")"
        case .crashed: return "CRASHED: \(cause ?? "the process ended")"
        case .faulted: return "FAULTED: \(cause ?? "broke the bridge protocol")"
        }
    }
}

extension SharedDevice {
    /// The verdict for every app, in pane order.
    public var verdicts: [(app: AppID, verdict: AppVerdict)] { apps.map { ($0.id, verdict(of: $0)) } }

    /// Apps showing another user's data now, and apps certain to.
    public var leakCounts: (leaks: Int, willLeaks: Int) {
        var leaks = 0, willLeaks = 0
        for app in snapshot.apps {
            switch verdict(of: app).kind {
            case .leak: leaks += 1
            case .willLeak: willLeaks += 1
            default: break
            }
        }
        return (leaks, willLeaks)
    }

    /// What became of the latest account change for `app` (see `AppVerdict`). A leak an
    /// injected fault explains names the fault first (Docs/faults.md).
    public func verdict(of app: AppRuntime) -> AppVerdict {
        if snapshot.faults != nil, let crash = injectedCrash(of: app) {
            return AppVerdict(kind: .crashed, cause: "injected \(crash.fault.name): \(crash.consequence)")
        }
        var v = baseVerdict(of: app)
        if profile.platform == .android { v.notice = API.currentAccountChangedBroadcast }
        if snapshot.faults != nil, v.isLeakOrWillLeak, let effect = explainingFault(of: app.id, owners: v.owners) {
            v.cause = effect.explanation + (v.cause.map { "; \($0)" } ?? "")
        }
        return v
    }

    /// The fired fault that explains why `app` holds data of `owners`: the app's latest, when
    /// it fired once one of them was no longer the device's user (a fault before that explains
    /// nothing of their data being left behind).
    public func explainingFault(of app: AppID, owners: [UserID]) -> FaultEffect? {
        guard let last = snapshot.faults?.fired.last(where: { $0.app == app }) else { return nil }
        let ends = owners.compactMap { owner in snapshot.history.last(where: { $0.user == owner })?.endedAt }
        return ends.contains { $0 <= last.firedAt } ? last : nil
    }

    /// The injected crash that left `app` terminated, until it is started again.
    private func injectedCrash(of app: AppRuntime) -> FaultEffect? {
        guard app.lifecycle == .terminated, let last = snapshot.faults?.fired.last(where: { $0.app == app.id }),
              last.kind == .crashInCallback,
              let ended = app.log.last(where: { $0.kind == .lifecycle }), ended.detail.hasPrefix("crashed in") else { return nil }
        return last
    }

    private func baseVerdict(of app: AppRuntime) -> AppVerdict {
        if let leak = snapshot.findings.first(where: { $0.app == app.id && $0.severity == .visibleLeak }) {
            return AppVerdict(kind: .leak, owners: leak.owners, cause: leakCause(of: app), what: Self.what(leak))
        }
        if app.definition.isExternal { return externalVerdict(app) }
        let rule = rule(for: app)
        if !rule.isTold, app.definition.sdk != .none { return notToldVerdict(app) }
        let missed = lastMiss(of: app)
        switch app.definition.sdk {
        case .none:
            return AppVerdict(kind: .notIntegrated, missed: missed)
        case .workspaceOne:
            return workspaceOneVerdict(app)
        case .msal(let traits):
            return msalVerdict(app, traits, missed: missed)
        }
    }

    /// A developer's program: what its process did, then what it was told. No forecast of a
    /// leak: what its code will do is the program's, not a trait the simulator knows.
    private func externalVerdict(_ app: AppRuntime) -> AppVerdict {
        if let process = app.process {
            switch process.health {
            case let .hung(what): return AppVerdict(kind: .hung, cause: what)
            case let .faulted(why): return AppVerdict(kind: .faulted, cause: why)
            case let .exited(status, _) where process.exitsInARow > 0: return AppVerdict(kind: .crashed, cause: status)
            case .starting, .running, .exited: break
            }
        }
        if !rule(for: app).isTold, app.definition.sdk != .none {
            return AppVerdict(kind: .notTold, cause: whyNotTold(app.definition.sdk.kind),
                              shortCause: whyNotToldShort(app.definition.sdk.kind))
        }
        if hasHeldDelivery(app.id) { return AppVerdict(kind: .held, next: .release) }
        if case .workspaceOne = app.definition.sdk, isPending(app) {
            return AppVerdict(kind: .willNotice, next: app.lifecycle.isRunning ? .foreground : .coldStart)
        }
        return received(app)
    }

    /// What a visible leak shows: items, a token.
    static func what(_ f: LeakFinding) -> String {
        let whose = f.owners.map { "\($0.name)'s" }.joined(separator: " and ")
        let items = f.itemCount == 1 ? "1 item" : "\(f.itemCount) items"
        switch (f.itemCount > 0, f.token == true) {
        case (true, true): return "shows \(whose) \(items), uses \(whose) token"
        case (false, true): return "uses \(whose) token"
        default: return "shows \(whose) \(items)"
        }
    }

    /// An app the profile's account changes never reach: it will show another user's data
    /// at its next foreground when it holds some (items it lists, a token it uses).
    private func notToldVerdict(_ app: AppRuntime) -> AppVerdict {
        let user = auditUser(of: app)
        var owners = Set(visibleItems(of: app).compactMap { $0.item.owner }.filter { $0 != user })
        if let account = app.tokenAccount, account != user { owners.insert(account) }
        let why = whyNotTold(app.definition.sdk.kind)
        guard !owners.isEmpty else {
            return AppVerdict(kind: .notTold, cause: why, shortCause: whyNotToldShort(app.definition.sdk.kind))
        }
        let next: AppVerdict.Chance = app.lifecycle.isRunning ? .foreground : .coldStart
        return AppVerdict(kind: .willLeak, next: next, owners: owners.sorted(), cause: leakCause(of: app))
    }

    /// Who uses `app` now, as the leak audit sees it (`LeakAudit.viewer`).
    func auditUser(of app: AppRuntime) -> UserID? {
        guard let i = appIndex[app.id] else { return state.user }
        return LeakAudit.viewer(of: snapshot.apps, at: i, deviceUser: state.user, signedInAlone: signedInAlone)
    }

    /// Which callback or notification `app` missed or ignored, so that it keeps (or shows)
    /// another user's data; nil when it keeps none by fault.
    public func leakCause(of app: AppRuntime) -> String? {
        if let why = whyNotTold(app.definition.sdk.kind), app.definition.sdk != .none {
            guard let account = app.tokenAccount ?? app.currentUser else { return why }
            return "\(why); it keeps \(account)'s \(app.tokenAccount != nil ? "sign-in" : "data")"
        }
        switch app.definition.sdk {
        case .none: return nil
        case .workspaceOne(let support):
            if app.definition.has(.ignoresWipeCallback) { return "ignores \(API.didWipeCurrentUserData) (deliberate fault)" }
            if support == .retainPreferences { return "keeps preferences by design (retain-preferences), unencrypted" }
            if isPending(app) { return "\(API.didWipeCurrentUserData) not delivered yet (no foreground since)" }
            return nil
        case .msal(let traits):
            if app.definition.has(.keepsPreviousUserData) { return "keeps the previous user's data on an account change (deliberate fault)" }
            let notice = API.accountChangeNotice(on: profile.platform)
            let miss = lastMiss(of: app).map { "missed \(notice) (\($0.rawValue))" }
            let never = traits.checksAccountOnForeground ? nil : "never calls \(API.getCurrentAccount(on: profile.platform)) after start-up"
            let parts = [miss, never].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }
    }

    private func workspaceOneVerdict(_ app: AppRuntime) -> AppVerdict {
        guard let seen = app.sdkSeen else {
            return hasHeldDelivery(app.id) ? AppVerdict(kind: .held, next: .release) : AppVerdict(kind: .notStarted, next: .coldStart)
        }
        let next: AppVerdict.Chance = app.initialCheckFailed ? .relaunch : app.lifecycle.isRunning ? .foreground : .coldStart
        if seen != snapshot.marks {
            // The wipe callback is due and ignored: with another user checked out, the app
            // will list the previous user's plaintext copy as soon as it shows the new user.
            if snapshot.marks.wipes > seen.wipes, app.definition.has(.ignoresWipeCallback), let user = state.user {
                let owners = Set(app.storage.filter { $0.payload.isPlaintext && $0.owner != nil && $0.owner != user }.compactMap(\.owner))
                if !owners.isEmpty {
                    return AppVerdict(kind: .willLeak, next: next, owners: owners.sorted(), cause: leakCause(of: app))
                }
            }
            if hasHeldDelivery(app.id) { return AppVerdict(kind: .held, next: .release) }
            return AppVerdict(kind: .willNotice, next: next)
        }
        if app.initialCheckFailed {
            let last = received(app)
            return AppVerdict(kind: .blocked, receivedAt: last.receivedAt, via: last.via, next: .relaunch)
        }
        return received(app)
    }

    private func msalVerdict(_ app: AppRuntime, _ traits: MSALTraits, missed: MissReason?) -> AppVerdict {
        let user = state.user
        let next: AppVerdict.Chance = app.lifecycle.isRunning ? .foreground : .coldStart
        if app.lifecycle == .notRunning && app.log.allSatisfy({ $0.kind == .missed }) {
            return missed.map { AppVerdict(kind: .missed, missed: $0, next: .coldStart) } ?? AppVerdict(kind: .notStarted, next: .coldStart)
        }
        // Another user's data the app would list once in front: a well-written app lists only
        // the user it shows; a faulty one whatever it holds.
        let faulty = !app.definition.faults.isEmpty
        let stale = Set(app.storage.compactMap { item -> UserID? in
            guard let owner = item.owner, owner != user, faulty || owner == app.currentUser, item.payload.isPlaintext else { return nil }
            return owner
        }).sorted()
        let pending = isPending(app)
        // A cached Android process gets its queued broadcast as it resumes (Android 14).
        let queued = hasQueuedBroadcast(app.id)
        if queued && pending { return AppVerdict(kind: .missed, missed: .cached, next: .foreground) }
        if !stale.isEmpty && !hasHeldDelivery(app.id) {
            // Nothing will clean it: the app keeps data on a change, or it is running, missed the
            // notification and never reads the account again before it comes to the front.
            if app.definition.has(.keepsPreviousUserData)
                || (pending && app.lifecycle.isRunning && !traits.checksAccountOnForeground) {
                return AppVerdict(kind: .willLeak, missed: missed, next: next, owners: stale, cause: leakCause(of: app))
            }
        }
        if pending {
            if hasHeldDelivery(app.id) { return AppVerdict(kind: .held, next: .release) }
            let learns = app.lifecycle.isRunning && !traits.checksAccountOnForeground ? nil : next
            return AppVerdict(kind: missed == nil ? .willNotice : .missed, missed: missed, next: learns)
        }
        if let missed, !app.lifecycle.isRunning { return AppVerdict(kind: .missed, missed: missed, next: .coldStart) }
        return received(app)
    }

    /// The app's latest delivery: the callbacks, notification and calls of one instant, in
    /// order, back to the lifecycle change or miss that preceded them.
    private func received(_ app: AppRuntime) -> AppVerdict {
        var names: [String] = []
        var at: SimInstant?
        // A program's own calls (retrieveUserInfo, storage…) come when its code runs, maybe a
        // simulated second after the callbacks: they are what it did, not what it was told.
        let external = app.definition.isExternal
        for e in app.log.reversed() {
            if external, e.kind == .call, !API.isAccountQuery(e.name) { continue }
            switch e.kind {
            case .data, .process, .output, .fault: continue
            case .lifecycle, .missed: if at != nil { break } else { continue }
            case .callback, .notification, .call:
                if let t = at, t != e.time { break }
                at = e.time
                names.append(e.name == API.didFinishInitialCheck ? "\(e.name)(\(e.detail))" : e.name)
                continue
            }
            break
        }
        guard let at else { return AppVerdict(kind: .notStarted, next: .coldStart) }
        // A start is not an account change: the first start after installation gets only the
        // initial check (or reads the account), and so does a start with nothing to clean.
        // A program's own entries may come after it, at a later simulated second: they are
        // skipped, as above, rather than ending the delivery.
        let delivery = app.log.reversed().lazy
            .filter { !(external && ($0.kind == .call && !API.isAccountQuery($0.name) || $0.kind == .data || $0.kind == .process || $0.kind == .output) && $0.time != at) }
            // What an injected fault did later (a slow wipe finishing) is not part of the delivery.
            .filter { !($0.kind == .fault && $0.time != at) }
            .prefix { $0.time == at }
        let learned = delivery.contains { e in
            switch e.kind {
            case .notification: return true
            // `onAccountLoaded` says nothing changed; `onAccountChanged` is a change learned.
            case .callback: return e.name != API.didFinishInitialCheck && e.name != API.onAccountLoaded
            case .call: return API.isAccountQuery(e.name) && !e.detail.hasPrefix(AccountCheckReason.coldStart.rawValue)
            case .data: return e.name == "clear" || e.name == "wipe"
            case .lifecycle, .missed, .process, .output, .fault: return false
            }
        }
        return AppVerdict(kind: learned ? .received : .started, receivedAt: at, via: names.reversed())
    }

    /// The notification the app missed last, unless it has heard from the SDK since.
    func lastMiss(of app: AppRuntime) -> MissReason? {
        for e in app.log.reversed() {
            switch e.kind {
            case .missed: return MissReason(rawValue: e.detail)
            case .notification, .call: return nil
            default: continue
            }
        }
        return nil
    }
}
