import SessionEngine

/// The words Managed Home Screen's screens take from the tenant's policy: the sign-in hint,
/// the domain appended to a bare name, the session PIN's rule (Microsoft Learn, configure the
/// Microsoft Managed Home Screen app for Android Enterprise: `login_hint_text`, `domain_name`,
/// `session_PIN_complexity`, `minimum_length_for_session_PIN`).
enum ManagedHomeScreenText {
    static func hint(_ d: SharedDevice) -> String { d.managedHomeScreenPolicy.loginHint }

    /// `@contoso.com` when the policy appends a domain to a bare name, else nil.
    static func domain(_ d: SharedDevice) -> String? { d.managedHomeScreenPolicy.domainNames.first.map { "@" + $0 } }

    /// `At least 4 characters: digits only.`
    static func pinRule(_ d: SharedDevice) -> String {
        let p = d.managedHomeScreenPolicy
        let n = max(1, p.minimumLengthForSessionPIN)
        return "At least \(n) character\(n == 1 ? "" : "s"): \(p.sessionPINComplexity.rule)."
    }
}
