import SessionEngine

extension HubModel {
    /// Runs one command of the key table (from a key, the hint line or a button).
    @discardableResult
    mutating func run(_ command: UIIntent) -> TerminalRequest {
        switch command {
        case .quit: return requestQuit()
        case .help: helpOpen.toggle(); scrolls.help = 0
        case .focusNext: moveFocus(by: 1)
        case .focusPrevious: moveFocus(by: -1)
        case .back: back()
        case .eventLog:
            view = view == .eventLog ? .panes : .eventLog; eventLog.scroll = 0
            // A resumed device's older lines are counted for the title, not read.
            if view == .eventLog { countEarlierLog() }
        case .diagram: view = view == .diagram ? .panes : .diagram
        case .toggleOnline: act(device.online ? .goOffline : .goOnline)
        case .warpMinute: act(.advanceClock(seconds: 60))
        case .warpToLock:
            if let s = device.secondsUntilInactivityLock { act(.advanceClock(seconds: max(s, 0.001))) }
        case .toggleStepMode: act(.setDeliveryMode(device.deliveryMode == .held ? .immediate : .held))
        case .checkpoint:
            checkpoints.append(actionLog.count)
            clock.extendingTick = false
            notice = Notice(text: "Checkpoint \(checkpoints.count) marked after \(actionLog.count) action(s).", kind: .info, place: .hub)
        case .removeSharedDeviceConfiguration:
            // The parts in the order 002 sets them up: the SSO plug-in profile, then the
            // Authenticator's configuration; once both are gone, removing the last again says so.
            let removed = device.sharedModeRegistration?.removedAfterRegistration ?? []
            let part = SharedDeviceConfigurationPart.allCases.first { !removed.contains($0) } ?? .authenticatorConfiguration
            ask(.removeSharedDeviceConfiguration(part))
        case .submitField: submitField()
        case .eraseCharacter: editForm { $0.eraseInActive() }
        case .clearField: editForm { $0.clearActive() }
        case .focusField: break
        case .focusHub: focus = .hub
        case .openMenu: hubColumn.overlay = .menu; hubColumn.menuSelection = 0; notice = nil
        case .menuUp: hubColumn.menuSelection = max(0, hubColumn.menuSelection - 1)
        case .menuDown: hubColumn.menuSelection = min(Self.menuItems.count - 1, hubColumn.menuSelection + 1)
        case .menuSelect:
            // Log Out opens the Hub's own confirmation (always asked, a page of the device).
            if hubColumn.menuSelection == 0 { confirmation = Confirmation(.device(.logOut), on: device) } else { hubColumn.overlay = nil }
        case .confirmAction: return confirm()
        // The lesson player takes these before the model sees them; alone, the model has no lesson.
        case .lessonNext, .lessonBack, .lessonTry, .lessonShow: return .unchanged
        case .brokerSignOut: ask(.signOut(from: .broker, browser: entra.signOutViaBrowser))
        case .toggleBrowserSignOut: entra.signOutViaBrowser.toggle()
        case .launchApp: onFocusedApp { .launch($0) }
        case .backgroundApp: onFocusedApp { .background($0) }
        case .suspendApp: onFocusedApp { .suspend($0) }
        case .terminateApp: onFocusedApp { .terminate($0) }
        case .openHub: act(.openBroker); focus = .hub
        case .appSignIn:
            if let id = focus.appID {
                entra.signInSource = .app(id)
                form = CredentialForm.fresh(.signIn, device: device)
                focus = .hub
                notice = Notice(text: "\(appName(id)) asked for a token: sign in to make the account the device's current account.",
                                kind: .info, place: .hub)
            }
        case .appSignOut:
            if let id = focus.appID { ask(.signOut(from: .app(id), browser: false), place: .pane(id)) }
        case .appSignOutViaBrowser:
            if let id = focus.appID { ask(.signOut(from: .app(id), browser: true), place: .pane(id)) }
        case .scrollUp: scroll(.pageUp)
        case .scrollDown: scroll(.pageDown)
        case .scrollTop: scroll(.top)
        case .scrollBottom: scroll(.bottom)
        case .lineUp: if confirmation != nil { scrollConfirmation(by: -1) } else { scroll(.lines(-1)) }
        case .lineDown: if confirmation != nil { scrollConfirmation(by: 1) } else { scroll(.lines(1)) }
        case .zoomPane:
            if view == .zoom { view = .panes; zoom.app = nil } else if let id = focus.appID { view = .zoom; zoom.app = id; zoom.scroll = 0 }
        case .audit: view = view == .audit ? .panes : .audit; scrolls.audit = 0
        case .filterApp: eventLog.filter.app = EventLogFilter.next(eventLog.filter.app, in: device.apps.map(\.id)); eventLog.scroll = 0
        case .filterUser: eventLog.filter.user = EventLogFilter.next(eventLog.filter.user, in: device.tenant.users.map(\.id)); eventLog.scroll = 0
        case .filterKind: eventLog.filter.kind = EventLogFilter.next(eventLog.filter.kind, in: Array(EventLogFilter.Kind.allCases.dropFirst())) ?? .all; eventLog.scroll = 0
        case .moreActions: hintMenuOpen.toggle()
        case .ssoMap: view = view == .ssoMap ? .panes : .ssoMap; scrolls.ssoMap = 0
        case .acquireToken: if let id = focus.appID { acquireToken(id) }
        case .removeAccount: if let id = focus.appID { removeAccount(id) }
        case .tileLeft, .tileRight, .tileUp, .tileDown: moveTile(command)
        case .openTile: openTile()
        case .wakeScreensaver: act(.userActivity)
        case let .device(step): runDeclared(step)
        case .faultsMenu, .faultUp, .faultDown, .faultChoose, .faultLonger, .faultShorter: runFaultCommand(command)
        case .raiseHand, .leaveClass: return runClassCommand(command)
        }
        return .none
    }

    /// Applies an action and shows a refusal's reason where it happened, or for the events
    /// that are not broadcast, what happens next (`ActionResult.aftermath`).
    mutating func act(_ action: DeviceAction, place: Notice.Place = .hub) {
        notice = nil
        switch applyForResult(action).result {
        case let .failure(refusal): notice = .refused(refusal, place: place)
        case let .success(result): if let text = result.aftermath { notice = Notice(text: text, kind: .info, place: .hub) }
        }
    }

    /// A step that cannot be taken back: asked in the forecast-and-confirm dialog first, unless
    /// confirmations are off (scenarios, `--no-confirm`) or step mode holds every delivery.
    /// Moves the dialog's forecast by whole apps; the view keeps the last app reachable.
    mutating func scrollConfirmation(by apps: Int) {
        let count = confirmation?.forecast?.apps.count ?? 0
        scrolls.confirm = max(0, min(scrolls.confirm + apps, max(0, count - 1)))
    }

    mutating func ask(_ action: DeviceAction, place: Notice.Place = .hub) {
        // The console cannot reach an offline device: the refusal says so at once, no question.
        let refusedAtOnce = action == .enterpriseWipe && !device.online
        guard confirmsActions, device.deliveryMode != .held, !refusedAtOnce else { act(action, place: place); return }
        notice = nil
        confirmation = Confirmation(.device(action), place: place, on: device)
    }

    /// `i` on an app that uses the identity SDK, as an app does it: a silent request first
    /// (starting the app if it is not running), and only when the SDK answers "interaction
    /// required", the interactive one (its own prompt, or the broker round trip).
    mutating func acquireToken(_ id: AppID) {
        guard device.app(id) != nil, bringForward(id) else { return }
        act(.acquireTokenSilently(id), place: .pane(id))
        guard notice == nil, case .interactionRequired? = device.app(id)?.token?.last?.failure else { return }
        act(.beginTokenRequest(id), place: .pane(id))
    }

    /// `x`: MSAL `removeAccount` in this app. It deletes the account's tokens of the app's
    /// whole keychain group (003's warning), so when other apps hold them it asks first: the
    /// remove is rehearsed, and it asks when another app's token changes there.
    mutating func removeAccount(_ id: AppID) {
        guard bringForward(id) else { return }
        let forecast = StepForecast(.removeAccount(id), on: device, nextChances: false)
        if forecast.refusal != nil || !forecast.apps.contains(where: { $0.app != id && $0.step.token != $0.step.tokenBefore }) {
            act(.removeAccount(id), place: .pane(id))
        } else {
            ask(.removeAccount(id), place: .pane(id))
        }
    }

    /// A person taps "sign in" or "remove account" inside an app, so the app is in front: `i`
    /// and `x` on the pane of an app that is not (in the background, suspended, not running)
    /// launch it first, as the person would open it. False when the launch was refused (the
    /// reason is on the pane).
    mutating func bringForward(_ id: AppID) -> Bool {
        guard device.foreground != .app(id) else { return true }
        act(.launch(id), place: .pane(id))
        return notice == nil
    }

    /// Why a pane key does nothing on this app, in one line (none when the key means nothing
    /// on a pane): the single sign-on and sign-out keys exist only where the app and the
    /// profile have them, and a key that silently did nothing taught nothing.
    static func idleKeyReason(_ key: Key, app: AppRuntime, on d: SharedDevice) -> String? {
        let name = app.definition.name
        switch key {
        case .char("i"), .char("x"), .char("R"):
            switch app.definition.sdk {
            case .workspaceOne: return "No MSAL here: \(name) gets its user from the Hub's check-out."
            case .none: return "No identity SDK in \(name): nobody signs in to it."
            case .msal:
                if !d.state.isEnrolled { return "Enroll the device first: \(name) has no account to ask for." }
                return "\(name) has no single sign-on set-up: i, x and R need one (apps.yaml, sso)."
            }
        case .char("u"), .char("w"):
            if d.profile.id == .workspaceOne { return "No global sign-out here: log out in the Hub (h)." }
            return "Nobody is signed in: there is no account to sign out."
        default:
            return nil
        }
    }

    /// The person said yes: runs what waited.
    mutating func confirm() -> TerminalRequest {
        guard let c = confirmation else { return .none }
        confirmation = nil
        switch c.kind {
        case .quit:
            return .quit
        case let .device(action):
            if action == .logOut { hubColumn.overlay = nil }
            act(action, place: c.place)
            return .none
        }
    }

    /// `F10`/`q`: quits at once unless a walk is under way, which is asked about first.
    mutating func requestQuit() -> TerminalRequest {
        closeFaultMenu()
        // A failed save always asks: quitting would lose what is not saved.
        guard !isTooSmall, saveProblem != nil && keepsDevice || confirmsActions && isMidWalk else { return .quit }
        // F10 works in help too: the question replaces help, or neither would take a key
        // (help takes only its own keys, the dialog only yes and no).
        helpOpen = false
        confirmation = Confirmation(.quit, askedIn: device.state.kind)
        return .none
    }

    /// Asks "Quit …?" whatever the confirmation setting: a lesson mid-way asks before it ends
    /// (its player decides when), even though its device asks nothing else.
    public mutating func askBeforeQuitting() {
        helpOpen = false
        hintMenuOpen = false
        confirmation = Confirmation(.quit, askedIn: device.state.kind)
    }

    /// Drops the Hub's message: an action applied from outside the UI (a scenario or lesson
    /// step) stands for a person's next action, which on the device replaces the message of
    /// the one before ("Checked in. Not broadcast …" is stale once cou2 checked out).
    public mutating func dismissNotice() { notice = nil }

    /// Something would be lost or interrupted by quitting now: the device is enrolling, a form
    /// holds typed text, or this run has applied an action beyond the clock's ticks.
    var isMidWalk: Bool {
        if case .enrolling = device.state { return true }
        if form.fields.contains(where: { !$0.isEmpty }) || !hubColumn.typeAhead.isEmpty { return true }
        return actionLog.contains { entry in
            switch entry.action {
            case .advanceClock, .userActivity: false
            default: true
            }
        }
    }

    private mutating func onFocusedApp(_ make: (AppID) -> DeviceAction) {
        guard let id = focus.appID else { return }
        act(make(id), place: .pane(id))
    }

    func appName(_ id: AppID) -> String { device.app(id)?.definition.name ?? id }

    private mutating func editForm(_ change: (inout CredentialForm) -> Void) { change(&form) }

    /// Focus order: the Hub, then every app in pane order. Focusing a pane shows the panes.
    private mutating func moveFocus(by step: Int) {
        let order: [Focus] = [.hub] + device.apps.map { .pane($0.id) }
        let i = order.firstIndex(of: focus) ?? 0
        focus = order[((i + step) % order.count + order.count) % order.count]
        if focus != .hub { view = .panes }
    }

    /// `Esc`: one step back from wherever the person is.
    private mutating func back() {
        if helpOpen { helpOpen = false; return }
        if faults.menu != nil { closeFaultMenu(); return }
        // Esc on the sign-in prompt's first field cancels the token request (the broker
        // returns to the app).
        if confirmation == nil, formKind == .tokenPrompt, focus == .hub, form.active == 0, hubColumn.overlay == nil {
            act(.cancelTokenRequest)
            return
        }
        // No: the log-out confirmation goes back to the Hub's menu, any other to where it was asked.
        if confirmation != nil { confirmation = nil; return }
        if focus == .hub, hubColumn.overlay != nil {
            hubColumn.overlay = nil
            return
        }
        if view != .panes { view = .panes; return }
        if focus != .hub { focus = .hub; return }
        if formKind != nil {
            var f = form
            if f.active > 0 {
                f.active -= 1
            } else {
                f = CredentialForm.fresh(f.kind, device: device)
                notice = nil
                entra.signInSource = .broker
            }
            form = f
        }
    }

    enum ScrollMove { case pageUp, pageDown, top, bottom, lines(Int) }

    /// Help, the zoomed pane and the audit scroll from their top; the event log from its
    /// newest entry (0 follows the tail). None scrolls past its last page.
    mutating func scroll(_ move: ScrollMove) {
        let page = max(1, (height - 4) / 2)
        if !helpOpen && keyContext.scrollsByLine {
            let (rows, visible) = view == .zoom ? ZoomView.extent(self) : view == .audit ? AuditView.extent(self) : SSOMapView.extent(self)
            let last = max(0, rows - visible), fullPage = max(1, visible - 1)
            var offset = view == .zoom ? zoom.scroll : view == .audit ? scrolls.audit : scrolls.ssoMap
            switch move {
            case .pageUp: offset -= fullPage
            case .pageDown: offset += fullPage
            case .top: offset = 0
            case .bottom: offset = last
            case let .lines(n): offset += n
            }
            offset = min(max(0, offset), last)
            switch view {
            case .zoom: zoom.scroll = offset
            case .audit: scrolls.audit = offset
            default: scrolls.ssoMap = offset
            }
            return
        }
        if case let .lines(n) = move, !helpOpen {
            // Older lines are read before the scroll reaches them (`EventLogPages`).
            if n < 0 { readEarlierLog(toHold: eventLog.scroll - n + 2 * page) }
            eventLog.scroll = max(0, min(eventLogLines.count, eventLog.scroll - n))
            return
        }
        if helpOpen {
            let last = KeyTable.bindings.count + 3
            switch move {
            case .pageUp: scrolls.help = max(0, scrolls.help - page)
            case .pageDown: scrolls.help = min(last, scrolls.help + page)
            case .top: scrolls.help = 0
            case .bottom: scrolls.help = last
            case let .lines(n): scrolls.help = min(last, max(0, scrolls.help + n))
            }
        } else {
            switch move {
            case .pageUp: readEarlierLog(toHold: eventLog.scroll + 3 * page)
            case .top: readEarlierLog(toHold: Int.max)
            default: break
            }
            let oldest = eventLogLines.count
            switch move {
            case .pageUp: eventLog.scroll = min(oldest, eventLog.scroll + page)
            case .pageDown: eventLog.scroll = max(0, eventLog.scroll - page)
            case .top: eventLog.scroll = oldest
            case .bottom: eventLog.scroll = 0
            case .lines: break
            }
        }
    }
}
