/// Where a token came from (what the pane says).
public enum TokenSource: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Silently, from the cache of keychain access group `group` (shared or the app's own).
    case keychainGroup(String)
    /// From the broker without a password: silently, or an account picked in the round trip.
    case broker
    /// The person typed their credentials in the app (embedded flow).
    case inAppPrompt
    /// The person typed their credentials in the broker (round trip).
    case brokerPrompt

    /// Kinds without values, as scenarios write them (`source: keychain-group`).
    public enum Kind: String, CaseIterable, Sendable {
        case keychainGroup = "keychain-group"
        case broker
        case inAppPrompt = "in-app-prompt"
        case brokerPrompt = "broker-prompt"
    }

    public var kind: Kind {
        switch self {
        case .keychainGroup: .keychainGroup
        case .broker: .broker
        case .inAppPrompt: .inAppPrompt
        case .brokerPrompt: .brokerPrompt
        }
    }

    public var tag: String { kind.rawValue }

    /// Whether the person was asked for credentials.
    public var prompted: Bool { self == .inAppPrompt || self == .brokerPrompt }

    public var description: String {
        switch self {
        case let .keychainGroup(group): "keychain group \(group)"
        case .broker: "broker"
        case .inAppPrompt: "prompted in the app"
        case .brokerPrompt: "prompted in the broker"
        }
    }
}

/// Why a silent request needs the person (MSAL's "interaction required").
public enum InteractionReason: Codable, Sendable, Equatable, Hashable {
    /// Nothing in the cache for this client ID and no broker account for the app.
    case noToken
    /// The tokens of its keychain group were deleted by a remove in `by` (003's warning).
    case tokensRemoved(by: AppID, account: UserID)
    /// A global sign-out removed the account from every app taking part.
    case signedOut(UserID)
    /// Another app holds a token, but a rule of sharing is broken.
    case notShared(SSOMisconfiguration)
}

/// What the SDK reports when a request fails.
public enum TokenFailure: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Silent only: the person must sign in (interactive request).
    case interactionRequired(InteractionReason)
    /// The set-up breaks a rule: the request cannot work, whatever the person does.
    case misconfigured(SSOMisconfiguration)
    /// Silent only: the request is still in flight, its answer not back yet (an injected
    /// `token-in-flight` fault, Docs/faults.md).
    case inFlight
    /// Silent only: a global sign-out (or check-in) cancelled the request in flight: the broker
    /// lets no silent request finish after a shared-device sign-out (MSAL common for Android,
    /// "Add CommandDispatcher methods to stop and reset silent request executor").
    case interrupted(by: UserID?)
    /// The person cancelled the prompt.
    case canceled
    /// The broker refused a different account: shared device mode has one account at a time.
    case otherAccountSignedIn(UserID)
    /// The app came back to the front while the broker still had its request: MSAL's
    /// "application did not receive response from broker" (Docs/faults.md).
    case brokerResponseNotReceived
    /// The app asked again while MSAL still counted an interactive session as under way: "Only
    /// one interactive session is allowed at a time" (-42402, Docs/faults.md).
    case interactiveSessionInProgress

    /// Tags as scenarios write them (`fails: interaction-required`); a misconfiguration's
    /// tag is its rule's (`fails: redirect-not-registered`).
    public var tag: String {
        switch self {
        case .interactionRequired: "interaction-required"
        case let .misconfigured(m): m.tag
        case .inFlight: "in-flight"
        case .interrupted: "interrupted"
        case .canceled: "canceled"
        case .otherAccountSignedIn: "other-account-signed-in"
        case .brokerResponseNotReceived: "broker-response-not-received"
        case .interactiveSessionInProgress: "interactive-session-in-progress"
        }
    }

    /// The rule broken, when a misconfiguration is the cause (directly or by not sharing).
    public var misconfiguration: SSOMisconfiguration? {
        switch self {
        case let .misconfigured(m), let .interactionRequired(.notShared(m)): m
        default: nil
        }
    }

    /// Whether `text` names this failure: its tag, its reason's tag, or its rule's tag.
    public func matches(_ text: String) -> Bool {
        if text == tag || text == misconfiguration?.tag { return true }
        switch self {
        case .interactionRequired(.noToken): return text == "no-token"
        case .interactionRequired(.tokensRemoved): return text == "tokens-removed"
        case .interactionRequired(.signedOut): return text == "signed-out"
        default: return false
        }
    }

    /// Why the request got no token, in a few words: what check-app's table writes after
    /// `refused:` (the whole reason is in the app's log).
    public var shortReason: String {
        switch self {
        case .interactionRequired(.noToken): "no token"
        case let .interactionRequired(.tokensRemoved(by, _)): "tokens removed by \(by)"
        case let .interactionRequired(.signedOut(user)): "\(user) signed out"
        case let .interactionRequired(.notShared(m)): "not shared, \(m.shortReason)"
        case let .misconfigured(m): m.shortReason
        case .inFlight: "still in flight"
        case .interrupted: "interrupted by a sign-out"
        case .canceled: "cancelled"
        case let .otherAccountSignedIn(user): "\(user) is signed in"
        case .brokerResponseNotReceived: "no answer from the broker"
        case .interactiveSessionInProgress: "a sign-in is under way"
        }
    }

    public var description: String {
        switch self {
        case .interactionRequired(.noToken): "interaction required: no token in the cache"
        case let .interactionRequired(.tokensRemoved(by, account)): "interaction required: \(account)'s tokens were removed by \(by)"
        case let .interactionRequired(.signedOut(user)): "interaction required: \(user) signed out globally"
        case let .interactionRequired(.notShared(m)): "interaction required: not shared, \(m)"
        case let .misconfigured(m): "misconfigured: \(m)"
        case .inFlight: "still in flight: no answer yet"
        case let .interrupted(user): "interrupted: the sign-out\(user.map { " of \($0)" } ?? "") cancelled the request in flight"
        case .canceled: "the person cancelled the prompt"
        case let .otherAccountSignedIn(user): "the broker has \(user) signed in (shared device mode: one account)"
        case .brokerResponseNotReceived: "application did not receive response from broker (MSAL -42700)"
        case .interactiveSessionInProgress: "only one interactive session is allowed at a time (MSAL -42402)"
        }
    }
}

/// A token handed to an app.
public struct TokenGrant: Codable, Sendable, Equatable, Hashable {
    public var account: UserID
    public var source: TokenSource
    /// Set when the broker was wanted but the SDK fell back to the embedded flow (the rule broken).
    public var fellBack: SSOMisconfiguration?

    public init(account: UserID, source: TokenSource, fellBack: SSOMisconfiguration? = nil) {
        self.account = account; self.source = source; self.fellBack = fellBack
    }
}

/// The result of one token request: every outcome is a value.
public enum TokenOutcome: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    case token(TokenGrant)
    case failed(TokenFailure)

    public var grant: TokenGrant? { if case let .token(g) = self { g } else { nil } }
    public var failure: TokenFailure? { if case let .failed(f) = self { f } else { nil } }

    public var description: String {
        switch self {
        case let .token(g):
            "\(g.account)'s token: \(g.source)" + (g.fellBack.map { " (fell back to the embedded flow: \($0))" } ?? "")
        case let .failed(f): "failed: \(f)"
        }
    }
}

/// The token an app holds and the last thing that happened to its requests: what its pane shows.
public struct AppTokenState: Codable, Sendable, Equatable {
    /// The account whose token the app believes it holds (nil: signed out of the app).
    public var account: UserID?
    public var source: TokenSource?
    public var obtainedAt: SimInstant?
    /// The last request's outcome.
    public var last: TokenOutcome?
    public var lastAt: SimInstant?
    /// MSAL for Android's current account of a single-account app, kept with its token cache
    /// across processes: what `getCurrentAccountAsync` compares the broker's account with (its
    /// `prior`). Set when the app signs in or loads an account; nil: none (or never asked).
    public var loadedAccount: UserID?

    public init(account: UserID? = nil, source: TokenSource? = nil, obtainedAt: SimInstant? = nil,
                last: TokenOutcome? = nil, lastAt: SimInstant? = nil) {
        self.account = account; self.source = source; self.obtainedAt = obtainedAt; self.last = last; self.lastAt = lastAt
    }
}

/// The app's token as the device sees it now (`SharedDevice.tokenStatus(of:)`).
public enum TokenStatus: Sendable, Equatable {
    /// No SSO configuration: the app does not use the identity SDK's tokens.
    case notConfigured
    /// Never asked, or signed out of the app.
    case none
    /// Holds a usable token.
    case valid(account: UserID, source: TokenSource)
    /// Holds it in memory, but its keychain group's tokens were deleted by `by`: fails at the next refresh.
    case removed(account: UserID, by: AppID)
    /// The last request failed.
    case failed(TokenFailure)
    /// An interactive request is under way (`phase`).
    case inFlight(RoundTripPhase)
}
