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
    /// An interactive token request waits for the person (reference 003): the broker's
    /// sign-in while the app waits in the background, or the app's own embedded prompt.
    case tokenPrompt
    /// Android, enrolling: the Authenticator registers the device in shared device mode and
    /// broadcasts `SDM_REGISTRATION_START` then `SDM_REGISTERED` (Microsoft Learn, shared
    /// device mode for Android).
    case registration
    /// android-mhs, signed out: Managed Home Screen's own sign-in screen (its hint text, the domain).
    case mhsSignIn
    /// android-mhs, just signed in: the session PIN to set, with its rule.
    case mhsSetPIN
    /// android-mhs, signed in: the home grid of the allowed apps and the sign-out button.
    case mhsHome
    /// android-mhs, idle: the screensaver; leaving it asks for the session PIN when one is set.
    case mhsScreensaver

    /// Whether the page is a form of text fields.
    public var hasTextFields: Bool {
        switch self {
        case .enrollForm, .lockScreen, .unlock, .brokerSignIn, .tokenPrompt, .mhsSignIn, .mhsSetPIN: true
        default: false
        }
    }
}

/// What the right-hand side shows.
public enum MainView: String, Sendable, Equatable {
    case panes, eventLog, diagram
    /// One app's pane on the whole screen, its history scrollable.
    case zoom
    /// Exposures: every item of another user the device can read, and why.
    case audit
    /// Single sign-on (reference 003): client IDs, redirect URIs, keychain groups, who shares
    /// tokens with whom, the broker apps, and every misconfiguration named.
    case ssoMap
}
