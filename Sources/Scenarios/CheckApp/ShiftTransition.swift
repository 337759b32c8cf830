import SessionEngine

/// One transition of the standard shift-change matrix that `hubsim check-app` takes an app
/// through: what happens on the device between the app's first user and the moment the app
/// comes back to the foreground. Each profile has its own (`matrix(for:)`), in the words of
/// its documentation: Workspace ONE's Hub checks devices out and in, Entra's broker signs the
/// device in and out.
public enum ShiftTransition: String, CaseIterable, Sendable {
    // Workspace ONE (the Hub).
    case checkOut = "check-out"
    case checkIn = "check-in"
    case checkOutOfAnotherUser = "check-out of another user"
    case enterpriseWipe = "enterprise wipe"
    case offlineCheckIn = "check-in while offline"
    case inactivityLock = "inactivity lock"
    // Entra shared device mode (the broker).
    case signIn = "global sign-in"
    case signOut = "global sign-out"
    case signInOfAnotherUser = "sign-in of another user"
    case signOutFromBrowser = "sign-out from the browser"
    case offlineSignOut = "sign-out while offline"
    // Entra shared device mode on Android.
    case accountRemovedInSettings = "account removed in Settings"

    /// The transitions of `profile`, in the order a shift goes: a first user, the end of their
    /// session, the next user; then the ways a session ends without a plain check-in.
    public static func matrix(for profile: DeviceProfile) -> [ShiftTransition] {
        switch profile.family {
        case .workspaceOne:
            [.checkOut, .checkIn, .checkOutOfAnotherUser]
                + (profile.hasEnterpriseWipe ? [.enterpriseWipe] : [])
                + [.offlineCheckIn]
                + (profile.hasInactivityLock ? [.inactivityLock] : [])
        case .entra:
            switch profile.platform {
            case .iOS: [.signIn, .signOut, .signInOfAnotherUser, .signOutFromBrowser, .offlineSignOut]
            // No signoutFromBrowser in MSAL for Android; Settings > Accounts can remove the work
            // account, which sends no broadcast (`SharedDevice.removeAccountFromSettings`).
            case .android: [.signIn, .signOut, .signInOfAnotherUser, .accountRemovedInSettings, .offlineSignOut]
            }
        }
    }

    /// Whether the first user is checked out (signed in) before the app starts: every
    /// transition but the first check-out or sign-in, which starts from a device nobody uses.
    var startsWithFirstUser: Bool { self != .checkOut && self != .signIn }

    /// What happens, for the table's heading: the transition and what follows it before the
    /// app comes back to the foreground.
    public var story: String {
        switch self {
        case .checkOut: "the device is checked in; the first user checks out"
        case .checkIn: "the first user checks the device in"
        case .checkOutOfAnotherUser: "the first user checks in; the next user checks out"
        case .enterpriseWipe: "the console wipes the device; the next user checks out"
        case .offlineCheckIn: "offline, the first user checks in; online, the next user checks out"
        case .inactivityLock: "no input until the inactivity lock; the first user unlocks"
        case .signIn: "nobody is signed in; the first user signs in"
        case .signOut: "the first user signs out of the device"
        case .signInOfAnotherUser: "the first user signs out; the next user signs in"
        case .signOutFromBrowser: "another app signs out from the browser; the next user signs in"
        case .offlineSignOut: "offline, the first user signs out; online, the next user signs in"
        case .accountRemovedInSettings: "the first user's account is removed in Settings (no broadcast); the next user signs in"
        }
    }
}

/// Where the app is when the transition happens: the four states of an app's life that
/// decide what reaches it (a suspended app runs no code and misses Darwin notifications; a
/// terminated one learns everything at its next cold start). On Android a suspended app is a
/// cached process, whose runtime receivers get the broadcast as it resumes, and a terminated
/// one is stopped and gets nothing.
public enum ShiftAppState: String, CaseIterable, Sendable {
    case foreground, background, suspended, terminated
}
