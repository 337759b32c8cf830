import SessionEngine

extension HubModel {
    public mutating func handle(_ event: InputEvent) -> ProgramCommand {
        switch event {
        case let .resize(w, h):
            width = max(0, w); height = max(0, h)
            return .none
        case let .tick(seconds):
            let before = revision
            tick(seconds)
            // Only the device is drawn from a tick's effects: no change, the same frame.
            return revision == before ? .unchanged : .none
        case let .key(key):
            return asPersonsInput { $0.handleKey(key) }
        case let .mouse(mouse):
            return asPersonsInput { $0.handleMouse(mouse) }
        }
    }

    /// Runs a key or click; when it applied no device action it still counts as a person's
    /// input, so the inactivity timer restarts as it does on a real device.
    private mutating func asPersonsInput(_ body: (inout HubModel) -> ProgramCommand) -> ProgramCommand {
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
        guard !isTooSmall, device.secondsUntilInactivityLock != nil else { return }
        if actionLog.last?.action == .userActivity, lastUserActivity == device.now { return }
        apply(.userActivity)
        lastUserActivity = device.now
    }

    mutating func handleKey(_ key: Key) -> ProgramCommand {
        let context = keyContext
        if let binding = KeyTable.binding(for: key, in: context) {
            return run(binding.command)
        }
        if context.textFieldFocused, case let .char(c) = key, TextWidth.of(c) > 0 {
            var f = form
            f.typeIntoActive(c)
            storedForm = f
        }
        return .none
    }

    /// A click resolves against the hit map of the frame drawn at the current size.
    mutating func handleMouse(_ mouse: MouseEvent) -> ProgramCommand {
        switch mouse.button {
        case .wheelUp: return keyContext.scrollable ? run(.scrollUp) : .none
        case .wheelDown: return keyContext.scrollable ? run(.scrollDown) : .none
        case .right, .middle: return .none
        case .left: break
        }
        guard !isTooSmall, let target = render(width: width, height: height).hitMap.target(x: mouse.x, y: mouse.y) else { return .none }
        switch target {
        case let .pane(id):
            focus = .pane(id)
            return .none
        case let .field(name):
            if focus != .hub { focus = .hub }
            if let id = FormField.ID(rawValue: name), formKind != nil {
                var f = form
                f.focus(id)
                storedForm = f
            }
            return .none
        case let .button(name):
            return click(name)
        }
    }

    /// A button: `command` or `command@argument` (an app for pane buttons, an index for menu items).
    mutating func click(_ name: String) -> ProgramCommand {
        let parts = name.split(separator: "@", maxSplits: 1).map(String.init)
        guard let command = UICommand(rawValue: parts[0]) else { return .none }
        let argument = parts.count > 1 ? parts[1] : nil
        switch command {
        case .launchApp, .backgroundApp, .suspendApp, .terminateApp, .appSignIn, .appSignOut, .openHub:
            if let id = argument { focus = .pane(id) }
        case .menuSelect:
            if let i = argument.flatMap({ Int($0) }) { menuSelection = i }
            focus = .hub
        case .submitField:
            // The form's button submits the whole form, as Enter does on its last field.
            focus = .hub
            var f = form
            f.active = max(0, f.fields.count - 1)
            storedForm = f
        case .focusHub:
            focus = .hub
            return .none
        case .openMenu, .confirmLogout, .brokerSignOut:
            focus = .hub
        default:
            break
        }
        let context = keyContext
        let allowed = KeyTable.bindings.contains { b in
            b.command == command && b.when(context) && (!context.helpOpen || KeyBinding.helpCommands.contains(command))
        }
        return allowed ? run(command) : .none
    }

    /// Wall time passed: the simulator clock follows 1:1 and enrollment animates.
    mutating func tick(_ seconds: Double) {
        guard seconds > 0 else { return }
        if case .enrolling = device.state {
            installElapsed += seconds
            while installElapsed >= Self.installStepInterval - 1e-9, case .enrolling = device.state {
                installElapsed -= Self.installStepInterval
                apply(.installProfileStep)
            }
        } else {
            installElapsed = 0
        }
        // The simulator clock moves in whole seconds (what the status line and the inactivity
        // timer resolve), so a terminal ticking four times a second changes the device, and
        // wakes the persistence layer, once a second.
        clockDebt += seconds
        let whole = clockDebt.rounded(.down)
        if whole >= 1 {
            clockDebt -= whole
            apply(.advanceClock(seconds: whole), tick: true)
        }
    }
}
