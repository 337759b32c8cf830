import SessionEngine

/// The interactive front end (Elm style): the device plus UI state; `handle` turns input
/// into `DeviceAction`s, `render` draws the state. The device changes only through the
/// model's `apply` (which every key, click and scenario step goes through), and every
/// applied action is kept in `actionLog`.
public struct HubModel: TerminalProgram, Sendable {
    /// The simulated device. Read-only outside: it changes only through `apply`, so the
    /// action log, the revision and the UI state never miss a change.
    public private(set) var device: SharedDevice
    /// Who performs the effects of the actions applied here: the app bridge of the device's
    /// developers' programs (nil: it has none, and no app awaits an answer from a program).
    public var performer: (any DeviceEffectPerformer)?
    /// Colour or monochrome (the terminal layer decides).
    public var theme: Theme

    /// Every action applied, in order. Consecutive clock ticks are merged into one; keys and
    /// clicks that applied nothing appear as one `.userActivity` per simulator instant.
    /// Kept in blocks (`ChunkedLog`): a copy of the model that is kept (a lesson keeps one per
    /// step, to step back) shares it and costs the next action a block, not the whole log.
    public internal(set) var actionLog = ChunkedLog<AppliedAction>()
    /// Increments whenever the device changed: the persistence layer saves on change.
    public internal(set) var revision = 0
    /// Checkpoints marked by the person, as counts of `actionLog` entries before each mark.
    public internal(set) var checkpoints: [Int] = []

    /// The terminal size last reported by `.resize` (mouse clicks resolve against a frame of this size).
    public internal(set) var width: Int
    public internal(set) var height: Int

    /// What has the keyboard.
    public internal(set) var focus: Focus = .hub
    /// Panes, event log or state diagram.
    public internal(set) var view: MainView = .panes
    /// `F1` help is open.
    public internal(set) var helpOpen = false
    /// The message shown in place (a refusal's reason or a confirmation).
    public internal(set) var notice: Notice?
    /// entra-ios: sign-out from the browser or not, where the pending sign-in started.
    public internal(set) var entra = EntraChoices()
    /// The step waiting for the person's yes in the forecast-and-confirm dialog, if any.
    public internal(set) var confirmation: Confirmation? {
        didSet { if confirmation?.kind != oldValue?.kind { scrolls.confirm = 0 } }
    }
    /// Whether the console's wipe, global sign-outs and quitting mid-walk ask first. Off for
    /// scenarios and QA (`--no-confirm`); step mode skips the question too, since it holds every
    /// delivery. The Hub's own log-out confirmation is a page of the device and always asks.
    public var confirmsActions = true
    /// Whether the device outlives the process (false under `--ephemeral`): what quitting says.
    public var keepsDevice = true
    /// Saves of the device are failing (`noteSave`): the status line says so, and quitting
    /// says what would be lost.
    public internal(set) var saveProblem: SaveProblem?
    /// The terminal's locale is not UTF-8: drawings with an ASCII form (the state diagram) use it.
    public var asciiDrawings = false
    /// The device's state and waiting prompt as of the last sync.
    var synced = SyncedDevice()
    /// The hint line's "more" menu is open.
    public internal(set) var hintMenuOpen = false
    /// The faults menu of a focused app's pane, while it is open, and its last durations.
    public internal(set) var faults = FaultMenuState()
    /// The narration panel of the lesson playing, if one plays (set by the lesson player).
    public var lesson: LessonPanel?
    /// The class this device plays in, when a trainer runs one (`HubModel+Classroom`).
    public var classroom: TraineeClass?

    /// The credential form on screen: what was typed into the prompt the device's state asks
    /// for. `syncWithDevice` replaces it with a fresh one when the prompt changes.
    public internal(set) var form: CredentialForm
    /// The Hub column's menu, chosen tile and type-ahead.
    public internal(set) var hubColumn = HubColumnState()
    /// The event log's scroll, filters and older lines.
    public var eventLog = EventLogState()
    /// The zoomed pane and its scroll.
    public internal(set) var zoom = ZoomState()
    /// The audit's, the SSO map's, help's and the confirm dialog's scroll.
    public internal(set) var scrolls = ScrollPositions()
    /// What frames are drawn from, worked out over the whole device and kept.
    var cache = LayoutCache()
    /// Wall time and input on their way to the device's clock and the action log.
    var clock = ClockKeeping()

    /// The smallest screen hubsim lays out for.
    public static let minimumWidth = 80
    public static let minimumHeight = 24
    /// Seconds between two profile-install steps while enrollment animates.
    public static let installStepInterval = 0.4
    /// Seconds between two steps of Android's registration in shared device mode: its page
    /// names the two broadcasts and who received them, which a class must have time to read
    /// (at 0.4 s a step it showed for under a second). Two steps: about six seconds.
    public static let registrationStepInterval = 3.0
    /// The interval of the enrollment step under way.
    var currentInstallStepInterval: Double { isRegistering ? Self.registrationStepInterval : Self.installStepInterval }

    public init(device: SharedDevice, theme: Theme = .colour, width: Int = 80, height: Int = 24) {
        self.device = device
        self.theme = theme
        self.width = width
        self.height = height
        form = CredentialForm(kind: .enroll, fields: [])
        form = formDue
    }

    enum HubOverlay: Equatable, Sendable { case menu }

    // MARK: derived state

    /// The Hub column's page for the device's state and the open menu.
    public var page: HubPage {
        let ws1 = device.profile.family == .workspaceOne
        // A sign-in prompt waiting for the person is in front of everything (the app went
        // to the background for the broker, or shows its own prompt).
        // (An inactivity lock covers it: the unlock prompt comes first.)
        // Beside the Workspace ONE Hub the Authenticator is an app of its own: once the person
        // opens the Hub (`h`), the Hub's own page is in front and the broker's prompt waits
        // behind it (Docs/faults.md, "broker-interrupted-by-check-in": log out from there).
        let hubOverBroker = ws1 && device.pendingTokenRequest?.place == .broker && device.foreground == .hub
        if let p = device.pendingTokenRequest, p.phase != .promptDismissed, !hubOverBroker,
           device.state.kind == .checkedOut || device.state.kind == .checkedIn { return .tokenPrompt }
        // Managed Home Screen is the launcher on android-mhs: its own pages replace the
        // Authenticator's once the device is enrolled (Microsoft Learn, configure the Microsoft
        // Managed Home Screen app for Android Enterprise).
        let mhs = device.profile.launcher == .managedHomeScreen
        switch device.state {
        case .unenrolled: return .enrollForm
        case .enrolling: return isRegistering ? .registration : .installing
        case .checkedIn: return ws1 ? .lockScreen : mhs ? .mhsSignIn : .brokerSignIn
        case .locked: return mhs ? .mhsScreensaver : .unlock
        case .checkedOut:
            if mhs { return mhsMustSetPIN ? .mhsSetPIN : .mhsHome }
            guard ws1 else { return .brokerSignedIn }
            if confirmation?.isHubLogOut == true { return .logoutConfirm }
            return hubColumn.overlay == .menu ? .logoutMenu : .home
        }
    }

    /// The prompt the current page asks for, if any.
    var formKind: FormKind? {
        switch page {
        case .enrollForm: .enroll
        case .lockScreen: .checkOut
        case .unlock: .unlock
        case .brokerSignIn, .mhsSignIn: .signIn
        case .tokenPrompt: .tokenPrompt
        case .mhsSetPIN: .setSessionPIN
        case .mhsScreensaver: mhsHasPIN ? .enterSessionPIN : nil
        default: nil
        }
    }

    /// The form the device's state asks for: the one on screen while the prompt stays the
    /// same, a fresh one when the device moved to another prompt, none without a prompt.
    private var formDue: CredentialForm {
        guard let kind = formKind else { return CredentialForm(kind: form.kind, fields: []) }
        return form.kind == kind && !form.fields.isEmpty ? form : CredentialForm.fresh(kind, device: device)
    }

    /// Below 80x24: the plain "terminal too small" screen.
    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    /// What the key table's predicates see.
    public var keyContext: KeyContext {
        KeyContext(page: page, view: view, profile: device.profile.id, helpOpen: helpOpen,
                   hubFocused: focus == .hub, paneFocused: focus.appID.map { device.app($0) != nil } ?? false,
                   stepMode: device.deliveryMode == .held, heldCount: device.heldDeliveries.count,
                   canWarpToLock: device.secondsUntilInactivityLock != nil, enrolled: device.state.isEnrolled,
                   signedIn: device.state.user != nil, tooSmall: isTooSmall, confirming: confirmation != nil,
                   confirmingQuit: confirmation?.kind == .quit,
                   lessonPlaying: lesson != nil, lessonWaiting: lesson?.isWaiting ?? false,
                   lessonCanGoBack: lesson?.canGoBack ?? false, lessonCanGoOn: lesson?.canGoOn ?? false,
                   lessonCanTry: lesson?.nextTryable ?? false,
                   paneHasSSO: focus.appID.flatMap { device.app($0)?.definition.sso } != nil,
                   faultMenuOpen: faults.menu != nil, lessonIsRace: lesson?.isRace ?? false,
                   countdownShown: autoSignOutSecondsLeft != nil, screensaverAsksPIN: mhsHasPIN,
                   launcherTimerDue: device.secondsUntilManagedHomeScreenTimer != nil, inClass: classroom != nil)
    }

    /// The hint line's entries for the current context, as drawn.
    public var hints: [String] { KeyTable.hints(in: keyContext).map(\.text) }

    /// Items of the logout menu.
    static let menuItems = ["Log Out", "Back"]

    // MARK: applying actions

    /// Applies one action to the device, records it, and keeps the UI consistent. Scenario
    /// steps come through here too, so the model's log and screen never miss an action. Its
    /// effects go to `performer` at once: the caller has nothing left to perform.
    @discardableResult
    public mutating func apply(_ action: DeviceAction, tick: Bool = false) -> ActionOutcome {
        applyForResult(action, tick: tick).outcome
    }

    /// `apply`, with the event's typed result (what happened, for the Hub's message).
    mutating func applyForResult(_ action: DeviceAction, tick: Bool = false) -> Applied {
        let before = device.revision
        let applied = device.apply(action)
        performer?.perform(applied.effects)
        let outcome = applied.outcome
        if tick, clock.extendingTick, let last = actionLog.last, case let .advanceClock(previous) = last.action,
           case let .advanceClock(now) = action, outcome == .accepted {
            actionLog.replaceLast(with: AppliedAction(action: .advanceClock(seconds: Self.msRounded(previous) + Self.msRounded(now)), outcome: outcome))
        } else {
            actionLog.append(AppliedAction(action: action, outcome: outcome))
        }
        clock.extendingTick = tick && outcome == .accepted
        if device.revision != before { revision += 1 }
        syncWithDevice()
        return applied
    }

    /// Seconds as the engine counts them (whole milliseconds), so merged ticks replay exactly.
    /// A line about the device's file in its event log (`noteSave`): not a device action, so
    /// neither the action log nor the revision moves (a revision would trigger another save).
    mutating func logStorage(_ text: String) { device.logStorage(text) }

    static func msRounded(_ s: Double) -> Double { (s * 1000).rounded() / 1000 }

    /// Drops UI state the device's new state made stale.
    mutating func syncWithDevice() {
        if device.state.kind != .checkedOut { hubColumn.overlay = nil }
        // The inactivity lock takes the whole device: its unlock prompt gets the keyboard.
        if device.state.kind == .locked, synced.state != .locked { focus = .hub }
        // On Android the session's end puts the sign-in form in the Hub's column (the
        // Authenticator's, Managed Home Screen's): the next user types there, so it takes the
        // keyboard, as after `S` (removed in Settings) from a pane.
        if device.profile.platform == .android, device.state.kind == .checkedIn, synced.state == .checkedOut { focus = .hub }
        synced.state = device.state.kind
        // A question about a state the device has left (a lock came, the session ended) is moot.
        if let c = confirmation, c.kind != .quit, c.askedIn != device.state.kind { confirmation = nil }
        if var c = confirmation {
            let d = device
            c.refresh(on: d)
            confirmation = c
        }
        if let id = focus.appID, device.app(id) == nil { focus = .hub }
        if view == .zoom, zoom.app.flatMap({ device.app($0) }) == nil { view = .panes; zoom.app = nil }
        if device.state.kind != .checkedIn { entra.signInSource = .broker }
        // A sign-in prompt takes the keyboard; when it is answered the app is back in front.
        let prompt = device.pendingTokenRequest?.app
        if prompt != synced.prompt {
            if prompt != nil {
                focus = .hub
                if view != .panes && view != .eventLog { view = .panes }
            } else if let back = synced.prompt, device.app(back) != nil, device.foreground == .app(back) {
                focus = .pane(back)
            }
            synced.prompt = prompt
        }
        let due = formDue
        if due != form { form = due }
        syncFaultMenu()
    }

    /// Finishes anything animated (the remaining profile-install steps) so a headless runner
    /// reaches a stable screen.
    public mutating func settle() {
        if case .enrolling = device.state { apply(.completeEnrollment) }
        clock.installElapsed = 0
        replayTypeAhead()
    }
}

extension HubModel {
    /// A change that comes to the device from outside the person's input: a developer's
    /// program answering over the app bridge (`AppBridge.exchange`). `change` returns whether
    /// it changed the device; the revision then moves (the device is saved) and the UI follows
    /// the device as after an action. Not an action of the log: a replay drives the program again.
    @discardableResult
    public mutating func updateDevice(_ change: (inout SharedDevice) -> Bool) -> Bool {
        let before = device.revision
        let changed = change(&device)
        if changed || device.revision != before {
            if device.revision != before { revision += 1 }
            syncWithDevice()
        }
        return changed
    }
}
