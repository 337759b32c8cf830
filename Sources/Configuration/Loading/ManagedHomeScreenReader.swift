import SessionEngine

/// Reads a tenant's `managedHomeScreen:` (Intune's app configuration of Managed Home Screen,
/// android-mhs) and a scenario's overrides of it. Each key is spelt as Intune's configuration
/// key it models (Microsoft Learn, "Configure the Microsoft Managed Home Screen app for Android
/// Enterprise"), so an administrator's JSON reads across; keys left out keep the value they
/// override (the documented defaults, for a tenant file). Values out of range are refused with
/// file:line:column.
public enum ManagedHomeScreenReader {
    public static let keys = [
        "enable_mhs_signin", "domain_name", "login_hint_text",
        "enable_session_PIN", "session_PIN_complexity", "minimum_length_for_session_PIN", "max_number_of_attempts_for_session_PIN",
        "show_screen_saver", "inactive_time_to_show_screen_saver", "enable_PIN_to_resume",
        "minimum_inactive_time_before_session_pin_required",
        "enable_auto_signout", "inactive_time_to_signout", "auto_signout_time_to_give_user_notice",
    ]

    public static func read(_ node: YAMLValue, over base: ManagedHomeScreenPolicy = ManagedHomeScreenPolicy()) throws(ConfigError) -> ManagedHomeScreenPolicy {
        let f = try node.fields("managedHomeScreen", allowed: keys)
        var p = base
        p.enableSignIn = try f.bool("enable_mhs_signin", default: base.enableSignIn)
        if let v = f["domain_name"] {
            // Intune's value: semicolon-delimited domains, the first offered first.
            let text = try v.string("domain_name")
            let domains = text.split(separator: ";").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            for d in domains where !isDomain(d) {
                throw v.error("domain_name: '\(d)' is not a domain name; write domains such as contoso.com, separated by ';'")
            }
            p.domainNames = domains
        }
        if let v = f["login_hint_text"] {
            let text = try v.string("login_hint_text", limit: 80)
            p.loginHintText = text.isEmpty ? nil : text
        }
        p.enableSessionPIN = try f.bool("enable_session_PIN", default: base.enableSessionPIN)
        if let v = f["session_PIN_complexity"] {
            let text = try v.string("session_PIN_complexity")
            guard let c = SessionPINComplexity(rawValue: text) else {
                let valid = SessionPINComplexity.allCases.map(\.rawValue).joined(separator: ", ")
                throw v.error("session_PIN_complexity must be one of \(valid), not '\(text)'")
            }
            p.sessionPINComplexity = c
        }
        p.minimumLengthForSessionPIN = try f.integer("minimum_length_for_session_PIN", in: 1...16, unit: "characters",
                                                     default: base.minimumLengthForSessionPIN)
        p.maxNumberOfAttemptsForSessionPIN = try f.integer("max_number_of_attempts_for_session_PIN", in: 0...Limits.attempts,
                                                           default: base.maxNumberOfAttemptsForSessionPIN)
        p.enableScreenSaver = try f.bool("show_screen_saver", default: base.enableScreenSaver)
        p.inactiveTimeToShowScreenSaver = try f.integer("inactive_time_to_show_screen_saver", in: 0...Limits.durationSeconds, unit: "seconds",
                                                        default: base.inactiveTimeToShowScreenSaver)
        p.enablePINToResume = try f.bool("enable_PIN_to_resume", default: base.enablePINToResume)
        p.minimumInactiveTimeBeforeSessionPINRequired = try f.integer("minimum_inactive_time_before_session_pin_required",
                                                                      in: 0...Limits.durationSeconds, unit: "seconds",
                                                                      default: base.minimumInactiveTimeBeforeSessionPINRequired)
        p.enableAutoSignOut = try f.bool("enable_auto_signout", default: base.enableAutoSignOut)
        p.inactiveTimeToSignOut = try f.integer("inactive_time_to_signout", in: 1...Limits.durationSeconds, unit: "seconds",
                                                default: base.inactiveTimeToSignOut)
        p.autoSignOutTimeToGiveUserNotice = try f.integer("auto_signout_time_to_give_user_notice", in: 0...Limits.durationSeconds,
                                                          unit: "seconds", default: base.autoSignOutTimeToGiveUserNotice)
        return p
    }

    /// Letters, digits, '-' and '.', with at least one dot and no empty label.
    static func isDomain(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, text.utf8.count <= 253 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.allSatisfy { b in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "-")
            }
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
