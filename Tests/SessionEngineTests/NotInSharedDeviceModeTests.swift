import Foundation
import Testing
@testable import SessionEngine

/// Where a broken MDM set-up (002) bites on entra-ios: the device registered, but not in shared
/// device mode. No sign-out is global, no app is told, and the next worker inherits the
/// previous worker's account and tokens.
@Suite struct NotInSharedDeviceModeTests {
    static let broken = SharedDeviceMisconfiguration.ssoExtensionSharedModeOff(value: false)
    static func device() -> SharedDevice {
        SharedDeviceSetupTests.device(SharedDeviceSetupTests.tenant { $0.ssoExtension?.sharedDeviceMode = false })
    }

    /// A sign-in at the Authenticator tells no app; a sign-out there leaves every app signed in;
    /// the next worker's apps show and use the previous worker's account.
    @Test func theNextWorkerInheritsTheAccount() {
        var d = Self.device()
        var t = Trail(d)
        #expect(d.signIn(user: "cou1", password: "cou1", from: .broker) == .success(.checkedOut("cou1")))
        #expect(t.take(d) == [
            "sign-in from broker: cou1 signed in to the Authenticator only; not in shared device mode (sso-extension-shared-mode-off), so no app is told",
            "MSAL apps are not told: not in shared device mode (sso-extension-shared-mode-off: the SSO plug-in profile's extra key sharedDeviceMode is false, not true), so a sign-in or sign-out tells MSAL nothing",
        ])
        #expect(d.tokenStore.brokerAccounts == ["cou1"])
        // roster asks through the broker, which offers the account it holds (003's broker SSO).
        #expect(d.beginTokenRequest("roster") == .success(.awaiting(PendingTokenRequest(app: "roster", place: .broker, phase: .brokerInFront, accounts: ["cou1"]))))
        #expect(d.completeTokenRequest(user: "cou1", password: nil) == .success(.token("cou1", .broker)))
        _ = t.take(d)
        #expect(d.signOut(from: .broker) == .success(.checkedIn))
        #expect(t.take(d) == [
            "roster: background",
            "sign-out from broker: cou1 signed out of the Authenticator only; not in shared device mode (sso-extension-shared-mode-off), so every app keeps cou1's account and tokens",
            "MSAL apps are not told: not in shared device mode (sso-extension-shared-mode-off: the SSO plug-in profile's extra key sharedDeviceMode is false, not true), so a sign-in or sign-out tells MSAL nothing",
            "exposure: roster keeps cou1's 1 item in plaintext and cou1's token while nobody is signed in",
        ])
        #expect(d.tokenStore.brokerAccounts.isEmpty)
        #expect(d.tokenStatus(of: "roster") == .valid(account: "cou1", source: .broker))
        #expect(d.signIn(user: "cou2", password: "cou2", from: .broker) == .success(.checkedOut("cou2")))
        _ = t.take(d)
        #expect(d.launch("roster") == .success(.foreground))
        #expect(t.take(d) == [
            "launch roster",
            "roster: foreground (resumed)",
            "roster → getCurrentAccount (foreground): current: cou1, previous: nil",
            "LEAK: roster shows cou1's 1 item to cou2 and uses cou1's token",
        ])
        #expect(d.acquireTokenSilently("roster") == .success(.token("cou1", .keychainGroup("com.contoso.roster"))))
        #expect(d.verdict(of: d.app("roster")!).kind == .leak)
        #expect(d.leakCause(of: d.app("roster")!)?.hasPrefix("not in shared device mode (sso-extension-shared-mode-off") == true)
    }

    /// A sign-out in one app signs that app out only: the Authenticator and the other apps keep
    /// the account.
    @Test func aSignOutInOneAppSignsOutThatAppOnly() {
        var d = Self.device()
        #expect(d.signIn(user: "cou1", password: "cou1", from: .broker) == .success(.checkedOut("cou1")))
        for app: AppID in ["chat", "roster"] {
            _ = d.beginTokenRequest(app)
            #expect(d.completeTokenRequest(user: "cou1", password: nil) == .success(.token("cou1", .broker)))
        }
        var t = Trail(d)
        #expect(d.signOut(from: .app("roster")) == .success(.checkedOut("cou1")))
        #expect(t.take(d) == [
            "sign-out from roster: not in shared device mode (sso-extension-shared-mode-off), so it signs cou1 out of roster only; the Authenticator and every other app keep cou1",
            "roster → removeAccount(cou1): deleted 1 token(s) of cou1 in keychain group com.contoso.roster",
        ])
        #expect(d.state == .checkedOut("cou1"))
        #expect(d.tokenStatus(of: "chat") == .valid(account: "cou1", source: .broker))
        #expect(d.app("roster")?.token?.account == nil)
        #expect(d.snapshot.coverage["signOut"] == 1)
        #expect(d.signOut(from: .app("roster")) == .failure(.notSignedInToApp("roster")))
    }

    /// The verdict of an MSAL app names the rule: "not told: not in shared device mode (…)".
    @Test func theVerdictNamesTheRule() {
        var d = Self.device()
        _ = d.launch("chat")
        let verdict = d.verdict(of: d.app("chat")!)
        #expect(verdict.kind == .notTold)
        #expect(verdict.shortCause == "not in shared device mode (sso-extension-shared-mode-off)")
        #expect(d.isPending(d.app("chat")!) == false)
        #expect(d.whyNotTold(.workspaceOne) == SDKRules.whyNotTold(.entraIOS, .workspaceOne))
    }
}

/// The known issue: a device in shared device mode stays in it after the MDM removed its
/// configuration (the MSAL for iOS tracker; Docs/decisions.md), until it is reset and registered again.
@Suite struct RemovedSharedDeviceConfigurationTests {
    @Test func theDeviceStaysInSharedDeviceMode() {
        var d = SharedDeviceSetupTests.device(Fixtures.tenant)
        var t = Trail(d)
        #expect(d.removeSharedDeviceConfiguration(.ssoExtension)
                == .success(SharedModeRegistration(brokenRules: [], removedAfterRegistration: [.ssoExtension])))
        #expect(t.take(d) == [
            "MDM removed the Enterprise SSO plug-in profile from the registered device",
            "known issue (MSAL for iOS: the Authenticator stays in shared mode after its configuration is removed): the device stays in shared device mode until it is reset and registered again",
        ])
        #expect(d.isSharedDeviceMode)
        #expect(d.deviceMode == "shared")
        #expect(d.deviceModeSummary == "shared, though sso-extension removed (known issue)")
        #expect(d.currentSharedDeviceSetup.misconfigurations == [.ssoExtensionMissing])
        #expect(d.snapshot.coverage["removeSharedDeviceConfiguration:sso-extension"] == 1)
        // Sign-out is still global: the device is in shared device mode all the same.
        #expect(d.signIn(user: "cou1", password: "cou1", from: .broker) == .success(.checkedOut("cou1")))
        #expect(t.take(d).contains("posted SHARED_MODE_CURRENT_ACCOUNT_CHANGED"))
        #expect(d.removeSharedDeviceConfiguration(.authenticatorConfiguration)
                == .success(SharedModeRegistration(brokenRules: [], removedAfterRegistration: [.ssoExtension, .authenticatorConfiguration])))
        _ = t.take(d)
        #expect(d.removeSharedDeviceConfiguration(.ssoExtension).map(\.removedAfterRegistration) == .success([.ssoExtension, .authenticatorConfiguration]))
        #expect(t.take(d) == ["MDM: the Enterprise SSO plug-in profile was already removed from this device; nothing changes"])
        #expect(d.currentSharedDeviceSetup.misconfigurations == [.ssoExtensionMissing, .authenticatorSharedModeOff(value: nil)])
    }

    @Test func aDeviceNotInSharedDeviceModeStaysSo() {
        var d = NotInSharedDeviceModeTests.device()
        var t = Trail(d)
        #expect(d.removeSharedDeviceConfiguration(.authenticatorConfiguration).map(\.isShared) == .success(false))
        #expect(t.take(d) == [
            "MDM removed the Authenticator's app configuration sharedDeviceMode from the registered device",
            "the device was registered without shared device mode (sso-extension-shared-mode-off) and stays so",
        ])
        #expect(d.deviceMode == "default")
    }

    @Test func itIsRefusedOffEntraAndBeforeRegistration() {
        var ws1 = Fixtures.staged(.workspaceOne)
        #expect(ws1.removeSharedDeviceConfiguration(.ssoExtension)
                == .failure(.notSupported(action: "removing the shared device mode configuration", profile: .workspaceOne)))
        #expect(ws1.snapshot.coverage["refused:removeSharedDeviceConfiguration:not-supported"] == 1)
        var fresh = SharedDevice(profile: .entraIOS, tenant: Fixtures.tenant, apps: [], dependencies: Fixtures.dependencies())
        #expect(fresh.removeSharedDeviceConfiguration(.ssoExtension) == .failure(.notEnrolled))
        #expect(fresh.apply(.removeSharedDeviceConfiguration(.ssoExtension)).outcome == .refused(.notEnrolled))
    }

    /// The outcome is kept with the enrollment; a device saved before it has none and is in
    /// shared device mode, as every entra-ios device was.
    @Test func theOutcomeIsStoredWithTheEnrollment() throws {
        let d = NotInSharedDeviceModeTests.device()
        let data = try JSONEncoder().encode(d.snapshot)
        let back = try JSONDecoder().decode(DeviceSnapshot.self, from: data)
        #expect(back.enrollment?.sharedDeviceMode == SharedModeRegistration(brokenRules: [NotInSharedDeviceModeTests.broken]))
        let restored = SharedDevice(snapshot: back, tenant: Fixtures.tenant, dependencies: Fixtures.dependencies())
        #expect(restored.deviceMode == "default")
        var old = d.snapshot
        old.enrollment?.sharedDeviceMode = nil
        let older = SharedDevice(snapshot: old, tenant: Fixtures.tenant, dependencies: Fixtures.dependencies())
        #expect(older.isSharedDeviceMode)
        #expect(older.deviceMode == "shared")
    }
}
