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

    mutating func scheduleForegroundDelivery(_ id: AppID, coldStart: Bool) {
        guard let i = appIndex[id] else { return }
        let sdk = snapshot.apps[i].definition.sdk
        switch sdk {
        case .workspaceOne:
            schedule(Delivery(app: id, kind: .sdkOpportunity(coldStart: coldStart)))
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
        if snapshot.deliveryMode == .held {
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
        }
    }

    /// The Workspace ONE SDK at foreground or cold start (004, Programming Interface): it
    /// compares the session history with what the app last saw and calls, in order,
    /// `controllerDidWipeCurrentUserData` (after deleting its keys),
    /// `controllerDidDetectUserChange`, and on a cold start `controllerDidFinishInitialCheck`.
    /// Several cycles since the last opportunity give one invocation of each.
    private mutating func workspaceOneOpportunity(_ id: AppID, coldStart: Bool) {
        let marks = snapshot.marks
        let checkedIn = state == .checkedIn
        let user = state.user
        let ctx = appContext
        var delivered: [String] = []
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
                    app.handleWipe(ctx)
                }
                if marks.checkOuts > seen.checkOuts {
                    app.record(ctx.now, .callback, API.didDetectUserChange)
                    delivered.append(API.didDetectUserChange)
                    app.userChangeFlag = true
                }
            }
            app.sdkSeen = marks
            app.sawCheckedIn = checkedIn
            if coldStart {
                let error = checkedIn ? API.sharedDeviceNotCheckedOut : "nil"
                app.record(ctx.now, .callback, API.didFinishInitialCheck, "error: \(error)")
                delivered.append("\(API.didFinishInitialCheck)(error: \(error))")
                app.initialCheckFailed = checkedIn
                if app.definition.workspaceOneSupport == .sharedDeviceMode {
                    app.record(ctx.now, .data, "mode", "shared device detected: sign-up hidden, shared-device behaviour on")
                }
            }
            if let user, !app.initialCheckFailed, app.currentUser != user || app.userChangeFlag {
                app.show(user, ctx)
            }
        }
        for name in delivered { logEvent(.callback, app: id, message: .received(name)) }
    }

    /// An MSAL listener receives the Darwin notification and asks for the current account.
    private mutating func accountChanged(_ id: AppID, at i: Int) {
        snapshot.apps[i].record(now, .notification, API.accountChangedNotification)
        logEvent(.notification, app: id, message: .received(API.accountChangedNotification))
        accountCheck(id, at: i, reason: .notification)
    }

    /// `getCurrentAccount` → `(current, previous)`; the app clears the previous user's
    /// data when the account changed. The lines are logged as values (`LogMessage`,
    /// `AppNote`) and formatted when read: a broadcast writes them for every app.
    private mutating func accountCheck(_ id: AppID, at i: Int, reason: AccountCheckReason) {
        let (current, previous) = currentAccount
        snapshot.apps[i].record(now, .call, API.getCurrentAccount, note: .accountCheck(current: current, previous: previous, reason: reason))
        if snapshot.apps[i].currentUser != current { snapshot.apps[i].handleAccountChange(to: current, appContext) }
        logEvent(.call, app: id, message: .accountCheck(current: current, previous: previous, reason: reason))
    }
}
