/// A refused credential check, typed: why, how many attempts are left before lockout, and
/// until when the account is locked out.
public struct CredentialFailure: Equatable, Sendable {
    /// Why the check failed.
    public enum Reason: Equatable, Sendable {
        /// The user name or the password is wrong (which one is never said: no user enumeration).
        case wrongCredentials
        /// The app passcode is wrong.
        case wrongPasscode
        /// Too many failed attempts: the account is locked out, whatever was typed.
        case lockedOut
    }

    public var reason: Reason
    /// The account locked out; nil where the refusal does not name it (a wrong user name
    /// reads exactly like a wrong password).
    public var user: UserID?
    /// Attempts left before lockout (0 once locked out).
    public var attemptsLeft: Int
    /// When the lockout ends; nil when the account is not locked out.
    public var lockedUntil: SimInstant?

    public init(reason: Reason, user: UserID? = nil, attemptsLeft: Int, lockedUntil: SimInstant? = nil) {
        self.reason = reason; self.user = user; self.attemptsLeft = attemptsLeft; self.lockedUntil = lockedUntil
    }
}
