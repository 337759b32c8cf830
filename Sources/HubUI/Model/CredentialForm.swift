import SessionEngine

/// A field of a credential prompt. Secrets are kept as `Secret`, so the model can be
/// printed, dumped or logged without a password showing.
public struct FormField: Equatable, Sendable {
    /// Which credential a field holds.
    public enum ID: String, Sendable { case group, user, password, passcode, sessionPIN }
    /// Which credential.
    public var id: ID
    /// The prompt drawn above it.
    public var label: String
    /// Masked: one `•` per character, never drawn.
    public var isSecret: Bool
    /// What was typed, for fields that are not secret.
    public private(set) var text: String = ""
    /// What was typed, for secret fields.
    public private(set) var secret: Secret = Secret("")

    public init(_ id: ID, _ label: String, secret: Bool = false) {
        self.id = id; self.label = label; self.isSecret = secret
    }

    /// Characters typed so far (what a mask draws one `•` for).
    public var count: Int { isSecret ? secret.count : text.count }
    /// Nothing typed yet.
    public var isEmpty: Bool { count == 0 }

    /// What the screen draws: the text, or one `•` per character of a secret.
    public var display: String { isSecret ? String(repeating: "•", count: secret.count) : text }

    mutating func type(_ c: Character) {
        if isSecret { secret = secret.withPlaintext { Secret($0 + String(c)) } } else { text.append(c) }
    }

    mutating func erase() {
        if isSecret { secret = secret.withPlaintext { Secret(String($0.dropLast())) } } else if !text.isEmpty { text.removeLast() }
    }

    mutating func clear() { text = ""; secret = Secret("") }
}

/// Which prompt a form is.
public enum FormKind: String, Sendable {
    case enroll, checkOut, unlock, signIn
    /// The sign-in an interactive token request shows (in the broker or in the app).
    case tokenPrompt
    /// Managed Home Screen: the session PIN set right after sign-in.
    case setSessionPIN
    /// Managed Home Screen: the session PIN asked when the screensaver is left.
    case enterSessionPIN
}

/// A credential prompt: its fields in order and the one that has the cursor. `Enter`
/// moves to the next field and submits from the last, as on the real Hub.
public struct CredentialForm: Equatable, Sendable {
    /// Which prompt.
    public var kind: FormKind
    /// The fields in order.
    public var fields: [FormField]
    /// The field with the cursor.
    public var active: Int = 0

    public init(kind: FormKind, fields: [FormField]) { self.kind = kind; self.fields = fields }

    /// The field with the cursor, if any.
    public var activeField: FormField? { fields.indices.contains(active) ? fields[active] : nil }
    /// `Enter` submits from here.
    public var isOnLastField: Bool { active >= fields.count - 1 }

    /// The field holding `id`.
    public func field(_ id: FormField.ID) -> FormField? { fields.first { $0.id == id } }
    /// Where the field holding `id` is.
    public func index(of id: FormField.ID) -> Int? { fields.firstIndex { $0.id == id } }

    mutating func typeIntoActive(_ c: Character) { if fields.indices.contains(active) { fields[active].type(c) } }
    mutating func eraseInActive() { if fields.indices.contains(active) { fields[active].erase() } }
    mutating func clearActive() { if fields.indices.contains(active) { fields[active].clear() } }

    mutating func clear(_ id: FormField.ID) { if let i = index(of: id) { fields[i].clear() } }
    mutating func focus(_ id: FormField.ID) { if let i = index(of: id) { active = i } }

    /// The empty form the device's state calls for.
    static func fresh(_ kind: FormKind, device: SharedDevice) -> CredentialForm {
        let askGroup = device.profile.usesGroupID
        switch kind {
        case .enroll:
            var f: [FormField] = askGroup ? [FormField(.group, "Group ID")] : []
            f += [FormField(.user, "Staging user"), FormField(.password, "Password", secret: true)]
            return CredentialForm(kind: kind, fields: f)
        case .checkOut:
            var f: [FormField] = askGroup && device.tenant.promptsForGroupID ? [FormField(.group, "Group ID")] : []
            f += [FormField(.user, "User name"), FormField(.password, "Password", secret: true)]
            return CredentialForm(kind: kind, fields: f)
        case .unlock:
            if device.snapshot.session?.passcodeHash != nil {
                return CredentialForm(kind: kind, fields: [FormField(.passcode, "App passcode", secret: true)])
            }
            let who = device.state.user.map { " of \($0)" } ?? ""
            return CredentialForm(kind: kind, fields: [FormField(.password, "Password\(who)", secret: true)])
        case .signIn where device.profile.launcher == .managedHomeScreen:
            // Managed Home Screen's sign-in screen labels the name field with the tenant's hint text.
            return CredentialForm(kind: kind, fields: [FormField(.user, ManagedHomeScreenText.hint(device)),
                                                       FormField(.password, "Password", secret: true)])
        case .signIn:
            return CredentialForm(kind: kind, fields: [FormField(.user, "User name"), FormField(.password, "Password", secret: true)])
        case .setSessionPIN:
            return CredentialForm(kind: kind, fields: [FormField(.sessionPIN, "New session PIN", secret: true)])
        case .enterSessionPIN:
            return CredentialForm(kind: kind, fields: [FormField(.sessionPIN, "Session PIN", secret: true)])
        case .tokenPrompt:
            // An account the broker already holds is offered: picked without a password.
            if let offered = device.pendingTokenRequest?.accounts.first {
                var user = FormField(.user, "Account (offered by the broker)")
                for c in offered.name { user.type(c) }
                return CredentialForm(kind: kind, fields: [user])
            }
            return CredentialForm(kind: kind, fields: [FormField(.user, "User name"), FormField(.password, "Password", secret: true)])
        }
    }
}
