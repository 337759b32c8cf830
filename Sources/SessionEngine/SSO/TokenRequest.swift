/// Where an interactive request asks the person for credentials.
public enum PromptPlace: String, Codable, Sendable {
    /// The embedded flow: a web view in the app.
    case inApp = "in-app"
    /// The broker (Authenticator): in front while the app waits in the background (iOS), or
    /// its account chooser drawn over the app (Android).
    case broker
}

/// Where a broker round trip stands (003: the app goes to the background while the broker is
/// in front, then returns through the redirect URI). The engine logs each phase in order.
public enum RoundTripPhase: String, Codable, Sendable {
    /// The app shows its own prompt (embedded flow).
    case promptInApp = "prompt in the app"
    /// The app is in the background and the broker in front, waiting for the person.
    case brokerInFront = "broker in front"
    /// Android: the broker's account chooser is drawn over the app, which stays in the
    /// foreground (Microsoft Learn, "Enable cross-app SSO on Android using MSAL": the broker
    /// answers the calling activity; there is no app switch and no redirect back).
    case accountChooser = "account chooser over the app"
    /// The inactivity lock dismissed the app's own prompt, but MSAL still counts its
    /// interactive session as under way (Docs/faults.md, "inactivity-lock-during-token-prompt").
    case promptDismissed = "prompt dismissed, session still under way"
}

/// An interactive token request waiting for the person.
public struct PendingTokenRequest: Codable, Sendable, Equatable {
    public var app: AppID
    public var place: PromptPlace
    public var phase: RoundTripPhase
    /// Accounts the broker offers without a password (pick one); empty: credentials needed.
    public var accounts: [UserID]
    /// The broker was wanted but the SDK fell back to the embedded flow (the rule broken).
    public var fellBack: SSOMisconfiguration?
    /// Shared device mode: completing it is the device-wide sign-in.
    public var isGlobalSignIn: Bool

    public init(app: AppID, place: PromptPlace, phase: RoundTripPhase, accounts: [UserID] = [],
                fellBack: SSOMisconfiguration? = nil, isGlobalSignIn: Bool = false) {
        self.app = app; self.place = place; self.phase = phase; self.accounts = accounts
        self.fellBack = fellBack; self.isGlobalSignIn = isGlobalSignIn
    }
}

/// What `beginTokenRequest` led to: a prompt waiting for the person, or an outcome at once
/// (a misconfiguration found before or during the round trip).
public enum InteractiveStep: Sendable, Equatable {
    case awaiting(PendingTokenRequest)
    case finished(TokenOutcome)
}

/// Tokens on the device, outside the apps' memory: the keychain groups' caches and the broker's accounts.
public struct TokenStore: Codable, Sendable, Equatable {
    /// Keychain access group → the tokens cached in it.
    public var keychains: [String: [CachedToken]] = [:]
    /// Last removal per keychain group (who removed whose tokens), for the failures it causes.
    public var removals: [String: TokenRemoval] = [:]
    /// Outside shared device mode: accounts signed in to the broker (under shared device mode
    /// the broker's account is the device's).
    public var brokerAccounts: [UserID] = []
    /// An interactive request waiting for the person.
    public var pending: PendingTokenRequest?
    /// Accounts a person signed in to an app themselves (its prompt, or the broker's) while
    /// nobody was checked out or signed in globally, since the last session ended: that app
    /// is theirs, so what it shows of them is no leak (nil: none).
    public var signedInAlone: [UserID]?

    public init() {}

    public var isEmpty: Bool { keychains.isEmpty && removals.isEmpty && brokerAccounts.isEmpty && pending == nil }
}

/// A refresh token (with its access token) in a keychain group's cache.
public struct CachedToken: Codable, Sendable, Equatable {
    public var clientID: String
    public var account: UserID
    /// The app whose request put it there.
    public var by: AppID
    public var at: SimInstant

    public init(clientID: String, account: UserID, by: AppID, at: SimInstant) {
        self.clientID = clientID; self.account = account; self.by = by; self.at = at
    }
}

/// A remove in one app, which deletes the account's tokens of its whole keychain group.
public struct TokenRemoval: Codable, Sendable, Equatable {
    public var group: String
    public var account: UserID
    public var by: AppID
    public var at: SimInstant
    /// The other apps of the group that held the account's tokens: they fail at their next refresh.
    public var affected: [AppID]

    public init(group: String, account: UserID, by: AppID, at: SimInstant, affected: [AppID]) {
        self.group = group; self.account = account; self.by = by; self.at = at; self.affected = affected
    }
}
