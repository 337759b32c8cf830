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
public struct LessonCredentials: Sendable {
    public struct Pair: Sendable, Equatable {
        public var user: UserID
        public var password: Secret
    }

    public let pairs: [Pair]

    public init(lesson: Lesson) {
        var pairs: [Pair] = []
        for step in lesson.steps {
            for action in step.actions {
                guard case let .action(actions, _) = action.kind else { continue }
                for action in actions {
                    guard let pair = Self.pair(action), !pairs.contains(pair) else { continue }
                    pairs.append(pair)
                }
            }
        }
        self.pairs = pairs
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
