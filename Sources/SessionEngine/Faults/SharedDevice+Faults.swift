/// Arming and disarming injected faults (Docs/faults.md): the QA engineer's hand on the
/// device. What the faults then do is in `SharedDevice+FaultFiring.swift`.
extension SharedDevice {
    // MARK: queries

    /// Every fault waiting to fire, in arming order.
    public var armedFaults: [ArmedFault] { snapshot.faults?.armed ?? [] }

    /// The faults waiting on `app`, in the order they will fire.
    public func armedFaults(of app: AppID) -> [ArmedFault] { armedFaults.filter { $0.app == app } }

    /// What the faults that fired did, oldest first.
    public var faultEffects: [FaultEffect] { snapshot.faults?.fired ?? [] }

    /// What the faults that fired on `app` did, oldest first.
    public func faultEffects(of app: AppID) -> [FaultEffect] { faultEffects.filter { $0.app == app } }

    /// The seed faults draw from: the one set, or the one derived from the device's name.
    public var faultSeed: UInt64 { snapshot.faults?.seed ?? FaultGenerator.seed(from: name) }

    // MARK: events

    /// Arms `fault` on `app`: it fires at the app's next delivery (drop, delay, duplicate,
    /// reorder) or inside its next wipe or clear (crash-in-callback, slow-callback). Several
    /// faults on one app fire in arming order.
    public mutating func armFault(_ fault: InjectedFault, on app: AppID) -> Result<ArmedFault, Refusal> {
        guard let i = appIndex[app] else { return refuse("armFault", unknownApp(app)) }
        if let why = Self.whyNot(fault.kind, on: snapshot.apps[i].definition) {
            return refuse("armFault", .faultNotApplicable(app, fault.kind, why: why))
        }
        if fault.kind.needsSeconds, !(fault.duration > 0 && fault.duration <= InjectedFault.longest) {
            return refuse("armFault", .faultNotApplicable(app, fault.kind, why: "its duration must be between 1 second and 24 hours"))
        }
        if let n = fault.deletesBeforeCrash, n < 0 || n > 1_000_000 {
            return refuse("armFault", .faultNotApplicable(app, fault.kind, why: "the items deleted before the crash must be between 0 and 1,000,000"))
        }
        var book = snapshot.faults ?? newBook(seed: faultSeed)
        let armed = ArmedFault(id: book.nextID, app: app, fault: fault, armedAt: now)
        book.nextID += 1
        book.armed.append(armed)
        snapshot.faults = book
        logEvent(.fault, app: app, "\(armed.name) armed on \(app)")
        return .success(armed)
    }

    /// Disarms fault `id` before it fires.
    public mutating func disarmFault(_ id: Int) -> Result<ArmedFault, Refusal> {
        guard let k = snapshot.faults?.armed.firstIndex(where: { $0.id == id }),
              let fault = snapshot.faults?.armed.remove(at: k) else { return refuse("disarmFault", .noSuchFault(id)) }
        logEvent(.fault, app: fault.app, "\(fault.name) disarmed on \(fault.app)")
        return .success(fault)
    }

    /// Disarms every fault waiting on `app`.
    public mutating func disarmFaults(of app: AppID) -> Result<[ArmedFault], Refusal> {
        guard appIndex[app] != nil else { return refuse("disarmFaults", unknownApp(app)) }
        let mine = armedFaults(of: app)
        guard !mine.isEmpty else { return refuse("disarmFaults", .noFaultArmed(app)) }
        snapshot.faults?.armed.removeAll { $0.app == app }
        for fault in mine { logEvent(.fault, app: app, "\(fault.name) disarmed on \(app)") }
        return .success(mine)
    }

    /// Sets the seed the faults draw from (a crash's count of deleted items when none was
    /// given): the same actions with the same seed give the same outcome.
    public mutating func setFaultSeed(_ seed: UInt64) {
        var book = snapshot.faults ?? newBook(seed: seed)
        book.seed = seed
        book.generator = FaultGenerator(seed: seed)
        snapshot.faults = book
        logEvent(.fault, "fault seed set to \(seed)")
    }

    /// A device's first fault book. The device counted its transitions without one; the one
    /// that entered the current state is the last it took.
    private func newBook(seed: UInt64) -> FaultBook {
        var book = FaultBook(seed: seed)
        let workspaceOne = profile.id == .workspaceOne
        switch state.kind {
        case .unenrolled: book.lastTransition = nil
        case .enrolling: book.lastTransition = .enroll
        case .checkedOut: book.lastTransition = workspaceOne ? .checkOut : .signIn
        case .locked: book.lastTransition = .inactivityLock
        case .checkedIn:
            book.lastTransition = snapshot.history.isEmpty ? .installProfile : workspaceOne ? .logOut : .signOut
        }
        return book
    }

    /// Why `kind` cannot be armed on the app `definition` describes; nil when it can.
    static func whyNot(_ kind: FaultKind, on definition: AppDefinition) -> String? {
        if case .none = definition.sdk {
            return "\(definition.id) has no SDK: nothing is delivered to it and it wipes nothing; pick an app with an SDK"
        }
        if kind == .tokenInFlight {
            guard definition.sso != nil else {
                return "\(definition.id) asks for no tokens (no MSAL token set-up): pick an app with single sign-on"
            }
            if definition.isExternal {
                return "\(definition.id) is your own program: its requests answer at once over the bridge; arm drop, delay, duplicate or reorder"
            }
            return nil
        }
        if kind == .nilAccounts {
            guard case .msal = definition.sdk else {
                return "\(definition.id) has no MSAL: only MSAL's getCurrentAccount answers accounts; pick an MSAL app"
            }
            return nil
        }
        if kind.isCallbackFault && definition.isExternal {
            // A developer's program runs its own callback: the simulator cannot crash or slow it
            // from outside without lying about what its code did (Docs/faults.md).
            return "\(definition.id) is your own program: make its callback crash or wait in its code; arm drop, delay, duplicate or reorder"
        }
        return nil
    }
}
