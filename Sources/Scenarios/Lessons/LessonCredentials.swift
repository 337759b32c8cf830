import SessionEngine

/// The tenant users' passwords a lesson's steps type (`enroll`, `checkOut`, `signIn`, a token
/// request's sign-in), each pair once, in the order the lesson first types them.
///
/// A class plays one lesson on every trainee's device, and each device checks the same scripted
/// passwords against the same tenant hashes with scrypt (32 MiB and tens of milliseconds each,
/// Docs/performance.md). The classroom checks them once (`verified`) and tells each device
/// which of them hold, by their place in this list (`remember`): no password leaves either
/// process, and a password a trainee types that is not one of them still costs the device a
/// full derivation.
///
/// The PINs and passcodes the steps set (`pins`) are hashed by each device as it sets them,
/// with a salt of its own: the same scrypt work on every device at the instant the trainer
/// leads the class to that step. The classroom hashes each once (`hashedPINs`) and hands each
/// device the hashes, never the PINs; each device takes them for exactly those PINs (`adopt`).
public struct LessonCredentials: Sendable {
    public struct Pair: Sendable, Equatable {
        public var user: UserID
        public var password: Secret
    }

    public let pairs: [Pair]
    /// The session PINs (`setSessionPIN`) and check-out passcodes the steps set and expect
    /// taken, each once, in the order the lesson first sets them. One the lesson expects
    /// refused (too simple) is never hashed, and is not here.
    public let pins: [Secret]

    public init(lesson: Lesson) {
        var pairs: [Pair] = []
        var pins: [Secret] = []
        for step in lesson.steps {
            for action in step.actions {
                guard case let .action(actions, refused) = action.kind else { continue }
                for action in actions {
                    if let pair = Self.pair(action), !pairs.contains(pair) { pairs.append(pair) }
                    if refused == nil, let pin = Self.pin(action), !pins.contains(pin) { pins.append(pin) }
                }
            }
        }
        self.pairs = pairs
        self.pins = pins
    }

    static func pin(_ action: DeviceAction) -> Secret? {
        switch action {
        case let .setSessionPIN(pin), let .checkOut(_, _, _, pin?): pin
        default: nil
        }
    }

    /// Each of `pins` hashed once, in order, with a salt of its own: what the classroom makes
    /// before the class opens (a full derivation each).
    public func hashedPINs(by hasher: any CredentialHasher) -> [PasswordHash] { pins.map { hasher.hash($0) } }

    /// Hands `adopt` each of `pins` with the hash made for it (`hashes[i]` for `pins[i]`; hashes
    /// beyond the list are passed over).
    public func adopt(_ hashes: [PasswordHash], _ adopt: (Secret, PasswordHash) -> Void) {
        for (pin, hash) in zip(pins, hashes) { adopt(pin, hash) }
    }

    static func pair(_ action: DeviceAction) -> Pair? {
        switch action {
        case let .enroll(_, user, password), let .checkOut(_, user, password, _), let .signIn(user, password, _):
            Pair(user: UserID(user), password: password)
        case let .completeTokenRequest(user, password?):
            Pair(user: UserID(user), password: password)
        default:
            nil
        }
    }

    /// The places in `pairs` of the passwords that are their user's in `tenant`.
    public func verified(in tenant: Tenant, by hasher: any CredentialHasher) -> [Int] {
        pairs.indices.filter { i in
            guard let user = tenant.user(pairs[i].user) else { return false }
            return hasher.verify(pairs[i].password, against: user.passwordHash)
        }
    }

    /// Tells `remember` that the pairs at `places` were verified against their users' hashes in
    /// `tenant` (places out of range, or users the tenant does not have, are passed over).
    public func remember(_ places: [Int], in tenant: Tenant, _ remember: (Secret, PasswordHash) -> Void) {
        for i in places where pairs.indices.contains(i) {
            guard let user = tenant.user(pairs[i].user) else { continue }
            remember(pairs[i].password, user.passwordHash)
        }
    }
}
