extension SharedDevice {
    /// **launch**: a cold start if the app is not running, else it comes to the foreground.
    /// Only one app (or the broker) is in the foreground: the previous one goes to the background.
    public mutating func launch(_ id: AppID) -> Result<AppLifecycle, Refusal> {
        guard let lifecycle = lifecycle(of: id) else { return refuse("launch", unknownApp(id)) }
        touch()
        if lifecycle == .foreground { return .success(.foreground) }
        let previous = snapshot.foreground.appID
        sendForegroundAppToBackground()
        let cold = !lifecycle.isRunning
        logEvent(.event, "launch \(id)\(cold ? " (cold start)" : "")")
        setLifecycle(id, .foreground, detail: cold ? "cold start" : "resumed")
        snapshot.foreground = .app(id)
        if cold { withApp(id) { $0.initialCheckFailed = false } }
        scheduleForegroundDelivery(id, coldStart: cold)
        appReturnedWithoutBrokerResponse(id)
        audit(touching: [previous, id])
        return .success(.foreground)
    }

    /// **background**: the app leaves the foreground (the person goes home) or, if
    /// suspended, is woken for background work.
    public mutating func background(_ id: AppID) -> Result<AppLifecycle, Refusal> {
        guard let lifecycle = lifecycle(of: id) else { return refuse("background", unknownApp(id)) }
        guard lifecycle.isRunning else { return refuse("background", .appNotRunning(id)) }
        touch()
        if lifecycle == .foreground { snapshot.foreground = .hub }
        setLifecycle(id, .background)
        logEvent(.event, "\(id) to the background")
        audit(touching: [id])
        return .success(.background)
    }

    /// **suspend**: iOS stops the app's execution; it misses Darwin notifications.
    public mutating func suspend(_ id: AppID) -> Result<AppLifecycle, Refusal> {
        guard let lifecycle = lifecycle(of: id) else { return refuse("suspend", unknownApp(id)) }
        guard lifecycle.isRunning else { return refuse("suspend", .appNotRunning(id)) }
        touch()
        if lifecycle == .foreground { snapshot.foreground = .hub }
        setLifecycle(id, .suspended)
        logEvent(.event, "\(id) suspended")
        audit(touching: [id])
        return .success(.suspended)
    }

    /// **terminate**: the process ends; keys held in memory only are gone with it.
    public mutating func terminate(_ id: AppID) -> Result<AppLifecycle, Refusal> {
        guard let lifecycle = lifecycle(of: id) else { return refuse("terminate", unknownApp(id)) }
        guard lifecycle.isRunning else { return refuse("terminate", .appNotRunning(id)) }
        touch()
        if lifecycle == .foreground { snapshot.foreground = .hub }
        setLifecycle(id, .terminated)
        let ctx = appContext
        withApp(id) { app in
            if !app.keychain.externalKeys.isEmpty {
                app.keychain.externalKeys = [:]
                app.record(ctx.now, .data, "key", "external key gone with the process (memory only)")
            }
        }
        snapshot.heldDeliveries.removeAll { $0.app == id }
        logEvent(.event, "\(id) terminated")
        loseDraft(of: id)
        endTokenRequest(of: id)
        audit()
        return .success(.terminated)
    }

    /// The bridge event for a lifecycle change (nil: none is sent).
    static func lifecycleEvent(from old: AppLifecycle, to new: AppLifecycle) -> AppEvent? {
        switch new {
        case .foreground: old.isRunning ? .foreground : .launch
        case .background: .background
        case .suspended: .suspend
        case .terminated: old.isRunning ? .terminate : nil
        case .notRunning: nil
        }
    }

    /// The person opens the Hub (or broker): the foreground app goes to the background.
    public mutating func openBroker() {
        touch()
        guard snapshot.foreground != .hub else { return }
        sendForegroundAppToBackground()
        snapshot.foreground = .hub
        audit()
    }

    // MARK: helpers

    func unknownApp(_ id: AppID) -> Refusal {
        if state == .unenrolled || state.kind == .enrolling, snapshot.appSet.contains(where: { $0.id == id }) {
            return .appNotInstalled(id)
        }
        return .unknownApp(id, valid: snapshot.apps.map(\.id))
    }

    mutating func sendForegroundAppToBackground() {
        if let previous = snapshot.foreground.appID, lifecycle(of: previous) == .foreground {
            setLifecycle(previous, .background)
        }
    }

    mutating func setLifecycle(_ id: AppID, _ lifecycle: AppLifecycle, detail: String = "") {
        let now = self.now
        var event: AppEvent?
        let old = self.lifecycle(of: id)
        withApp(id) { app in
            guard app.lifecycle != lifecycle else { return }
            app.record(now, .lifecycle, lifecycle.rawValue, detail.isEmpty ? "from \(app.lifecycle.rawValue)" : detail)
            // A developer's program is told (a process that ended is not).
            if app.definition.isExternal, app.process?.isAlive != false || lifecycle == .foreground {
                event = Self.lifecycleEvent(from: app.lifecycle, to: lifecycle)
            }
            app.lifecycle = lifecycle
        }
        if let event { send([event], to: id) }
        logEvent(.lifecycle, app: id, "\(id): \(lifecycle.rawValue)\(detail.isEmpty ? "" : " (\(detail))")")
        // A slow wipe or clear runs in the app's process (Docs/faults.md): it ends with it.
        if snapshot.faults != nil, !lifecycle.isRunning { cutSlowCallbacks(of: id) }
        if let old, old != lifecycle { processChanged(id, from: old, to: lifecycle) }
    }
}
