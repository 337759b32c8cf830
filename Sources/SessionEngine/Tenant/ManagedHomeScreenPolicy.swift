/// Intune's app configuration of Managed Home Screen in Microsoft Entra shared device mode:
/// the knobs of the android-mhs profile, each named after the configuration key it models
/// (Microsoft Learn, "Configure the Microsoft Managed Home Screen app for Android Enterprise",
/// the table "Configurations to customize Managed Home Screen experience when device is set up
/// with Microsoft Entra shared device mode" and the screensaver table). Every value takes the
/// documented default, except the two switches the profile is about: MHS's own sign-in and its
/// automatic sign-out are on (documented default: off), since android-mhs models a launcher that
/// signs workers in and out (Docs/decisions.md).
public struct ManagedHomeScreenPolicy: Codable, Equatable, Sendable {
    /// `enable_mhs_signin`: workers sign in on MHS's own screen; every feature below needs it.
    public var enableSignIn: Bool
    /// `domain_name`: domains appended to a bare user name at sign-in (semicolon-delimited in
    /// Intune; the first is the one MHS offers first). Empty: the worker types the whole name.
    public var domainNames: [String]
    /// `login_hint_text`: the sign-in field's hint; nil shows MHS's own, `defaultLoginHint`.
    public var loginHintText: String?
    /// `enable_session_PIN`: a worker creates a session PIN right after signing in.
    public var enableSessionPIN: Bool
    /// `session_PIN_complexity`.
    public var sessionPINComplexity: SessionPINComplexity
    /// `minimum_length_for_session_PIN` (documented example and floor: 1).
    public var minimumLengthForSessionPIN: Int
    /// `max_number_of_attempts_for_session_PIN`: wrong PINs before an automatic sign-out;
    /// 0 (the documented default) gives infinite tries.
    public var maxNumberOfAttemptsForSessionPIN: Int
    /// `show_screen_saver` ("Enable screen saver", documented default false).
    public var enableScreenSaver: Bool
    /// `inactive_time_to_show_screen_saver`: seconds idle before the screensaver (default 30;
    /// 0: never).
    public var inactiveTimeToShowScreenSaver: Int
    /// `enable_PIN_to_resume` ("Require PIN code after returning from screensaver", default false).
    public var enablePINToResume: Bool
    /// `minimum_inactive_time_before_session_pin_required`: seconds idle before leaving the
    /// screensaver needs the PIN; 0: always (no documented default: 0).
    public var minimumInactiveTimeBeforeSessionPINRequired: Int
    /// `enable_auto_signout` (documented default false; on in hubsim's profile, see above).
    public var enableAutoSignOut: Bool
    /// `inactive_time_to_signout`: seconds idle before the countdown dialog (default 300).
    public var inactiveTimeToSignOut: Int
    /// `auto_signout_time_to_give_user_notice`: the countdown dialog's seconds (default 60).
    public var autoSignOutTimeToGiveUserNotice: Int

    /// MHS's hint when `login_hint_text` is not set (Microsoft Learn, the table above).
    public static let defaultLoginHint = "Enter email or phone number"

    public init(enableSignIn: Bool = true, domainNames: [String] = [], loginHintText: String? = nil,
                enableSessionPIN: Bool = false, sessionPINComplexity: SessionPINComplexity = .notConfigured,
                minimumLengthForSessionPIN: Int = 1, maxNumberOfAttemptsForSessionPIN: Int = 0,
                enableScreenSaver: Bool = false, inactiveTimeToShowScreenSaver: Int = 30,
                enablePINToResume: Bool = false, minimumInactiveTimeBeforeSessionPINRequired: Int = 0,
                enableAutoSignOut: Bool = true, inactiveTimeToSignOut: Int = 300, autoSignOutTimeToGiveUserNotice: Int = 60) {
        self.enableSignIn = enableSignIn; self.domainNames = domainNames; self.loginHintText = loginHintText
        self.enableSessionPIN = enableSessionPIN; self.sessionPINComplexity = sessionPINComplexity
        self.minimumLengthForSessionPIN = minimumLengthForSessionPIN
        self.maxNumberOfAttemptsForSessionPIN = maxNumberOfAttemptsForSessionPIN
        self.enableScreenSaver = enableScreenSaver; self.inactiveTimeToShowScreenSaver = inactiveTimeToShowScreenSaver
        self.enablePINToResume = enablePINToResume
        self.minimumInactiveTimeBeforeSessionPINRequired = minimumInactiveTimeBeforeSessionPINRequired
        self.enableAutoSignOut = enableAutoSignOut; self.inactiveTimeToSignOut = inactiveTimeToSignOut
        self.autoSignOutTimeToGiveUserNotice = autoSignOutTimeToGiveUserNotice
    }

    /// The sign-in field's hint as MHS shows it.
    public var loginHint: String { loginHintText ?? Self.defaultLoginHint }

    /// Whether a session PIN is asked for after sign-in ("can only be used if Enable sign in
    /// has been set to True").
    public var asksForSessionPIN: Bool { enableSignIn && enableSessionPIN }
    /// Whether the screensaver comes on after `inactiveTimeToShowScreenSaver` (0: never).
    public var showsScreenSaver: Bool { enableScreenSaver && inactiveTimeToShowScreenSaver > 0 }
    /// Whether inactivity signs the worker out (MHS sign-in needed).
    public var signsOutAutomatically: Bool { enableSignIn && enableAutoSignOut }
    /// Wrong session PINs allowed before the automatic sign-out; nil: infinite tries.
    public var sessionPINAttemptLimit: Int? { maxNumberOfAttemptsForSessionPIN > 0 ? maxNumberOfAttemptsForSessionPIN : nil }

    /// The name MHS signs in with: a bare name gets the first `domain_name` appended; a name
    /// with a domain is kept ("This setting does not prevent users from inputting alternative
    /// domain names").
    public func signInName(_ typed: String) -> String {
        guard enableSignIn, !typed.contains("@"), let domain = domainNames.first, !typed.isEmpty else { return typed }
        return typed + "@" + domain
    }

    /// Why `pin` cannot be the session PIN, or nil when it can: its length first, then the
    /// complexity rule.
    public func problem(withSessionPIN pin: Secret) -> Refusal? {
        if pin.count < max(1, minimumLengthForSessionPIN) { return .sessionPINTooShort(minLength: max(1, minimumLengthForSessionPIN)) }
        return sessionPINComplexity.violation(in: pin).map { .sessionPINTooSimple(complexity: sessionPINComplexity, rule: $0) }
    }
}

/// `session_PIN_complexity` (Microsoft Learn, Managed Home Screen configuration; Microsoft Graph
/// `kioskModeManagedHomeScreenPinComplexity` for "not configured").
public enum SessionPINComplexity: String, Codable, Sendable, CaseIterable {
    /// Not set: any characters, at least one.
    case notConfigured = "not-configured"
    /// Digits only.
    case simple
    /// Letters and digits; no repeating (444) or ordered (123, 432, 246) run of three.
    case complex
    /// Digits only; no repeating or ordered run of three.
    case complexNumericOnly = "complex-numeric-only"
    /// At least one letter or symbol; no repeating or ordered run of three.
    case alphanumericComplex = "alphanumeric-complex"

    /// Its name as Intune's setting shows it.
    public var label: String {
        switch self {
        case .notConfigured: "any PIN"
        case .simple: "simple"
        case .complex: "complex"
        case .complexNumericOnly: "complex numeric only"
        case .alphanumericComplex: "alphanumeric complex"
        }
    }

    /// The rule in one line, as a refusal says it.
    public var rule: String {
        switch self {
        case .notConfigured: "any characters"
        case .simple: "digits only"
        case .complex: "letters and digits, with no repeated or ordered run of three such as 444, 123 or 246"
        case .complexNumericOnly: "digits only, with no repeated or ordered run of three such as 444, 123 or 246"
        case .alphanumericComplex: "at least one letter or symbol, with no repeated or ordered run of three such as 444, 123 or abc"
        }
    }

    /// The part of the rule `pin` breaks, or nil.
    func violation(in pin: Secret) -> String? {
        pin.withPlaintext { text -> String? in
            let chars = Array(text.unicodeScalars)
            let digitsOnly = chars.allSatisfy { $0.properties.numericType != nil && $0.isASCII }
            switch self {
            case .notConfigured: return nil
            case .simple: return digitsOnly ? nil : "digits only"
            case .complex:
                if !chars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil) }) {
                    return "letters and digits only"
                }
            case .complexNumericOnly: if !digitsOnly { return "digits only" }
            case .alphanumericComplex: if digitsOnly { return "at least one letter or symbol" }
            }
            return Self.hasRunOfThree(chars) ? "no repeated or ordered run of three such as 444, 123 or 246" : nil
        }
    }

    /// Three characters in a row of one kind (digits, or letters in either case) that repeat or
    /// step evenly: 444, 123, 432, 246, abc. Evaluation "begins at three (3)" (Microsoft Learn,
    /// Managed Home Screen, Complexity of session PIN); letters step by one at most, as in
    /// Android's complex PIN quality ("no repeating (4444) or ordered (1234, 4321, 2468)").
    static func hasRunOfThree(_ chars: [Unicode.Scalar]) -> Bool {
        func kind(_ c: Unicode.Scalar) -> (Int, value: Int)? {
            let v = Int(c.value)
            if (48...57).contains(v) { return (0, v) }
            if (97...122).contains(v) { return (1, v) }
            if (65...90).contains(v) { return (1, v + 32) }
            return nil
        }
        guard chars.count >= 3 else { return false }
        for i in 2..<chars.count {
            guard let a = kind(chars[i - 2]), let b = kind(chars[i - 1]), let c = kind(chars[i]), a.0 == b.0, b.0 == c.0 else { continue }
            let step = b.value - a.value
            guard c.value - b.value == step else { continue }
            if a.0 == 0 || abs(step) <= 1 { return true }
        }
        return false
    }
}
