/// What the engine needs from outside: key bytes and nonces, the credential check and the
/// cipher that seals stored items. The engine is the standard library only; the `Platform`
/// module provides the real ones (and seeded keys for tests).
public struct EngineDependencies: Sendable {
    public var keys: any KeySource
    public var hasher: any CredentialHasher
    public var cipher: any Cipher
    /// Re-run the whole leak audit after each incremental one and stop at the first
    /// difference. Off by default: it doubles the audit's cost. The random-input walks turn
    /// it on for a sample of walks, and for all of them under `HUBSIM_CHECK_AUDIT=1`
    /// (Docs/testing.md).
    public var checksIncrementalAudit = false
    public init(keys: any KeySource, hasher: any CredentialHasher, cipher: any Cipher) {
        self.keys = keys; self.hasher = hasher; self.cipher = cipher
    }
}

/// A shared device: the session engine's state machine.
///
/// One `mutating` method per event, each returning a typed result (`Result<…, Refusal>`);
/// the caller does all I/O. No wall clock (time moves by `advanceClock(by:)`), no
/// terminal, no files, no globals. After every event the leak audit runs and the event
/// log records what happened, in order.
public struct SharedDevice: Sendable {
    public internal(set) var snapshot: DeviceSnapshot {
        // No `oldValue`: the observer keeps mutations of the snapshot in place (SE-0268).
        didSet { revision &+= 1; contentRevision &+= 1 }
    }
    /// Bumped whenever the snapshot is written: a cheap "did anything change" for the front
    /// end and the store, which must not hold a copy of the snapshot to compare (holding one
    /// forces the next event to copy every log it appends to).
    public private(set) var revision = 0
    /// Bumped with `revision`, except by a clock that only moved (`advanceClock` with no timer
    /// due and nothing new for the audit): what the front end works out from the device and
    /// keeps (a view's rows, the leak counts, the panes' facts) reads no clock, so it stands
    /// until this moves; the clock itself is read when a frame is drawn.
    public internal(set) var contentRevision = 0
    public let tenant: Tenant
    let deps: EngineDependencies
    private(set) var appIndex: [AppID: Int] = [:]
    /// Whether an installed app encrypts with the key server's keys: asked at every check-out
    /// and sign-in, kept here rather than found by a pass over every app each time.
    private(set) var hasExternalEncryptionApp = false
    /// What the last leak audit depended on beyond the apps themselves (nil: none ran yet).
    private var lastAudit: AuditContext?
    /// The (app, owner) pairs whose visible leak, or at-rest exposure, has been counted and
    /// is still going on. Not stored: a restored device takes them from its findings.
    private var leakEpisodes: Set<AppOwner> = []
    private var exposureEpisodes: Set<AppOwner> = []
    /// The serial of the next event for a developer's program. The events themselves are
    /// the app's (`AppProcess.awaiting`) and the caller's (`Applied.effects`).
    var nextRequestSerial = 1
    /// The program whose answer is being judged (`appAnswered`): its screen counts now.
    var answering: AppID?
    /// The method of the event `answering` just answered, as the bridge named it: the leak's line names it.
    var answered: String?

    /// The name of a device nobody named: the same headless (scenarios) and interactive
    /// (`hubsim` without `--device`), so a recording and its replay show one device.
    public static let defaultName = "shared-device-1"

    /// A new, unenrolled device that will install `apps` at enrollment.
    public init(name: String = defaultName, profile: DeviceProfile, tenant: Tenant,
                apps: [AppDefinition], dependencies: EngineDependencies) {
        self.init(snapshot: DeviceSnapshot(name: name, profile: profile, appSet: apps), tenant: tenant, dependencies: dependencies)
    }

    /// A device restored from a snapshot.
    public init(snapshot: DeviceSnapshot, tenant: Tenant, dependencies: EngineDependencies) {
        self.snapshot = snapshot
        self.tenant = tenant
        self.deps = dependencies
        reindex()
        for f in snapshot.findings {
            for owner in f.owners {
                if f.severity == .visibleLeak { leakEpisodes.insert(AppOwner(app: f.app, owner: owner)) }
                else { exposureEpisodes.insert(AppOwner(app: f.app, owner: owner)) }
            }
        }
    }

    // MARK: queries

    public var name: String { snapshot.name }
    public var profile: DeviceProfile { snapshot.profile }
    public var state: DeviceState { snapshot.state }
    public var online: Bool { snapshot.online }
    public var now: SimInstant { snapshot.now }
    public var apps: [AppRuntime] { snapshot.apps }
    public var log: EventLog { snapshot.log }
    public var findings: [LeakFinding] { snapshot.findings }
    public var foreground: Foreground { snapshot.foreground }
    public var policy: SecurityPolicy { tenant.policy }
    public var heldDeliveries: [Delivery] { snapshot.heldDeliveries }
    public var deliveryMode: DeliveryMode { snapshot.deliveryMode }

    /// A copy of the app's runtime. Event methods read single fields through `lifecycle(of:)`
    /// instead: a copy held while the same app is mutated would force its logs to be copied.
    public func app(_ id: AppID) -> AppRuntime? { appIndex[id].map { snapshot.apps[$0] } }

    /// Where the app is in `apps`, found without going through the list (a screen that pages
    /// through 10,000 apps looks up the focused one on every frame).
    public func position(of id: AppID) -> Int? { appIndex[id] }

    public func lifecycle(of id: AppID) -> AppLifecycle? {
        guard let i = appIndex[id] else { return nil }
        return snapshot.apps[i].lifecycle
    }

    /// The current session's length, for the Hub's home.
    public var sessionLength: Double? { snapshot.session.map { now.seconds(since: $0.startedAt) } }

    /// Seconds left before the inactivity lock, when one applies; under Managed Home Screen,
    /// before inactivity next changes the device (screensaver, countdown dialog, sign-out).
    public var secondsUntilInactivityLock: Double? {
        if profile.launcher == .managedHomeScreen { return secondsUntilManagedHomeScreenTimer }
        guard profile.hasInactivityLock, case .checkedOut = state else { return nil }
        return max(0, policy.inactivityTimeout - now.seconds(since: snapshot.lastActivity))
    }

    /// Attempts left for `user` before a lockout, and the lockout's end if one is running.
    public func attempts(of user: UserID) -> (left: Int, lockedUntil: SimInstant?) {
        let record = snapshot.failedAttempts[user] ?? FailedAttempts()
        let until = record.lockedUntil.flatMap { $0 > now ? $0 : nil }
        return (until == nil ? max(0, policy.failedAttemptLimit - record.count) : 0, until)
    }

    /// MSAL `getDeviceInformation`: the device mode, by the profile's rule for MSAL (`shared`
    /// once registered in shared device mode; `default` otherwise, as MSAL names it).
    public var deviceMode: String {
        guard state.isEnrolled else { return "default" }
        return rule(for: .msal).deviceMode ?? "default"
    }

    /// MSAL `getCurrentAccount` in shared device mode: the device's `(current, previous)`.
    /// An app asks through `currentAccount(of:)`, which applies the profile's rule.
    public var currentAccount: (current: UserID?, previous: UserID?) { (state.user, snapshot.previousAccount) }

    /// Transitions of the state diagram that leave the current state.
    public var availableTransitions: [TransitionSpec] { profile.transitions.filter { $0.from.contains(state.kind) } }

    /// Why an app's UI cannot be used now, if it cannot.
    public func block(of app: AppRuntime) -> AppBlock? {
        switch app.definition.sdk {
        case .workspaceOne:
            if app.initialCheckFailed { return .blockedUntilRelaunch }
            if case .locked = state { return .locked }
            if app.sawCheckedIn && app.sdkSeen != nil { return .checkedIn }
            return nil
        case .msal, .none:
            return nil
        }
    }

    /// MSAL `getCurrentAccount` as `app` would get it now (`SDKRules`).
    public func currentAccount(of app: AppRuntime) -> (current: UserID?, previous: UserID?) {
        guard let i = appIndex[app.id] else { return (nil, nil) }
        return currentAccount(at: i)
    }

    /// Whether the app has yet to notice the latest account change. An app the profile's
    /// account changes never reach has nothing to notice.
    public func isPending(_ app: AppRuntime) -> Bool {
        guard rule(for: app).isTold else { return false }
        switch app.definition.sdk {
        case .workspaceOne:
            guard let seen = app.sdkSeen, !app.initialCheckFailed else { return false }
            return seen != snapshot.marks
        case .msal:
            return app.lifecycle != .notRunning && app.currentUser != state.user
        case .none:
            return false
        }
    }

    /// Items `app` shows now (common, or its shown user's; everything it can open when it
    /// is deliberately faulty), opened with the device's cipher.
    public func visibleItems(of app: AppRuntime) -> [(item: StoredItem, text: String)] {
        app.visibleItems(cipher: deps.cipher)
    }

    /// Every item `app` could open now, whoever owns it.
    public func readableItems(of app: AppRuntime) -> [StoredItem] { app.readableItems(cipher: deps.cipher) }

    /// The text of `item` as `app` would read it with the keys it holds; nil when sealed
    /// with a key it does not have.
    public func open(_ item: StoredItem, in app: AppRuntime) -> String? {
        item.open(with: app.keychain, cipher: deps.cipher)
    }

    /// The display fingerprint of `key` (the store writes it beside each key).
    public func fingerprint(of key: KeyMaterial) -> String { deps.cipher.fingerprint(of: key) }

    /// Whether a delivery for `app` is being held in step mode.
    public func hasHeldDelivery(_ app: AppID) -> Bool { snapshot.heldDeliveries.contains { $0.app == app } }

    // MARK: helpers for the event methods

    mutating func reindex() {
        appIndex = [:]
        hasExternalEncryptionApp = false
        for i in snapshot.apps.indices { index(i) }
    }

    /// Indexes the app just appended to `snapshot.apps`.
    mutating func indexLastApp() {
        guard let last = snapshot.apps.indices.last else { return }
        index(last)
    }

    private mutating func index(_ i: Int) {
        appIndex[snapshot.apps[i].id] = i
        if snapshot.apps[i].definition.workspaceOneSupport == .externalEncryption { hasExternalEncryptionApp = true }
    }

    mutating func withApp<R>(_ id: AppID, _ body: (inout AppRuntime) -> R) -> R? {
        guard let i = appIndex[id] else { return nil }
        return body(&snapshot.apps[i])
    }

    var appContext: AppContext {
        AppContext(now: now, keys: deps.keys, cipher: deps.cipher, keyServer: snapshot.externalKeyServer, online: online)
    }

    /// The off-device key server hands out one key per user, the same every time.
    mutating func ensureExternalKeys(for user: UserID) {
        if hasExternalEncryptionApp && snapshot.externalKeyServer[user] == nil {
            snapshot.externalKeyServer[user] = deps.keys.makeKey()
        }
    }

    /// Writes what became of the device's file into the event log (`LogEntry.Kind.storage`):
    /// not an engine event, so nothing else of the device changes.
    public mutating func logStorage(_ text: String) {
        logEvent(.storage, text)
    }

    mutating func logEvent(_ kind: LogEntry.Kind, app: AppID? = nil, _ text: String) {
        snapshot.log.append(now, kind, app: app, text)
    }

    mutating func logEvent(_ kind: LogEntry.Kind, app: AppID, message: LogMessage) {
        snapshot.log.append(now, kind, app: app, message: message)
    }

    mutating func cover(_ key: CoverageKey) {
        let text = key.key
        snapshot.coverage[text, default: 0] = (snapshot.coverage[text] ?? 0).incremented
    }

    /// Counts a transition of the diagram taken.
    /// Counts a transition of the diagram taken, and remembers it for a fault firing later
    /// (`FaultEffect.during`).
    mutating func cover(_ transition: Transition) {
        cover(.transition(transition))
        if snapshot.faults != nil { snapshot.faults?.lastTransition = transition }
    }

    /// Records a refusal in the log and coverage, and returns it.
    mutating func refuse<T>(_ event: String, _ refusal: Refusal) -> Result<T, Refusal> {
        logEvent(.refused, "\(event) refused: \(refusal)")
        cover(.refused(event: event, tag: refusal.tag))
        audit()
        return .failure(refusal)
    }

    /// A person did something: the inactivity timer restarts. Under Managed Home Screen the
    /// screensaver's session counts too, and the input may close its dialog or screensaver.
    mutating func touch() {
        switch state {
        case .checkedOut: break
        case .locked where snapshot.managedHomeScreen != nil: break
        default: return
        }
        let idle = now.seconds(since: snapshot.lastActivity)
        snapshot.lastActivity = now
        if snapshot.managedHomeScreen != nil { managedHomeScreenSawActivity(idleBefore: idle) }
    }

    /// Accounts signed in to an app by the person themselves while nobody was checked out or
    /// signed in (`TokenStore.signedInAlone`).
    var signedInAlone: [UserID] { snapshot.tokens?.signedInAlone ?? [] }

    /// Runs the leak audit and logs what changed.
    mutating func audit() {
        let context = AuditContext(state: state, held: snapshot.heldDeliveries, signedInAlone: signedInAlone)
        let fresh = LeakAudit.findings(apps: snapshot.apps, deviceUser: context.user, signedInAlone: context.signedInAlone, cipher: deps.cipher,
                                       uiBlocked: { block(of: $0) != nil || context.held.contains($0.id) || isHandling($0) })
        record(fresh, context)
    }

    /// Runs the leak audit of the apps `touched` only, when the event changed nothing else an
    /// app's findings depend on (the device's user, its lock, which apps have a delivery held)
    /// and the last audit saw the same: every other app's findings stand. Otherwise, or before
    /// the device's first audit, every app is audited. With `checksIncrementalAudit` it is
    /// checked against a full audit.
    mutating func audit(touching touched: [AppID?]) {
        let context = AuditContext(state: state, held: snapshot.heldDeliveries, signedInAlone: signedInAlone)
        guard let last = lastAudit, last.user == context.user, last.locked == context.locked,
              last.signedInAlone == context.signedInAlone,
              last.held.symmetricDifference(context.held).allSatisfy({ touched.contains($0) }) else { return audit() }
        let indices = Set(touched.compactMap { $0.flatMap { appIndex[$0] } }).sorted()
        let fresh = LeakAudit.findings(updating: snapshot.findings, apps: snapshot.apps, at: indices, index: appIndex,
                                       deviceUser: context.user, signedInAlone: context.signedInAlone, cipher: deps.cipher,
                                       uiBlocked: { block(of: $0) != nil || context.held.contains($0.id) || isHandling($0) })
        if deps.checksIncrementalAudit {
            precondition(fresh == LeakAudit.findings(apps: snapshot.apps, deviceUser: context.user, signedInAlone: context.signedInAlone,
                                                     cipher: deps.cipher, uiBlocked: { block(of: $0) != nil || context.held.contains($0.id) || isHandling($0) }),
                         "the audit of the touched apps differs from a full audit")
        }
        record(fresh, context)
    }

    /// Logs and counts what the audit found anew, once per (app, owner) exposure: a leak is
    /// counted when an app first shows that owner's data (or uses their token), not again at
    /// each event or lifecycle change while it keeps them; it counts again only after the app
    /// held nothing of that owner's for a while. Keeps `fresh`.
    private mutating func record(_ fresh: [LeakFinding], _ context: AuditContext) {
        lastAudit = context
        let old = Set(snapshot.findings)
        for f in fresh where !old.contains(f) {
            let newOwners = f.owners.filter { owner in
                let pair = AppOwner(app: f.app, owner: owner)
                return f.severity == .visibleLeak ? !leakEpisodes.contains(pair) : !exposureEpisodes.contains(pair)
            }
            guard !newOwners.isEmpty else { continue }
            for owner in newOwners {
                let pair = AppOwner(app: f.app, owner: owner)
                switch f.severity {
                case .visibleLeak: leakEpisodes.insert(pair); snapshot.leakCount = snapshot.leakCount.incremented
                case .atRestExposure: exposureEpisodes.insert(pair); snapshot.exposureCount = snapshot.exposureCount.incremented
                }
            }
            logEvent(f.severity == .visibleLeak ? .leak : .exposure, app: f.app, sentence(for: f))
        }
        // An episode ends when the app holds nothing of that owner's any more: no token, no
        // item it can read. Few pairs are ever open, so this looks at them alone.
        if !leakEpisodes.isEmpty || !exposureEpisodes.isEmpty {
            let ended = leakEpisodes.union(exposureEpisodes).filter { !holds($0) }
            for pair in ended.sorted(by: { ($0.app, $0.owner.name) < ($1.app, $1.owner.name) }) {
                let wasLeak = leakEpisodes.remove(pair) != nil
                exposureEpisodes.remove(pair)
                logEvent(.resolved, app: pair.app, "\(wasLeak ? "leak" : "exposure") cleared in \(pair.app): it holds nothing of \(pair.owner)'s now")
            }
        }
        snapshot.findings = fresh
    }

    /// Whether the app still holds anything of the owner's, who is not its user now: their
    /// token, or an item it can read.
    private func holds(_ pair: AppOwner) -> Bool {
        guard let i = appIndex[pair.app] else { return false }
        if LeakAudit.viewer(of: snapshot.apps, at: i, deviceUser: state.user, signedInAlone: signedInAlone) == pair.owner { return false }
        if snapshot.apps[i].tokenAccount == pair.owner || snapshot.apps[i].draft?.owner == pair.owner { return true }
        // A program still showing the owner's item holds it, deleted or sealed as it may be.
        if snapshot.apps[i].lifecycle.isRunning, snapshot.apps[i].process?.screen != nil,
           snapshot.apps[i].process?.shown.contains(where: { $0.item.owner == pair.owner }) == true { return true }
        return snapshot.apps[i].storage.contains { $0.owner == pair.owner && open($0, in: snapshot.apps[i]) != nil }
    }

    /// The audit line for `f`, in the profile's words, naming what leaks (items, preferences, a token).
    func sentence(for f: LeakFinding) -> String {
        let line = plainSentence(for: f)
        // A finding an injected fault explains says so (Docs/faults.md): a fault, not a bug.
        guard snapshot.faults != nil, let effect = explainingFault(of: f.app, owners: f.owners) else { return line }
        return line + " — " + effect.explanation
    }

    private func plainSentence(for f: LeakFinding) -> String {
        guard let i = appIndex[f.app], f.itemCount > 0 else { return f.message(profile.id) }
        let whose = Set(f.owners)
        let items: [StoredItem]
        switch f.severity {
        case .visibleLeak:
            items = visibleItems(of: snapshot.apps[i]).map(\.item).filter { $0.owner.map(whose.contains) ?? false }
            // A developer's program's leak names its items by key, and the event it had just
            // answered: the developer finds both in their code.
            if snapshot.apps[i].definition.isExternal, !items.isEmpty {
                let keys = items.map { "'\($0.id)'" }.joined(separator: ", ")
                return f.message(profile.id, what: keys) + (answering == f.app ? answered.map { " after answering \($0)" } ?? "" : "")
            }
        case .atRestExposure: items = snapshot.apps[i].storage.filter { $0.payload.isPlaintext && ($0.owner.map(whose.contains) ?? false) }
        }
        let preferences = items.filter { $0.dataClass == .preference }.count
        let others = f.itemCount - preferences
        let parts = [others > 0 ? (others == 1 ? "1 item" : "\(others) items") : nil,
                     preferences > 0 ? (preferences == 1 ? "1 preference" : "\(preferences) preferences") : nil].compactMap { $0 }
        return f.message(profile.id, what: parts.isEmpty ? "\(f.itemCount) items" : parts.joined(separator: " and "))
    }
}

/// An app and the owner of data it holds: what the leak count counts once.
struct AppOwner: Hashable, Sendable {
    var app: AppID
    var owner: UserID
}

/// Why an app's UI is not usable.
public enum AppBlock: String, Equatable, Sendable {
    /// Cold-started while checked in: blocked until terminated and relaunched.
    case blockedUntilRelaunch = "blocked until relaunch"
    /// The SDK found the device checked in.
    case checkedIn = "blocked: device checked in"
    /// Inactivity lock.
    case locked
}

/// What every app's findings depend on besides the app itself.
private struct AuditContext {
    var user: UserID?
    /// A locked device blocks every Workspace ONE app's UI.
    var locked: Bool
    /// Accounts signed in to apps with nobody signed in: those apps' own users.
    var signedInAlone: [UserID]
    /// An app with a delivery held in step mode is mid-notice: the real system would have
    /// delivered at once, so the pause is shown as "pending", not audited as a visible leak.
    var held: Set<AppID>

    init(state: DeviceState, held deliveries: [Delivery], signedInAlone: [UserID]) {
        user = state.user
        self.signedInAlone = signedInAlone
        if case .locked = state { locked = true } else { locked = false }
        held = deliveries.isEmpty ? [] : Set(deliveries.map(\.app))
    }
}
