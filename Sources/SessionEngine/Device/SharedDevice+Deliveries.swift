extension SharedDevice {
    /// Switches step mode on (`held`) or off. Turning it off releases everything held.
    public mutating func setDeliveryMode(_ mode: DeliveryMode) {
        guard mode != snapshot.deliveryMode else { return }
        snapshot.deliveryMode = mode
        logEvent(.delivery, mode == .held ? "step mode on: deliveries to apps are held" : "step mode off")
        if mode == .immediate { while !snapshot.heldDeliveries.isEmpty { releaseFirst() } }
        audit()
    }

    /// Releases the oldest held delivery: the class sees one app react.
    @discardableResult
    public mutating func releaseNextDelivery() -> Result<Delivery, Refusal> {
        guard !snapshot.heldDeliveries.isEmpty else { return refuse("release", .nothingHeld) }
        let d = releaseFirst()
        audit()
        return .success(d)
    }

    @discardableResult
    private mutating func releaseFirst() -> Delivery {
        let d = snapshot.heldDeliveries.removeFirst()
        logEvent(.delivery, app: d.app, "released: \(d.label)")
        apply(d)
        return d
    }

    /// The app comes to the foreground or starts cold: what its SDK does then is the
    /// profile's rule for that SDK (`SDKRules`), not a choice made here.
    mutating func scheduleForegroundDelivery(_ id: AppID, coldStart: Bool) {
        guard let i = appIndex[id] else { return }
        let sdk = snapshot.apps[i].definition.sdk
        let rule = SDKRules.rule(profile.id, sdk.kind)
        // A developer's program was told of the launch or resume itself (`setLifecycle`):
        // its own code calls `getCurrentAccount` or not. Only the Workspace ONE SDK's
        // callbacks come from the device.
        if snapshot.apps[i].definition.isExternal, sdk.kind != .workspaceOne { return }
        switch sdk {
        case .workspaceOne:
            if rule.initialCheck == .sharedDevice || coldStart {
                schedule(Delivery(app: id, kind: .sdkOpportunity(coldStart: coldStart)))
            } else {
                // Not a Workspace ONE shared device: its SDK has nothing to check at a foreground.
                keepFirstUser(id)
            }
        case .msal(let traits):
            // Every MSAL app reads the account when it starts; only well-written ones on every foreground.
            if coldStart || traits.checksAccountOnForeground {
                schedule(Delivery(app: id, kind: .accountCheck(coldStart: coldStart)))
            }
        case .none:
            let ctx = appContext
            withApp(id) { $0.ensureCommonItems(ctx) }
        }
    }

    /// Delivers `d` now, or holds it in step mode. `index`: the app's place in
    /// `snapshot.apps` when the caller knows it (a broadcast does), saving a lookup by id.
    mutating func schedule(_ d: Delivery, at index: Int? = nil) {
        // Injected faults act first (Docs/faults.md), so step mode holds what they let through.
        if snapshot.faults != nil { return scheduleThroughFaults(d, at: index) }
        deliverOrHold(d, at: index)
    }

    /// Delivers `d` now, or holds it in step mode: a delivery past the injected faults.
    mutating func deliverOrHold(_ d: Delivery, at index: Int? = nil) {
        // A delayed or reordered delivery (Docs/faults.md) can come due after its app stopped:
        // it is dropped then, as a held one is when its app is terminated, never held for it.
        if snapshot.deliveryMode == .held, let i = index ?? appIndex[d.app], snapshot.apps[i].lifecycle.isRunning {
            snapshot.heldDeliveries.append(d)
            logEvent(.delivery, app: d.app, "held: \(d.label)")
        } else {
            apply(d, at: index)
        }
    }

    private mutating func apply(_ d: Delivery, at index: Int? = nil) {
        guard let i = index ?? appIndex[d.app], snapshot.apps[i].lifecycle.isRunning else {
            logEvent(.delivery, app: d.app, "dropped: \(d.label) (app no longer running)")
            return
        }
        switch d.kind {
        case .sdkOpportunity(let cold): workspaceOneOpportunity(d.app, coldStart: cold)
        case .accountChanged: accountChanged(d.app, at: i)
        case .accountCheck(let cold): accountCheck(d.app, at: i, reason: cold ? .coldStart : .foreground)
        case .broadcast(let type): receiveBroadcast(type, d.app, at: i)
        }
    }

    /// The Workspace ONE SDK at foreground or cold start (004, Programming Interface): it
    /// compares the session history with what the app last saw and calls, in order,
    /// `controllerDidWipeCurrentUserData` (after deleting its keys),
    /// `controllerDidDetectUserChange`, and on a cold start `controllerDidFinishInitialCheck`.
    /// Several cycles since the last opportunity give one invocation of each.
    private mutating func workspaceOneOpportunity(_ id: AppID, coldStart: Bool) {
        guard let i = appIndex[id] else { return }
        if rule(for: snapshot.apps[i]).initialCheck == .notSharedDevice {
            return workspaceOneWithoutHub(id, coldStart: coldStart)
        }
        let marks = snapshot.marks
        let checkedIn = state == .checkedIn
        let user = state.user
        let ctx = appContext
        var delivered: [String] = []
        var requests: [AppEvent] = []
        // An injected crash or slow wipe (Docs/faults.md) acts in a catalogue app's wipe.
        let wiping = !(snapshot.apps[i].initialCheckFailed && !coldStart) && !snapshot.apps[i].definition.isExternal
            && snapshot.apps[i].sdkSeen.map { marks.wipes > $0.wipes } == true
        let callbackFault = wiping && snapshot.faults != nil ? takeCallbackFault(id) : nil
        let previous = snapshot.apps[i].currentUser
        var crashed = false
        withApp(id) { app in
            if app.initialCheckFailed && !coldStart { return }  // SDK not initialized until relaunch
            if let seen = app.sdkSeen {
                if marks.wipes > seen.wipes {
                    if app.keychain.sdkKey != nil {
                        app.keychain.sdkKey = nil
                        app.record(ctx.now, .data, "keys", "SDK deleted its data-encryption keys")
                    }
                    app.record(ctx.now, .callback, API.didWipeCurrentUserData)
                    delivered.append(API.didWipeCurrentUserData)
                    switch callbackFault?.fault.kind {
                    case .crashInCallback?:
                        // The SDK deleted its keys and recorded the wipe before calling back: it
                        // counts it as delivered, and no later callback of this opportunity comes.
                        app.sdkSeen = marks
                        app.sawCheckedIn = checkedIn
                        crashed = true
                        return
                    case .slowCallback?:
                        break  // the wipe runs on; the app's other callbacks come meanwhile
                    default:
                        Self.reach(&app, with: .controllerDidWipeCurrentUserData, ctx, queue: &requests)
                    }
                }
                if marks.checkOuts > seen.checkOuts {
                    app.record(ctx.now, .callback, API.didDetectUserChange)
                    delivered.append(API.didDetectUserChange)
                    Self.reach(&app, with: .controllerDidDetectUserChange, ctx, queue: &requests)
                }
            }
            app.sdkSeen = marks
            app.sawCheckedIn = checkedIn
            if coldStart {
                let error = checkedIn ? API.sharedDeviceNotCheckedOut : "nil"
                app.record(ctx.now, .callback, API.didFinishInitialCheck, "error: \(error)")
                delivered.append("\(API.didFinishInitialCheck)(error: \(error))")
                app.initialCheckFailed = checkedIn
                Self.reach(&app, with: .controllerDidFinishInitialCheck(error: checkedIn ? API.sharedDeviceNotCheckedOut : nil), ctx, queue: &requests)
                if !app.definition.isExternal && app.definition.workspaceOneSupport == .sharedDeviceMode {
                    app.record(ctx.now, .data, "mode", "shared device detected: sign-up hidden, shared-device behaviour on")
                }
            }
            // The catalogue app shows the checked-out user's data; a developer's program
            // decides for itself (`retrieveUserInfo`, `screen/show`).
            if !app.definition.isExternal, let user, !app.initialCheckFailed, app.currentUser != user || app.userChangeFlag {
                app.show(user, ctx)
            }
        }
        for name in delivered { logEvent(.callback, app: id, message: .received(name)) }
        send(requests, to: id)
        if let callbackFault {
            if crashed {
                let app = snapshot.apps[i]
                let doomed = app.definition.has(.ignoresWipeCallback) ? [] : app.storage.filter { !app.wipeKeeps($0) }
                crash(callbackFault, at: i, in: API.didWipeCurrentUserData, doomed: doomed, deletes: deletesBeforeCrash(callbackFault, of: doomed.count))
            } else {
                beginSlowCallback(callbackFault, at: i, in: API.didWipeCurrentUserData, work: .wipe, previous: previous)
            }
        }
    }

    /// A Workspace ONE SDK app on a device without the Hub (entra-ios): the device is not a
    /// Workspace ONE shared device, so the initial check finishes without an error and no
    /// check-in or check-out callback ever comes (the Workspace ONE SDK documentation, shared
    /// devices: "Use of the Hub application is mandatory"; Docs/sdk-rules.md).
    private mutating func workspaceOneWithoutHub(_ id: AppID, coldStart: Bool) {
        guard coldStart else { return keepFirstUser(id) }
        let ctx = appContext
        var requests: [AppEvent] = []
        withApp(id) { app in
            app.record(ctx.now, .callback, API.didFinishInitialCheck, "error: nil")
            Self.reach(&app, with: .controllerDidFinishInitialCheck(error: nil), ctx, queue: &requests)
            if !app.definition.isExternal && app.definition.workspaceOneSupport == .sharedDeviceMode {
                app.record(ctx.now, .data, "mode", "not a Workspace ONE shared device: default behaviour")
            }
        }
        logEvent(.callback, app: id, message: .received("\(API.didFinishInitialCheck)(error: nil)"))
        send(requests, to: id)
        keepFirstUser(id)
    }

    /// An app its SDK never tells of an account change: the first person who uses it becomes
    /// its user, and it keeps that user, and their data, whoever signs in to the device later.
    private mutating func keepFirstUser(_ id: AppID) {
        guard let i = appIndex[id], !snapshot.apps[i].definition.isExternal, snapshot.apps[i].currentUser == nil,
              let user = state.user else { return }
        let ctx = appContext
        withApp(id) { $0.show(user, ctx) }
    }

    /// An MSAL listener receives the Darwin notification and asks for the current account.
    private mutating func accountChanged(_ id: AppID, at i: Int) {
        snapshot.apps[i].record(now, .notification, API.accountChangedNotification)
        logEvent(.notification, app: id, message: .received(API.accountChangedNotification))
        // The catalogue's listener asks for the current account at once (`accountCheck`); a
        // developer's program is told, and its own code asks or not.
        if snapshot.apps[i].definition.isExternal { return send([.sharedModeCurrentAccountChanged], to: id) }
        accountCheck(id, at: i, reason: .notification)
    }

    /// `getCurrentAccount` → `(current, previous)`; the app clears the previous user's
    /// data when the account changed. The lines are logged as values (`LogMessage`,
    /// `AppNote`) and formatted when read: a broadcast writes them for every app.
    mutating func accountCheck(_ id: AppID, at i: Int, reason: AccountCheckReason) {
        let (current, previous, fault) = answerGetCurrentAccount(at: i)
        let before = snapshot.apps[i]
        // MSAL for Android answers from the account the app had (`prior`), not the device's previous.
        let prior = before.currentUser
        recordAccountQuery(at: i, current: current, previous: previous, prior: prior, reason: reason)
        // A slow clear under way (Docs/faults.md) covers the change it clears for: the app keeps
        // showing the previous user until it ends. Another account is shown at once, uncleared:
        // the clear under way deletes by its own rule when it ends.
        if snapshot.faults != nil, snapshot.apps[i].currentUser != current,
           let slow = snapshot.faults?.slowCallbacks.first(where: { $0.app == id }), case let .clear(keeping) = slow.work {
            if keeping != current, let current { snapshot.apps[i].show(current, appContext) }
            logAccountQuery(id, current: current, previous: previous, prior: prior, reason: reason)
            return
        }
        // An injected crash or slow clear (Docs/faults.md) acts when there is a user to clear.
        if snapshot.faults != nil, let shown = snapshot.apps[i].currentUser, shown != current, let fault = takeCallbackFault(id) {
            logAccountQuery(id, current: current, previous: previous, prior: prior, reason: reason)
            let clear = Self.clearCallback
            if fault.fault.kind == .crashInCallback {
                let app = snapshot.apps[i]
                let doomed = app.definition.has(.keepsPreviousUserData) ? [] : app.storage.filter { $0.owner != nil && $0.owner != current }
                crash(fault, at: i, in: clear, doomed: doomed, deletes: deletesBeforeCrash(fault, of: doomed.count))
            } else {
                beginSlowCallback(fault, at: i, in: clear, work: .clear(keeping: current), previous: shown)
            }
            return
        }
        if snapshot.apps[i].currentUser != current { snapshot.apps[i].handleAccountChange(to: current, appContext) }
        logAccountQuery(id, current: current, previous: previous, prior: prior, reason: reason)
        if let fault { nilAccountsFired(fault, at: i, before: before) }
    }

    /// The app's own log of its account query: iOS's `getCurrentAccount` → (current, previous);
    /// Android's `getCurrentAccountAsync`, then its callbacks: `onAccountChanged(prior, current)`
    /// when the account changed, and `onAccountLoaded(current)` (Microsoft Learn, "Tutorial: Use shared-device mode
    /// in your Android application").
    private mutating func recordAccountQuery(at i: Int, current: UserID?, previous: UserID?, prior: UserID?, reason: AccountCheckReason) {
        switch profile.platform {
        case .iOS:
            snapshot.apps[i].record(now, .call, API.getCurrentAccount, note: .accountCheck(current: current, previous: previous, reason: reason))
        case .android:
            // MSAL calls `onAccountChanged(prior, current)` when the account differs from the one
            // the app had, then `onAccountLoaded(current)` every time
            // (`SingleAccountPublicClientApplication.checkCurrentAccountNotifyCallback`).
            snapshot.apps[i].record(now, .call, API.getCurrentAccountAsync, note: .text(reason.rawValue))
            if prior != current {
                snapshot.apps[i].record(now, .callback, API.onAccountChanged, note: .accountCallback(prior: prior, current: current))
            }
            snapshot.apps[i].record(now, .callback, API.onAccountLoaded, note: .accountCallback(prior: current, current: current))
        }
    }

    /// The event log's line of the same query.
    private mutating func logAccountQuery(_ id: AppID, current: UserID?, previous: UserID?, prior: UserID?, reason: AccountCheckReason) {
        switch profile.platform {
        case .iOS: logEvent(.call, app: id, message: .accountCheck(current: current, previous: previous, reason: reason))
        case .android: logEvent(.call, app: id, message: .asyncAccountCheck(prior: prior, current: current, reason: reason))
        }
    }

    /// MSAL `getCurrentAccount` in the app at `i`, by the profile's rule: the device's
    /// `(current, previous)` in shared device mode; otherwise only what the app signed in
    /// itself or finds in its keychain group, with no previous account.
    func currentAccount(at i: Int) -> (current: UserID?, previous: UserID?) {
        switch rule(for: snapshot.apps[i]).currentAccount {
        case .device: currentAccount
        case .ownSignIn, nil: (ownAccount(at: i), nil)
        }
    }
}
