/// What goes wrong with one app's next delivery: a fault QA injects on purpose (Docs/faults.md).
///
/// The first four act on a delivery (Workspace ONE's SDK opportunity, Entra's
/// `SHARED_MODE_CURRENT_ACCOUNT_CHANGED`, an MSAL app's account check); the last two act inside
/// the app's own wipe or clear. Each is one-shot: armed, it fires once and is done.
public enum FaultKind: String, Codable, Sendable, CaseIterable {
    /// The next delivery to the app never arrives.
    case drop
    /// It arrives `seconds` later on the simulated clock (`advanceClock` brings it).
    case delay
    /// It arrives twice.
    case duplicate
    /// It is held back and arrives after the next delivery (to any app).
    case reorder
    /// The app crashes inside its next wipe or clear: what it deleted before the crash stays
    /// deleted, the rest stays on the device.
    case crashInCallback = "crash-in-callback"
    /// The app's next wipe or clear takes `seconds` of simulated time; the device moves on meanwhile.
    case slowCallback = "slow-callback"
    /// The app's next MSAL `getCurrentAccount` answers no current and no previous account,
    /// whoever is signed in (the MSAL for iOS and macOS issue threads "Returning Account name as
    /// nil" and "Get Account returning NULL": both nil after a sign-in or a session switch). The app then acts on that answer by its own logic.
    case nilAccounts = "nil-accounts"
    /// The app's next silent token request (`acquireTokenSilent`) is still in flight when the
    /// session next ends: the global sign-out (or check-in) interrupts it, and no token of the
    /// signed-out user is written back (MSAL for Android's shared-device sign-out cancels
    /// pending silent requests first).
    case tokenInFlight = "token-in-flight"

    /// The menu's one-line description.
    public var summary: String {
        switch self {
        case .drop: "the next delivery to the app never arrives"
        case .delay: "the next delivery arrives later on the simulated clock"
        case .duplicate: "the next delivery arrives twice"
        case .reorder: "the next delivery arrives after the one that follows it"
        case .crashInCallback: "the app crashes inside its next wipe or clear: a partial wipe"
        case .slowCallback: "the app's next wipe or clear takes a while; the device goes on"
        case .nilAccounts: "the app's next getCurrentAccount answers no current and no previous account"
        case .tokenInFlight: "the app's next silent token request is still in flight when the session ends"
        }
    }

    /// Whether the fault takes a duration (`InjectedFault.seconds`).
    public var needsSeconds: Bool { self == .delay || self == .slowCallback }

    /// The duration used when none is given: half a minute for a delivery, two minutes for a callback.
    public var defaultSeconds: Double? {
        switch self {
        case .delay: 30
        case .slowCallback: 120
        case .drop, .duplicate, .reorder, .crashInCallback, .nilAccounts, .tokenInFlight: nil
        }
    }

    /// Whether it acts on a delivery (rather than inside the app's wipe or clear).
    public var isDeliveryFault: Bool {
        switch self {
        case .drop, .delay, .duplicate, .reorder: true
        case .crashInCallback, .slowCallback, .nilAccounts, .tokenInFlight: false
        }
    }

    /// Whether it acts inside the app's own wipe or clear (rather than on a delivery or an SDK call).
    public var isCallbackFault: Bool {
        switch self {
        case .crashInCallback, .slowCallback: true
        case .drop, .delay, .duplicate, .reorder, .nilAccounts, .tokenInFlight: false
        }
    }
}
