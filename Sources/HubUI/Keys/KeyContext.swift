import SessionEngine

/// The facts the key table's predicates look at: a small value computed from the model.
public struct KeyContext: Equatable, Sendable {
    /// What the Hub column shows.
    public var page: HubPage
    /// What the right-hand side shows.
    public var view: MainView
    /// The device's profile.
    public var profile: ProfileID
    /// `F1` help is open.
    public var helpOpen: Bool
    /// The Hub column has the keyboard.
    public var hubFocused: Bool
    /// An installed app's pane has the keyboard.
    public var paneFocused: Bool
    /// Step mode holds deliveries.
    public var stepMode: Bool
    /// Deliveries held now.
    public var heldCount: Int
    /// An inactivity lock applies, so the clock can jump to it.
    public var canWarpToLock: Bool
    /// The device is enrolled (checked in, checked out or locked).
    public var enrolled: Bool
    /// A user's session is running.
    public var signedIn: Bool
    /// The terminal is below the minimum size.
    public var tooSmall: Bool
    /// The forecast-and-confirm dialog is open: only its own keys work.
    public var confirming: Bool = false
    /// The open confirmation is the question before quitting (its keys are the only ones then).
    public var confirmingQuit: Bool = false
    /// A lesson plays (its narration panel shows): the lesson's keys work.
    public var lessonPlaying: Bool = false
    /// The lesson waits for the class to do the next step.
    public var lessonWaiting: Bool = false
    /// The lesson has a step before this one (or the class's turn to cancel).
    public var lessonCanGoBack: Bool = false
    /// The lesson has a step after this one.
    public var lessonCanGoOn: Bool = false
    /// The lesson's next step has actions the class can do themselves.
    public var lessonCanTry: Bool = false
    /// The focused pane's app has a single sign-on configuration (an MSAL app of reference 003).
    public var paneHasSSO: Bool = false
    /// The faults menu of the focused pane is open: only its own keys work (Esc closes it).
    public var faultMenuOpen: Bool = false
    /// The lesson playing is a race preset (`hubsim race`): the person walks it, so its keys say "show me".
    public var lessonIsRace: Bool = false
    /// android-mhs: the automatic sign-out's countdown dialog is on screen ([Stay signed in]).
    public var countdownShown: Bool = false
    /// android-mhs: the screensaver asks for the session PIN (one is set and the policy asks).
    public var screensaverAsksPIN: Bool = false
    /// android-mhs: a timer of Managed Home Screen is due (screensaver, countdown, automatic sign-out).
    public var launcherTimerDue: Bool = false
    /// The device plays in a class (`HubModel.classroom`): the trainer has the lesson's keys.
    public var inClass: Bool = false

    /// A text field has the keyboard: letters type, they do not run shortcuts.
    /// The zoomed pane, the audit and the diagram cover the Hub column, so its form cannot
    /// have the keys then; nor while the confirm dialog is open.
    /// While a lesson plays and the trainer leads, nobody types: the form gives its keys to
    /// the lesson (Space is the next step); it takes them again when the class has its turn.
    public var textFieldFocused: Bool {
        hubFocused && (page.hasTextFields || page == .mhsScreensaver && screensaverAsksPIN) && !countdownShown && !helpOpen && !tooSmall && !confirming && !faultMenuOpen && (!lessonPlaying || lessonWaiting)
            && view != .zoom && view != .audit && view != .diagram && view != .ssoMap
    }
    /// PgUp/PgDn scroll something (help, the event log, a zoomed pane, the audit).
    public var scrollable: Bool { helpOpen || view == .eventLog || view == .zoom || view == .audit || view == .ssoMap }
    /// A view that scrolls from its top a line at a time (the zoomed pane, the audit, the SSO map).
    public var scrollsByLine: Bool { view == .zoom || view == .audit || view == .ssoMap }
    /// The device runs Android (entra-android, android-mhs).
    public var android: Bool { profile.platform == .android }
}
