import SessionEngine

/// Everything a person can ask of the front end, named after what they mean. Keys, hint-line
/// entries and clickable buttons all resolve to one of these, so they cannot disagree.
public enum UICommand: String, CaseIterable, Sendable {
    // Anywhere
    case help, quit, focusNext, focusPrevious, back
    case eventLog, diagram, toggleOnline, warpMinute, warpToLock
    case toggleStepMode, releaseDelivery, checkpoint, enterpriseWipe
    // Text fields
    case submitField, eraseCharacter, clearField, focusField, focusHub
    // Hub home, logout menu, confirmation, broker
    case openMenu, menuUp, menuDown, menuSelect, confirmLogout, brokerSignOut, toggleBrowserSignOut
    // Focused app pane
    case launchApp, backgroundApp, suspendApp, terminateApp, appSignIn, appSignOut, openHub
    // Scrolling views (event log, help)
    case scrollUp, scrollDown, scrollTop, scrollBottom
}

/// The Hub column's page: what the broker shows now.
public enum HubPage: String, Sendable, CaseIterable {
    /// Unenrolled: staging credentials.
    case enrollForm
    /// Profile installation progress.
    case installing
    /// Checked in (staged): the lock screen with the credential prompt.
    case lockScreen
    /// Checked out: who, how long, the apps.
    case home
    /// The account menu with Log Out.
    case logoutMenu
    /// The confirmation that says what each app will do.
    case logoutConfirm
    /// Inactivity lock: the unlock prompt.
    case unlock
    /// entra-ios, signed out: the broker's global sign-in.
    case brokerSignIn
    /// entra-ios, signed in: the account and global sign-out.
    case brokerSignedIn

    /// Whether the page is a form of text fields.
    public var hasTextFields: Bool {
        switch self {
        case .enrollForm, .lockScreen, .unlock, .brokerSignIn: true
        default: false
        }
    }
}

/// What the right-hand side shows.
public enum MainView: String, Sendable {
    case panes, eventLog, diagram
}

/// The facts the key table's predicates look at: a small value computed from the model.
public struct KeyContext: Equatable, Sendable {
    public var page: HubPage
    public var view: MainView
    public var profile: ProfileID
    public var helpOpen: Bool
    public var hubFocused: Bool
    public var paneFocused: Bool
    public var stepMode: Bool
    public var heldCount: Int
    public var canWarpToLock: Bool
    public var enrolled: Bool
    public var signedIn: Bool
    public var tooSmall: Bool

    /// A text field has the keyboard: letters type, they do not run shortcuts.
    public var textFieldFocused: Bool { hubFocused && page.hasTextFields && !helpOpen && !tooSmall }
    public var scrollable: Bool { helpOpen || view == .eventLog }
}

