import Configuration
import SessionEngine

/// Writes one recorded action as a scenario step, with `${NAME}` references where a secret
/// was typed: a recording never holds a password or passcode.
struct RecordedStepWriter {
    /// The placeholder written for a secret the engine rejected (it was wrong, or the account
    /// was locked out): replaying it must fail again, and what was typed is never written.
    static let rejectedSecret = "not-the-password"
    /// The placeholder written for a secret typed with an action refused before any secret
    /// was checked: it needs no variable, and replaying gives the same refusal.
    static let uncheckedSecret = "not-checked"
    /// A passcode the policy always rejects (not digits).
    static let rejectedPasscode = "x"

    let profile: ProfileID
    let policy: SecurityPolicy
    private(set) var variables: [String] = []

    init(profile: ProfileID, policy: SecurityPolicy) { self.profile = profile; self.policy = policy }

    /// Refusals that come from the credential check itself: what was typed was wrong.
    private static let credentialRefusals: Set<String> = ["wrong-credentials", "locked-out", "wrong-passcode"]

    /// Whether the engine checked the secret typed with an action it answered with `refusal`:
    /// yes when it accepted, or refused at or after the check (a wrong secret, a staging
    /// check, the new passcode); no for a refusal given before any secret is looked at
    /// (offline, an unknown group, the wrong state), which replays the same whatever is typed.
    private static func secretWasChecked(_ refusal: Refusal?) -> Bool {
        guard let kind = refusal?.kind else { return true }
        return kind.isCredentialFailure || kind.followsCredentialCheck
    }

    /// The session PINs each user set during the walk, in order: the first is
    /// `${HUBSIM_PIN_COU1}`, a different later one `${HUBSIM_PIN_COU1_2}` (a PIN lasts one
    /// sign-in: Managed Home Screen clears it at sign-out, so a user may set another). Held in
    /// memory only, as the walk held them, to tell one PIN from another; never written.
    private var pins: [String: [Secret]] = [:]

    private mutating func pinReference(_ user: String, _ pin: Secret) -> String {
        var list = pins[user, default: []]
        let index: Int
        if let known = list.firstIndex(of: pin) { index = known } else { list.append(pin); index = list.count - 1 }
        pins[user] = list
        // `_2` cannot end a user's own spelling (each `_` there is followed by `_`, D, H, A or X).
        let name = EnvironmentReferences.pinVariable(for: user) + (index == 0 ? "" : "_\(index + 1)")
        if !variables.contains(name) { variables.append(name) }
        return "${\(name)}"
    }

    private mutating func reference(_ user: String, passcode: Bool = false) -> String {
        let name = EnvironmentReferences.variable(for: user, passcode: passcode)
        if !variables.contains(name) { variables.append(name) }
        return "${\(name)}"
    }

    /// The password to write: a reference only where replaying needs the real one.
    private mutating func password(_ user: String, _ refusal: Refusal?) -> String {
        if let r = refusal, Self.credentialRefusals.contains(r.tag) { return Self.rejectedSecret }
        guard Self.secretWasChecked(refusal) else { return Self.uncheckedSecret }
        return reference(user)
    }

    /// The YAML of the step (without the leading `- `), or nil for an action a scenario
    /// cannot express on this profile (the engine refused it as not supported).
    /// `lockedUser`/`usesPasscode` describe the device just before an unlock.
    /// `faultApp` is the app an armed fault is on, for `disarmFault`. `sessionUser` is who was
    /// signed in before the action and `pinPlaceholder` a PIN the engine refuses as it refused
    /// the one typed (the replay finds it), for the session PIN steps.
    mutating func step(_ action: DeviceAction, refusal: Refusal?, lockedUser: String?, usesPasscode: Bool,
                       completesEnrollment: Bool, faultApp: AppID? = nil, sessionUser: String? = nil,
                       pinPlaceholder: String? = nil) -> String? {
        if refusal?.tag == "not-supported" { return nil }
        // The step is named after what the key opened in this profile: the Hub (workspace-one)
        // or the broker (entra-ios); the parser takes both names.
        let name: StepName = action == .openBroker && profile == .workspaceOne ? .openHub : action.stepName
        let body: String
        switch action {
        case let .enroll(group, user, _):
            var f: [(String, String)] = []
            if let group { f.append(("group", group)) }
            f.append(("user", user))
            f.append(("password", password(user, refusal)))
            if !completesEnrollment && refusal == nil { f.append(("complete", "false")) }
            body = "\(name): " + flow(f)
        case let .checkOut(group, user, _, passcode):
            var f: [(String, String)] = []
            if let group { f.append(("group", group)) }
            f.append(("user", user))
            f.append(("password", password(user, refusal)))
            if let passcode, policy.requiresAppPasscode {
                if refusal?.tag == "passcode-too-short" {
                    f.append(("passcode", Self.rejectedPasscode))
                } else if !passcode.isEmpty {
                    f.append(("passcode", reference(user, passcode: true)))
                }
            }
            body = "\(name): " + flow(f)
        case .unlock:
            let user = lockedUser ?? "user"
            let wrong = refusal.map { Self.credentialRefusals.contains($0.tag) } ?? false
            let key = usesPasscode ? "passcode" : "password"
            let value = wrong ? (usesPasscode ? Self.rejectedPasscode : Self.rejectedSecret)
                : Self.secretWasChecked(refusal) ? reference(user, passcode: usesPasscode)
                : (usesPasscode ? Self.rejectedPasscode : Self.uncheckedSecret)
            body = "\(name): " + flow([(key, value)])
        case let .signIn(user, _, from):
            var f = [("user", user), ("password", password(user, refusal))]
            if from != .broker { f.append(("from", from.description)) }
            body = "\(name): " + flow(f)
        case let .signOut(from, browser):
            var f: [(String, String)] = []
            if from != .broker { f.append(("from", from.description)) }
            if browser { f.append(("browser", "true")) }
            body = f.isEmpty ? name.rawValue : "\(name): " + flow(f)
        case let .beginTokenRequest(id):
            body = "\(name): \(YAMLText.scalar(id))"
        case let .setSessionPIN(pin), let .enterSessionPIN(pin):
            // Accepted: the user's PIN as a reference. Refused: a placeholder refused the same
            // way, or `not-checked` when the engine refused before looking at the PIN.
            let value = refusal == nil ? pinReference(sessionUser ?? "user", pin) : pinPlaceholder ?? Self.uncheckedSecret
            body = "\(name): " + YAMLText.scalar(value)
        case .logOut, .openBroker:
            body = name.rawValue
        case let .advanceClock(s): body = Self.advanceClock(s)
        case let .armFault(id, fault): body = "\(name): " + flow([("app", id), ("arm", fault.label)])
        case let .disarmFaults(id): body = "\(name): " + flow([("app", id), ("disarm", "true")])
        // One fault by its number; the scenario language's writer names its app.
        case let .disarmFault(number):
            // The app it was armed on, when the device knew it, so the file reads as it was done.
            body = "\(name): {" + (faultApp.map { "app: \(YAMLText.flowItem($0)), " } ?? "") + "disarm: \(number)}"
        case let .setDeliveryMode(m): body = "\(name): \(m.rawValue)"
        case let .removeSharedDeviceConfiguration(part): body = "\(name): \(part.rawValue)"
        case let .completeTokenRequest(user, secret):
            // An account the broker offered is picked without a password.
            body = "\(name): " + flow(secret == nil ? [("user", user)] : [("user", user), ("password", password(user, refusal))])
        default:
            // A declared action (`StepName.declaration`): its step name, and the app it is on.
            body = action.declaration?.takesApp == true ? "\(name): \(YAMLText.scalar(action.app ?? ""))" : name.rawValue
        }
        guard let refusal else { return body }
        // `refused:` sits beside the step name, so a bare step gets an empty value.
        let head = body.contains(":") ? body : body + ":"
        return head + "\n    refused: " + YAMLText.scalar(refusal.tag)
    }

    /// A clock advance as steps `hubsim run` accepts: at most `Limits.durationSeconds` each,
    /// so a longer one (warps and ticks merge in the walk) becomes several steps.
    static func advanceClock(_ seconds: Double) -> String {
        let most = Double(Limits.durationSeconds)
        var left = seconds
        var steps: [String] = []
        // 1,000 steps reach 10,000 years, past any clock a device keeps (`SimInstant.latest`).
        while left > most && steps.count < 1_000 {
            steps.append("\(StepName.advanceClock): \(formatSeconds(most))")
            left -= most
        }
        steps.append("\(StepName.advanceClock): \(formatSeconds(left))")
        return steps.joined(separator: "\n  - ")
    }

    /// `{key: value, …}`; values that are references or flags are written as they are.
    func flow(_ fields: [(String, String)]) -> String {
        "{" + fields.map { key, value in
            let v = value == "true" || value == "false" ? value : YAMLText.scalar(value)
            return "\(key): \(v)"
        }.joined(separator: ", ") + "}"
    }
}
