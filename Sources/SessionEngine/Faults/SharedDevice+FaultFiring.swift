/// What armed faults do when their moment comes (Docs/faults.md): delivery faults act in
/// `schedule`, before step mode holds or applies the delivery, so step mode shows the
/// interleaving they cause; callback faults act inside a catalogue app's wipe or clear.
/// Every effect is logged with `LogEntry.Kind.fault`, so a reader tells a fault from a bug.
extension SharedDevice {
    // MARK: delivery faults

    /// `d` on its way to its app, past the faults armed on that app: the first armed delivery
    /// fault (in arming order) fires on it; otherwise it arrives.
    mutating func scheduleThroughFaults(_ d: Delivery, at index: Int?) {
        guard let k = snapshot.faults?.armed.firstIndex(where: { $0.app == d.app && $0.fault.kind.isDeliveryFault }),
              let fault = snapshot.faults?.armed.remove(at: k) else { return arrive(d, at: index) }
        let during = snapshot.faults?.lastTransition
        switch fault.fault.kind {
        case .drop:
            fire(fault, on: d.label, "\(d.label) dropped (injected)",
                 consequence: "\(d.app) never gets \(what(d)): \(holdings(of: d.app))")
        case .delay:
            let due = now.adding(seconds: fault.fault.duration)
            snapshot.faults?.delayed.append(DelayedDelivery(delivery: d, due: due, faultID: fault.id, during: during))
            fire(fault, on: d.label, "\(d.label) delayed to \(due) (injected)",
                 consequence: "\(d.app) gets \(what(d)) only at \(due); until then \(holdings(of: d.app))")
        case .duplicate:
            fire(fault, on: d.label, "\(d.label) arrives twice (injected)", consequence: "\(d.app) got \(what(d)) twice")
            arrive(d, at: index)
            arrive(d, at: index, releasing: false)
            updateConsequence(of: fault.id, "\(d.app) got \(what(d)) twice; after the second, \(holdings(of: d.app))")
        case .reorder:
            snapshot.faults?.heldBack.append(HeldBackDelivery(delivery: d, faultID: fault.id, during: during))
            fire(fault, on: d.label, "\(d.label) held back until the next delivery has arrived (injected)",
                 consequence: "\(d.app) gets \(what(d)) after the next delivery; until then \(holdings(of: d.app))")
        case .crashInCallback, .slowCallback, .nilAccounts, .tokenInFlight:
            arrive(d, at: index)
        }
    }

    /// A delivery past the faults: delivered, or held in step mode. Then the deliveries a
    /// reorder held back before it arrive after it (`releasing`), in the order they were held.
    mutating func arrive(_ d: Delivery, at index: Int? = nil, releasing: Bool = true) {
        let waiting = releasing ? (snapshot.faults?.heldBack ?? []) : []
        deliverOrHold(d, at: index)
        guard !waiting.isEmpty else { return }
        let ids = Set(waiting.map(\.faultID))
        snapshot.faults?.heldBack.removeAll { ids.contains($0.faultID) }
        for held in waiting {
            logEvent(.fault, app: held.delivery.app, "fault #\(held.faultID): \(held.delivery.label) arrives after \(d.label) (reordered, injected)")
            deliverOrHold(held.delivery)
            updateConsequence(of: held.faultID, "\(held.delivery.app) got \(what(held.delivery)) after \(d.label); then \(holdings(of: held.delivery.app))")
        }
    }

    // MARK: the clock

    /// The faults' timers due by `limit` (and before `before`, when given), in time order:
    /// delayed deliveries arrive, slow wipes and clears finish. The clock stands at each one's
    /// time while it happens.
    mutating func runFaultTimers(through limit: SimInstant, before: SimInstant? = nil) {
        while let book = snapshot.faults {
            let delay = book.delayed.indices.min { (book.delayed[$0].due, book.delayed[$0].faultID) < (book.delayed[$1].due, book.delayed[$1].faultID) }
            let slow = book.slowCallbacks.indices.min { (book.slowCallbacks[$0].due, book.slowCallbacks[$0].faultID) < (book.slowCallbacks[$1].due, book.slowCallbacks[$1].faultID) }
            let delayDue = delay.map { book.delayed[$0].due }
            let slowDue = slow.map { book.slowCallbacks[$0].due }
            guard let due = [delayDue, slowDue].compactMap({ $0 }).min(), due <= limit, before.map({ due < $0 }) ?? true else { return }
            snapshot.now = max(now, due)
            if let delay, delayDue == due {
                guard let late = snapshot.faults?.delayed.remove(at: delay) else { return }
                logEvent(.fault, app: late.delivery.app, "fault #\(late.faultID): the delayed \(late.delivery.label) arrives (injected)")
                arrive(late.delivery)
                updateConsequence(of: late.faultID, "\(late.delivery.app) got \(what(late.delivery)) late, at \(due); then \(holdings(of: late.delivery.app))")
            } else if let slow, let finished = snapshot.faults?.slowCallbacks.remove(at: slow) {
                finishSlowCallback(finished)
            }
        }
    }

    // MARK: callback faults

    /// The callback fault armed on `id` that fires in its wipe or clear now, taken from the
    /// armed list; nil when none is armed.
    mutating func takeCallbackFault(_ id: AppID) -> ArmedFault? {
        guard let k = snapshot.faults?.armed.firstIndex(where: { $0.app == id && $0.fault.kind.isCallbackFault }) else { return nil }
        return snapshot.faults?.armed.remove(at: k)
    }

    /// How many items a crash-in-callback lets the app delete: the fault's own count, or one
    /// drawn from the device's seed that leaves at least one item of two or more (a partial wipe).
    mutating func deletesBeforeCrash(_ fault: ArmedFault, of count: Int) -> Int {
        if let n = fault.fault.deletesBeforeCrash { return max(0, min(n, count)) }
        guard count >= 2 else { return 0 }
        return snapshot.faults?.generator.draw(in: 1...(count - 1)) ?? 1
    }

    /// The app at `i` crashes inside `callback` after deleting `deletes` of the items it meant
    /// to delete (`doomed`, in storage order): what it deleted stays deleted, the rest stays,
    /// and the app is no longer running. For an MSAL app its own record of its user is left
    /// as it was, so it repeats the clear at its next start; the Workspace ONE SDK has counted
    /// the wipe as delivered before calling back (Docs/faults.md).
    mutating func crash(_ fault: ArmedFault, at i: Int, in callback: String, doomed: [StoredItem], deletes: Int) {
        let id = snapshot.apps[i].id
        let gone = Set(doomed.prefix(deletes).map(\.id))
        snapshot.apps[i].storage.removeAll { gone.contains($0.id) }
        snapshot.apps[i].record(now, .fault, "crash", "deleted \(deletes) of \(doomed.count) item(s), then crashed in \(callback) (injected \(fault.name))")
        if snapshot.foreground == .app(id) { snapshot.foreground = .hub }
        setLifecycle(id, .terminated, detail: "crashed in \(callback): injected \(fault.name)")
        snapshot.heldDeliveries.removeAll { $0.app == id }
        endTokenRequest(of: id)
        let survivors = doomed.filter { !gone.contains($0.id) }
        let unreadable = survivors.filter { open($0, in: snapshot.apps[i]) == nil }.count
        var line = "\(id) crashed in its \(callback) after deleting \(deletes) of \(doomed.count) item(s)"
        line += survivors.isEmpty ? "; nothing it meant to delete survived" : ": \(Self.describe(survivors)) survived"
        if unreadable > 0 { line += " (\(unreadable) sealed with a deleted key: unreadable)" }
        if case .msal = snapshot.apps[i].definition.sdk, !survivors.isEmpty { line += "; it clears them again at its next start" }
        fire(fault, on: "\(id): \(callback)", "\(id) crashed in its \(callback) (injected)", consequence: line)
    }

    /// The app at `i` begins `work`, which takes the fault's duration: until then it holds, and
    /// shows, what it held.
    mutating func beginSlowCallback(_ fault: ArmedFault, at i: Int, in callback: String, work: SlowCallback.Work, previous: UserID?) {
        let id = snapshot.apps[i].id
        let due = now.adding(seconds: fault.fault.duration)
        let slow = SlowCallback(app: id, faultID: fault.id, work: work, startedAt: now, due: due, previous: previous)
        snapshot.faults?.slowCallbacks.append(slow)
        snapshot.apps[i].record(now, .fault, "slow", "\(callback) under way until \(due) (injected \(fault.name))")
        fire(fault, on: "\(id): \(callback)", "\(id)'s \(callback) takes until \(due) (injected)",
             consequence: "until \(due) \(holdings(of: id))")
    }

    /// A slow wipe or clear finishes: it deletes by its rule from what the app holds now,
    /// the next user's data included when the device moved on meanwhile.
    private mutating func finishSlowCallback(_ slow: SlowCallback) {
        guard let i = appIndex[slow.app] else { return }
        let callback = slow.work == .wipe ? API.didWipeCurrentUserData : SharedDevice.clearCallback
        guard snapshot.apps[i].lifecycle.isRunning else {
            // The work ran in the app's process: it ended with it.
            logEvent(.fault, app: slow.app, "fault #\(slow.faultID): \(slow.app)'s \(callback) never finished: the app stopped first (injected)")
            updateConsequence(of: slow.faultID, "\(slow.app) stopped before its \(callback) finished: \(holdings(of: slow.app))")
            return
        }
        let app = snapshot.apps[i]
        let doomed: [StoredItem] = switch slow.work {
        case .wipe: app.definition.has(.ignoresWipeCallback) ? [] : app.storage.filter { !app.wipeKeeps($0) }
        case let .clear(keeping): app.definition.has(.keepsPreviousUserData) ? [] : app.storage.filter { $0.owner != nil && $0.owner != keeping }
        }
        let gone = Set(doomed.map(\.id))
        snapshot.apps[i].storage.removeAll { gone.contains($0.id) }
        snapshot.apps[i].record(now, .fault, slow.work == .wipe ? "wipe" : "clear",
                                "deleted \(doomed.count) item(s), finishing late (injected fault #\(slow.faultID))")
        if snapshot.apps[i].currentUser == slow.previous {
            snapshot.apps[i].currentUser = nil
            if case let .clear(keeping?) = slow.work { snapshot.apps[i].show(keeping, appContext) }
        }
        let others = doomed.filter { $0.owner != nil && $0.owner != slow.previous }
        var line = "\(slow.app)'s \(callback) finished at \(now), \(formatDuration(seconds: now.seconds(since: slow.startedAt))) late"
        line += doomed.isEmpty ? ", deleting nothing" : ": deleted \(Self.describe(doomed))"
        if !others.isEmpty {
            let whose = Set(others.compactMap(\.owner)).sorted().map(\.name).joined(separator: " and ")
            line += " — \(whose)'s data too, written meanwhile"
        }
        logEvent(.fault, app: slow.app, "fault #\(slow.faultID): \(line) (injected)")
        updateConsequence(of: slow.faultID, line)
    }

    /// A slow wipe or clear dies with its app's process.
    mutating func cutSlowCallbacks(of id: AppID) {
        guard let book = snapshot.faults, book.slowCallbacks.contains(where: { $0.app == id }) else { return }
        let cut = book.slowCallbacks.filter { $0.app == id }
        snapshot.faults?.slowCallbacks.removeAll { $0.app == id }
        for slow in cut {
            logEvent(.fault, app: id, "fault #\(slow.faultID): \(id) stopped before its slow callback finished: nothing more deleted (injected)")
            updateConsequence(of: slow.faultID, "\(id) stopped before its slow callback finished: \(holdings(of: id))")
        }
    }

    /// An MSAL app's own clear of the previous user's data, named as the log says it.
    static let clearCallback = "clear after \(API.getCurrentAccount)"

    // MARK: effects

    /// Records that `fault` fired: moved from armed to fired with its effect, counted, logged.
    private mutating func fire(_ fault: ArmedFault, on delivery: String, _ what: String, consequence: String) {
        let during = snapshot.faults?.lastTransition
        let effect = FaultEffect(fault: fault, firedAt: now, during: during, delivery: delivery, consequence: consequence)
        snapshot.faults?.fired.append(effect)
        if let over = snapshot.faults.map({ $0.fired.count - FaultBook.firedLimit }), over > 0 { snapshot.faults?.fired.removeFirst(over) }
        cover(.fault(fault.fault.kind, during: during))
        logEvent(.fault, app: fault.app, "fault #\(fault.id) fired: \(what)")
        logEvent(.fault, app: fault.app, "fault #\(fault.id): \(consequence)")
    }

    /// Rewrites the consequence of fault `id` once its outcome is known.
    private mutating func updateConsequence(of id: Int, _ line: String) {
        guard let k = snapshot.faults?.fired.lastIndex(where: { $0.fault.id == id }) else { return }
        snapshot.faults?.fired[k].consequence = line
    }

    /// What a delivery tells, in the words of its SDK.
    private func what(_ d: Delivery) -> String {
        switch d.kind {
        case .sdkOpportunity(true): "its SDK's initial check"
        case .sdkOpportunity(false): "its SDK's check at the foreground"
        case .accountChanged: API.accountChangedNotification
        case .accountCheck: "its \(API.getCurrentAccount(on: profile.platform)) check"
        case let .broadcast(type): "\(API.currentAccountChangedBroadcast) (\(type.rawValue))"
        }
    }

    /// What the app holds of users other than the device's: "it still holds alice's 3 items",
    /// or that it holds nobody else's data.
    func holdings(of id: AppID) -> String {
        guard let i = appIndex[id] else { return "\(id) is gone" }
        let user = state.user
        let others = snapshot.apps[i].storage.filter { $0.owner != nil && $0.owner != user && open($0, in: snapshot.apps[i]) != nil }
        var shows = snapshot.apps[i].currentUser.map { $0 == user ? "" : ", shows \($0)'s data" } ?? ""
        // A token of someone who is not the device's user: the next request works as them.
        if let account = snapshot.apps[i].tokenAccount, account != user { shows += ", holds \(account)'s token" }
        guard !others.isEmpty else { return "\(id) holds nobody else's readable data\(shows)" }
        return "\(id) still holds \(Self.describe(others))\(shows)"
    }

    /// `alice's 2 items, bob's 1 item, 1 common item`, owners in name order.
    static func describe(_ items: [StoredItem]) -> String {
        var counts: [UserID: Int] = [:]
        var common = 0
        for item in items { if let owner = item.owner { counts[owner, default: 0] += 1 } else { common += 1 } }
        var parts = counts.sorted { $0.key < $1.key }.map { "\($0.key)'s \($0.value == 1 ? "1 item" : "\($0.value) items")" }
        if common > 0 { parts.append(common == 1 ? "1 common item" : "\(common) common items") }
        return parts.joined(separator: ", ")
    }
}
