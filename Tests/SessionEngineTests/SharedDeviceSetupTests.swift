import Foundation
import Testing
@testable import SessionEngine

/// The MDM set-up of Entra shared device mode (002) as tenant data: each rule it can break,
/// what a device registered under it does, and the known issue of a device that stays in
/// shared device mode after its configuration was removed (the MSAL for iOS tracker; Docs/decisions.md).
@Suite struct SharedDeviceSetupTests {
    /// The default tenant's set-up with `change` applied.
    static func tenant(_ change: (inout SharedDeviceSetup) -> Void) -> Tenant {
        var tenant = Fixtures.tenant
        change(&tenant.sharedDeviceSetup)
        return tenant
    }

    /// An entra-ios device with `apps`, registered under `tenant`'s set-up.
    static func device(_ tenant: Tenant, _ apps: [AppID] = ["chat", "roster", "till"]) -> SharedDevice {
        var d = SharedDevice(profile: .entraIOS, tenant: tenant, apps: apps.map { Fixtures.catalogue.app($0)! }, dependencies: Fixtures.dependencies())
        #expect(d.enroll(group: nil, user: "stage", password: "stage") == .success(d.state))
        #expect(d.completeEnrollment() == .success(.checkedIn))
        return d
    }

    /// Each rule of 002 as a change to the correct set-up, and what it breaks.
    static let rules: [(change: @Sendable (inout SharedDeviceSetup) -> Void, broken: SharedDeviceMisconfiguration)] = [
        ({ $0.iOSVersion = 12 }, .iOSTooOld(version: 12)),
        ({ $0.mdmEnrolled = false }, .notMDMEnrolled),
        ({ $0.ssoExtension = nil }, .ssoExtensionMissing),
        ({ $0.ssoExtension?.type = "Credential" }, .ssoExtensionWrongType(type: "Credential")),
        ({ $0.ssoExtension?.extensionID = "com.microsoft.CompanyPortal.ssoextension" },
         .ssoExtensionWrongID(extensionID: "com.microsoft.CompanyPortal.ssoextension")),
        ({ $0.ssoExtension?.teamID = "UBF8T346G9" }, .ssoExtensionWrongTeamID(teamID: "UBF8T346G9")),
        ({ $0.ssoExtension?.urls = ["https://login.microsoft.com"] }, .ssoExtensionURLMissing(urls: ["https://login.microsoft.com"])),
        ({ $0.ssoExtension?.sharedDeviceMode = false }, .ssoExtensionSharedModeOff(value: false)),
        ({ $0.ssoExtension?.sharedDeviceMode = nil }, .ssoExtensionSharedModeOff(value: nil)),
        ({ $0.authenticator = nil }, .authenticatorNotPushed),
        ({ $0.authenticator?.sharedDeviceMode = false }, .authenticatorSharedModeOff(value: false)),
    ]

    @Test func theDefaultSetUpFollows002() {
        #expect(SharedDeviceSetup().misconfigurations.isEmpty)
        #expect(Fixtures.tenant.sharedDeviceSetup == SharedDeviceSetup())
        let sso = SSOExtensionProfile()
        #expect(sso.type == "Redirect")
        #expect(sso.extensionID == "com.microsoft.azureauthenticator.ssoextension")
        #expect(sso.teamID == "SGGM6D27TK")
        #expect(sso.urls == ["https://login.microsoftonline.com"])
        #expect(sso.sharedDeviceMode == true)
        #expect(AuthenticatorConfiguration().sharedDeviceMode == true)
    }

    @Test func eachRuleIsNamedWithItsValues() {
        for (change, broken) in Self.rules {
            var setup = SharedDeviceSetup()
            change(&setup)
            #expect(setup.misconfigurations == [broken], "\(broken.tag)")
        }
        #expect(Set(Self.rules.map(\.broken.kind)) == Set(SharedDeviceMisconfiguration.Kind.allCases))
        #expect(SharedDeviceMisconfiguration.iOSTooOld(version: 12).description == "iOS 12 is older than iOS 13, which shared device mode needs")
        #expect(SharedDeviceMisconfiguration.ssoExtensionSharedModeOff(value: nil).description
                == "the SSO plug-in profile's extra key sharedDeviceMode is not set, not true")
        #expect(SharedDeviceMisconfiguration.ssoExtensionWrongTeamID(teamID: "UBF8T346G9").description
                == "the SSO plug-in profile names Team ID `UBF8T346G9`, not `SGGM6D27TK`")
        #expect(SharedDeviceMisconfiguration.ssoExtensionSharedModeOff(value: false).tag == "sso-extension-shared-mode-off")
    }

    /// The correct set-up registers the device in shared device mode, and the log says so.
    @Test func theCorrectSetUpRegistersInSharedDeviceMode() {
        var d = SharedDevice(profile: .entraIOS, tenant: Fixtures.tenant, apps: [Fixtures.catalogue.app("chat")!], dependencies: Fixtures.dependencies())
        var t = Trail(d)
        #expect(d.deviceModeSummary == "not registered yet")
        #expect(d.enroll(group: nil, user: "stage", password: "stage") == .success(d.state))
        #expect(t.take(d) == [
            "enroll: stage (staging, multi-user) accepted; installing the profile",
            "registration: the MDM set-up follows 002 (SSO plug-in profile, Authenticator sharedDeviceMode = true, iOS 17): shared device mode",
        ])
        #expect(d.sharedModeRegistration == SharedModeRegistration(brokenRules: []))
        #expect(d.completeEnrollment() == .success(.checkedIn))
        #expect(t.take(d) == [
            "profile install: Install Authenticator",
            "profile install: Set MDM key sharedDeviceMode = true",
            "profile install: Install SSO extension profile",
            "profile install: Push app: Chat",
            "enrollment complete: device checked in (staged); the Authenticator shows the credential prompt",
        ])
        #expect(d.isSharedDeviceMode)
        #expect(d.deviceMode == "shared")
        #expect(d.deviceModeSummary == "shared device mode")
        #expect(d.snapshot.coverage["registration:shared"] == 1)
        #expect(d.rule(for: .msal) == SDKRules.rule(.entraIOS, .msal))
    }

    /// Every broken rule registers the device, but not in shared device mode: MSAL's rule is
    /// the one of an MSAL app outside shared device mode, named with the rule.
    @Test func eachBrokenRuleRegistersWithoutSharedDeviceMode() {
        for (change, broken) in Self.rules {
            var d = SharedDevice(profile: .entraIOS, tenant: Self.tenant(change), apps: [Fixtures.catalogue.app("chat")!], dependencies: Fixtures.dependencies())
            var t = Trail(d)
            #expect(d.enroll(group: nil, user: "stage", password: "stage") == .success(d.state))
            #expect(t.take(d) == [
                "enroll: stage (staging, multi-user) accepted; installing the profile",
                "registration: not in shared device mode: \(broken) (\(broken.tag))",
            ])
            #expect(d.completeEnrollment() == .success(.checkedIn))
            #expect(d.state == .checkedIn)
            #expect(d.notInSharedDeviceModeBecause == broken)
            #expect(!d.isSharedDeviceMode)
            #expect(d.deviceMode == "default")
            #expect(d.deviceModeSummary == "not in shared device mode: \(broken.tag)")
            #expect(d.snapshot.coverage["registration:not-shared:\(broken.tag)"] == 1)
            #expect(d.rule(for: .msal) == SDKRules.rule(.workspaceOne, .msal))
            #expect(d.whyNotToldShort(.msal) == "not in shared device mode (\(broken.tag))")
        }
    }

    /// Several rules broken: each is logged, the first one named on screen.
    @Test func severalBrokenRulesAreEachLogged() {
        var d = SharedDevice(profile: .entraIOS, tenant: Self.tenant { $0.iOSVersion = 12; $0.authenticator = nil },
                             apps: [Fixtures.catalogue.app("chat")!], dependencies: Fixtures.dependencies())
        var t = Trail(d)
        #expect(d.enroll(group: nil, user: "stage", password: "stage") == .success(d.state))
        #expect(t.take(d) == [
            "enroll: stage (staging, multi-user) accepted; installing the profile",
            "registration: not in shared device mode: iOS 12 is older than iOS 13, which shared device mode needs (ios-too-old)",
            "registration: also the MDM does not push the Microsoft Authenticator (authenticator-not-pushed)",
        ])
        #expect(d.completeEnrollment() == .success(.checkedIn))
        #expect(t.take(d).prefix(3) == [
            "profile install: Authenticator not pushed by the MDM",
            "profile install: Set MDM key sharedDeviceMode = not set",
            "profile install: Install SSO extension profile",
        ])
        #expect(d.deviceModeSummary == "not in shared device mode: ios-too-old (+1 more)")
    }
}
