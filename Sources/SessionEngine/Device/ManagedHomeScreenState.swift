/// What Managed Home Screen holds for the signed-in worker (android-mhs only): the session PIN's
/// hash, the attempts used, the screensaver and the automatic sign-out's countdown dialog.
/// Everything here lasts one sign-in: "The Session PIN lasts for the duration of a user's
/// sign-in, and is cleared upon sign-out" (Microsoft Learn, Managed Home Screen configuration).
public struct ManagedHomeScreenState: Codable, Equatable, Sendable {
    /// The session PIN, hashed as the app passcode is; nil: none set.
    public var sessionPINHash: PasswordHash?
    /// Signed in with `enable_session_PIN` on and no PIN made yet: the PIN prompt stands
    /// before the home screen.
    public var mustSetSessionPIN: Bool
    /// Wrong session PINs since the last right one.
    public var failedPINAttempts: Int
    /// The screensaver is up (the device is `locked`; the session continues).
    public var screensaver: Bool
    /// A person came back to the screensaver after `minimum_inactive_time_before_session_pin_required`:
    /// from then on only the session PIN closes it, however little time passes.
    public var screensaverNeedsPIN: Bool
    /// The automatic sign-out's countdown dialog is up and signs the worker out at this instant.
    public var autoSignOutAt: SimInstant?

    public init(sessionPINHash: PasswordHash? = nil, mustSetSessionPIN: Bool = false, failedPINAttempts: Int = 0,
                screensaver: Bool = false, screensaverNeedsPIN: Bool = false, autoSignOutAt: SimInstant? = nil) {
        self.sessionPINHash = sessionPINHash; self.mustSetSessionPIN = mustSetSessionPIN
        self.failedPINAttempts = failedPINAttempts; self.screensaver = screensaver
        self.screensaverNeedsPIN = screensaverNeedsPIN; self.autoSignOutAt = autoSignOutAt
    }

    /// Nobody signed in, or nothing of MHS's own going on.
    public static let signedOut = ManagedHomeScreenState()
}
