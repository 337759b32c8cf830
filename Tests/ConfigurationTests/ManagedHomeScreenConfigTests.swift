import Configuration
import Foundation
import SessionEngine
import Testing

/// The tenant's `managedHomeScreen:` (Intune's Managed Home Screen configuration, android-mhs):
/// keys spelt as Intune spells them, the documented defaults when a key or the section is left
/// out, the shipped tenants' values, and malformed values refused at their position.
@Suite struct ManagedHomeScreenConfigTests {
    /// The bundled tenant without its Managed Home Screen section; the cases' lines count from there.
    static let tenantBase: String = {
        let text = try! BundledAssets.text("tenant.yaml")
        return String(text[..<text.range(of: "managedHomeScreen:")!.lowerBound])
    }()
    static let baseLines = tenantBase.filter { $0 == "\n" }.count

    @Test func theDefaultsAreTheDocumentedOnesWithSignInAndAutomaticSignOutOn() throws {
        let p = ManagedHomeScreenPolicy()
        #expect(p.enableSignIn && p.enableAutoSignOut)
        #expect(p.inactiveTimeToSignOut == 300 && p.autoSignOutTimeToGiveUserNotice == 60)
        #expect(!p.enableSessionPIN && p.sessionPINComplexity == .notConfigured && p.minimumLengthForSessionPIN == 1)
        #expect(p.maxNumberOfAttemptsForSessionPIN == 0 && p.sessionPINAttemptLimit == nil)
        #expect(!p.enableScreenSaver && p.inactiveTimeToShowScreenSaver == 30 && !p.enablePINToResume)
        #expect(p.domainNames.isEmpty && p.loginHintText == nil && p.loginHint == "Enter email or phone number")
        // A tenant without the section, and the bundled one, have exactly these.
        #expect(try TenantLoader.load(yaml: Self.tenantBase, file: "t.yaml").managedHomeScreen == p)
        #expect(try BundledAssets.tenant().managedHomeScreen == p)
        #expect(try TenantLoader.load(yaml: BundledAssets.text("tenant.yaml"), file: "tenant.yaml").managedHomeScreen == p)
    }

    @Test func theStrictSampleTurnsOnThePINAndTheScreensaver() throws {
        let p = try BundledAssets.strictTenant().managedHomeScreen
        #expect(p == ManagedHomeScreenPolicy(enableSessionPIN: true, sessionPINComplexity: .simple, minimumLengthForSessionPIN: 4,
                                             maxNumberOfAttemptsForSessionPIN: 3, enableScreenSaver: true, inactiveTimeToShowScreenSaver: 30,
                                             enablePINToResume: true, inactiveTimeToSignOut: 120, autoSignOutTimeToGiveUserNotice: 30))
    }

    @Test func everyKeyReadsAsIntuneSpellsIt() throws {
        let yaml = """
            managedHomeScreen:
              enable_mhs_signin: true
              domain_name: "contoso.com; fabrikam.com"
              login_hint_text: Your store e-mail
              enable_session_PIN: true
              session_PIN_complexity: alphanumeric-complex
              minimum_length_for_session_PIN: 6
              max_number_of_attempts_for_session_PIN: 5
              show_screen_saver: true
              inactive_time_to_show_screen_saver: 45
              enable_PIN_to_resume: true
              minimum_inactive_time_before_session_pin_required: 60
              enable_auto_signout: false
              inactive_time_to_signout: 600
              auto_signout_time_to_give_user_notice: 15

            """
        let p = try TenantLoader.load(yaml: Self.tenantBase + yaml, file: "t.yaml").managedHomeScreen
        #expect(p == ManagedHomeScreenPolicy(domainNames: ["contoso.com", "fabrikam.com"], loginHintText: "Your store e-mail",
                                             enableSessionPIN: true, sessionPINComplexity: .alphanumericComplex, minimumLengthForSessionPIN: 6,
                                             maxNumberOfAttemptsForSessionPIN: 5, enableScreenSaver: true, inactiveTimeToShowScreenSaver: 45,
                                             enablePINToResume: true, minimumInactiveTimeBeforeSessionPINRequired: 60,
                                             enableAutoSignOut: false, inactiveTimeToSignOut: 600, autoSignOutTimeToGiveUserNotice: 15))
        #expect(ManagedHomeScreenReader.keys.count == 14)
    }

    /// Keys left out keep what they override: a scenario changes one value of the tenant's.
    @Test func anOverrideKeepsTheKeysItLeavesOut() throws {
        let base = try BundledAssets.strictTenant().managedHomeScreen
        let node = try YAMLValue.parse("max_number_of_attempts_for_session_PIN: 5\n", file: "s.yaml")
        var expected = base
        expected.maxNumberOfAttemptsForSessionPIN = 5
        #expect(try ManagedHomeScreenReader.read(node, over: base) == expected)
    }

    @Test(arguments: [
        ("managedHomeScreen:\n  enable_session_pin: true\n", 2, 3, "unknown key 'enable_session_pin' in managedHomeScreen; valid keys: enable_mhs_signin"),
        ("managedHomeScreen:\n  enable_auto_signout: sometimes\n", 2, 24, "enable_auto_signout must be true or false"),
        ("managedHomeScreen:\n  inactive_time_to_signout: 0\n", 2, 29, "inactive_time_to_signout must be between 1 and"),
        ("managedHomeScreen:\n  auto_signout_time_to_give_user_notice: -1\n", 2, 42, "auto_signout_time_to_give_user_notice must be between 0 and"),
        ("managedHomeScreen:\n  minimum_length_for_session_PIN: 17\n", 2, 35, "minimum_length_for_session_PIN must be between 1 and 16"),
        ("managedHomeScreen:\n  max_number_of_attempts_for_session_PIN: 1001\n", 2, 43, "max_number_of_attempts_for_session_PIN must be between 0 and 1,000 (got 1001)"),
        ("managedHomeScreen:\n  session_PIN_complexity: hard\n", 2, 27,
         "session_PIN_complexity must be one of not-configured, simple, complex, complex-numeric-only, alphanumeric-complex, not 'hard'"),
        ("managedHomeScreen:\n  domain_name: \"contoso.com; not a domain\"\n", 2, 16, "domain_name: 'not a domain' is not a domain name"),
    ])
    func errorsNameTheirPosition(yaml: String, line: Int, column: Int, message: String) {
        do {
            _ = try TenantLoader.load(yaml: Self.tenantBase + yaml, file: "t.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.line == Self.baseLines + line && error.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
            #expect(error.description.hasPrefix("t.yaml:\(Self.baseLines + line):\(column): "), "\(error)")
        }
    }
}
