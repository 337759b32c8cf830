import SessionEngine

extension HubModel {
    public mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest {
        defer { refreshScrollLayout() }
        if let held = classroomGate(event, shown: shown) { return held }
        return dispatch(event, shown: shown)
    }

    private mutating func dispatch(_ event: InputEvent, shown: Frame?) -> TerminalRequest {
        switch event {
        case let .resize(w, h):
            width = max(0, w); height = max(0, h)
            return .none
        case let .tick(seconds):
            let before = revision
            tick(seconds)
            // Only the device is drawn from a tick's effects: no change, the same frame. While
            // saves fail, a tick may bring a retry's result (`noteSave`), which must be painted.
            return revision == before && saveProblem == nil ? .unchanged : .none
        case let .key(key):
            return asPersonsInput { $0.handleKey(key) }
        case let .mouse(mouse):
            return asPersonsInput { $0.handleMouse(mouse, shown: shown) }
        }
    }

    /// Runs a key or click; when it applied no device action it still counts as a person's
    /// input, so the inactivity timer restarts as it does on a real device.
    private mutating func asPersonsInput(_ body: (inout HubModel) -> TerminalRequest) -> TerminalRequest {
        let applied = actionLog.count
        let command = body(&self)
        if command != .quit, actionLog.count == applied { noteUserActivity() }
        return command
    }

    /// Applies `.userActivity` when it matters (checked out, with an inactivity lock). Repeats at
    /// the same simulator instant add nothing: the timer already restarted then, and the
    /// recorder would otherwise write one scenario step per keystroke.
    mutating func noteUserActivity() {
        // Below the minimum size the device is not on screen: nothing there was touched.
        // Managed Home Screen's timers (screensaver, automatic sign-out) count from the last input too.
        guard !isTooSmall, device.reactsToUserActivity else { return }
        if actionLog.last?.action == .userActivity, clock.lastUserActivity == device.now { return }
        apply(.userActivity)
        clock.lastUserActivity = device.now
    }

    mutating func handleKey(_ key: Key) -> TerminalRequest {
        // A key closes the hint line's menu; Esc does only that.
        if hintMenuOpen {
            hintMenuOpen = false
            if key == .escape { return .none }
        }
        // While the enrollment progress shows, typing is for the form that follows (the lock
        // screen or the broker's sign-in): kept, never taken as a shortcut such as `q`.
        if page == .installing, !helpOpen, confirmation == nil, Self.isTypeAhead(key) {
            hubColumn.typeAhead.append(key)
            return .none
        }
        // A key the faults menu does not use closes it, then does what it does elsewhere (as the
        // hint line's menu does): the menu never holds the keyboard.
        if faults.menu != nil, KeyTable.binding(for: key, in: keyContext).map({ KeyBinding.faultMenuCommands.contains($0.command) }) != true {
            closeFaultMenu()
        }
        let context = keyContext
        if let binding = KeyTable.binding(for: key, in: context) {
            return run(binding.command)
        }
        if key == .function(8), context.enrolled, !context.helpOpen, !context.confirming {
            // Release with nothing held: say why nothing happened, and how to hold.
            notice = Notice(text: context.stepMode ? "Nothing held yet: step mode holds each delivery as it comes; F8 then releases it"
                                                   : "Nothing is held: F7 turns on step mode, which holds each delivery until F8",
                            kind: .info, place: .hub)
        } else if context.textFieldFocused, case let .char(c) = key, TextWidth.of(c) > 0 {
            form.typeIntoActive(c)
        } else if context.paneFocused, !context.helpOpen, !context.confirming, !context.faultMenuOpen, let id = focus.appID, let app = device.app(id),
                  let why = Self.idleKeyReason(key, app: app, on: device) {
            notice = Notice(text: why, kind: .info, place: .pane(id))
        }
        return .none
    }

    /// Keys that type into a form: characters, Enter, erasing.
    static func isTypeAhead(_ key: Key) -> Bool {
        switch key {
        case .char, .enter, .backspace, .delete, .ctrl("u"): true
        default: false
        }
    }

    /// Types the keys kept during the progress screen into the form that followed it.
    mutating func replayTypeAhead() {
        guard !hubColumn.typeAhead.isEmpty, formKind != nil else { return }
        let keys = hubColumn.typeAhead
        hubColumn.typeAhead = []
        focus = .hub
        for key in keys { _ = handleKey(key) }
    }

    /// A click resolves against the hit map of the frame on screen; without one (headless),
    /// against the frame drawn at the current size.
    mutating func handleMouse(_ mouse: MouseEvent, shown: Frame? = nil) -> TerminalRequest {
        switch mouse.button {
        // Over the forecast-and-confirm dialog, the wheel scrolls its apps (nothing behind it moves).
        case .wheelUp where confirmation != nil: scrollConfirmation(by: -1); return .none
        case .wheelDown where confirmation != nil: scrollConfirmation(by: 1); return .none
        // The wheel moves a zoomed pane or the audit three rows at a time, like a terminal.
        case .wheelUp where !helpOpen && keyContext.scrollsByLine: scroll(.lines(-3)); return .none
        case .wheelDown where !helpOpen && keyContext.scrollsByLine: scroll(.lines(3)); return .none
        case .wheelUp: return keyContext.scrollable ? run(.scrollUp) : .none
        case .wheelDown: return keyContext.scrollable ? run(.scrollDown) : .none
        case .right, .middle: return .none
        case .left: break
        }
        guard !isTooSmall else { return .none }
        let onScreen = shown.flatMap { $0.grid.width == width && $0.grid.height == height ? $0 : nil }
        guard let target = (onScreen ?? render(width: width, height: height)).hitMap.target(x: mouse.x, y: mouse.y) else { return .none }
        return click(target)
    }

    /// What a click on `target` does: focus what it names, then run its command as a key would.
    mutating func click(_ target: HitTarget) -> TerminalRequest {
        // The confirmation is modal for the mouse as for the keys: only its own buttons answer
        // it (a click on a form label under it once moved the form's cursor). Help, likewise,
        // lets nothing under it take the focus.
        if confirmation != nil {
            guard case let .command(command) = target else { return .none }
            // Its count lines scroll its forecast (`+2 more apps: ↓`).
            if KeyBinding.confirmScrollCommands.contains(command) { return run(command) }
            guard KeyBinding.confirmCommands.contains(command) else { return .none }
            return clickCommand(command)
        }
        if helpOpen {
            guard case let .command(command) = target else { return .none }
            return clickCommand(command)
        }
        // The faults menu answers its rows and buttons and the hint line's entries for its keys;
        // a click anywhere else closes it, then does what it does there (as a key does).
        if faults.menu != nil {
            switch target {
            case let .faultMenu(hit):
                hintMenuOpen = false
                clickFaultMenu(hit)
                return .none
            case let .command(command) where KeyBinding.faultMenuCommands.contains(command):
                hintMenuOpen = false
                return clickCommand(command)
            default:
                closeFaultMenu()
            }
        }
        // The hint line's menu closes at any click: on one of its entries, that entry runs.
        let menuWasOpen = hintMenuOpen
        hintMenuOpen = false
        if target == .command(.moreActions) {
            hintMenuOpen = !menuWasOpen
            return .none
        }
        switch target {
        case let .pane(id):
            focus = .pane(id)
            return .none
        case let .field(id):
            if focus != .hub { focus = .hub }
            if formKind != nil { form.focus(id) }
            return .none
        case let .appCommand(command, app):
            focus = .pane(app)
            return clickCommand(command)
        case let .menuItem(i):
            hubColumn.menuSelection = i
            focus = .hub
            return clickCommand(.menuSelect)
        case let .command(command):
            return clickCommand(command)
        case .compare, .faultMenu, .console:
            // Only the comparison screen draws the first; the faults menu's only while it is open;
            // the trainer's console the last.
            return .none
        }
    }

    /// A button's command: runs when its key would run here (help open lets only help's through).
    private mutating func clickCommand(_ command: UIIntent) -> TerminalRequest {
        switch command {
        case .submitField:
            // The form's button submits the whole form, as Enter does on its last field.
            focus = .hub
            form.active = max(0, form.fields.count - 1)
        case .focusHub:
            focus = .hub
            return .none
        case .openMenu, .menuSelect, .brokerSignOut:
            focus = .hub
        case .back where page == .tokenPrompt && confirmation == nil:
            // The prompt's Cancel button: Esc on its first field.
            focus = .hub
            form.active = 0
        default:
            break
        }
        let context = keyContext
        let allowed = KeyTable.bindings.contains { b in
            b.command == command && b.when(context) && (!context.helpOpen || KeyBinding.helpCommands.contains(command))
                && (!context.confirming || KeyBinding.confirmCommands.contains(command))
        }
        return allowed ? run(command) : .none
    }

    /// Wall time passed: the simulator clock follows 1:1 and enrollment animates.
    mutating func tick(_ seconds: Double) {
        guard seconds > 0 else { return }
        if case .enrolling = device.state {
            clock.installElapsed += seconds
            while clock.installElapsed >= currentInstallStepInterval - 1e-9, case .enrolling = device.state {
                clock.installElapsed -= currentInstallStepInterval
                apply(.installProfileStep)
            }
        } else {
            clock.installElapsed = 0
        }
        replayTypeAhead()
        // The simulator clock moves in whole seconds (what the status line and the inactivity
        // timer resolve), so a terminal ticking four times a second changes the device, and
        // wakes the persistence layer, once a second.
        clock.debt += seconds
        let whole = clock.debt.rounded(.down)
        if whole >= 1 {
            clock.debt -= whole
            apply(.advanceClock(seconds: whole), tick: true)
        }
    }
}
