import Configuration
import Foundation
import SessionEngine
import Testing
@testable import Scenarios

@Suite struct LibraryTests {
    /// The behaviours the library must show (`Assets/scenarios/README.md`), one file each.
    static let required = [
        "ws1-device-transitions", "entra-device-transitions", "ws1-callback-order", "ws1-coalescing",
        "ws1-blocked-until-relaunch", "ws1-offline-checkout", "entra-offline-signin", "ws1-checkin-while-locked",
        "ws1-offline-unlock", "ws1-wipe-support-levels", "ws1-faulty-app-leak", "ws1-enterprise-wipe",
        "entra-delivery-matrix", "entra-tasks-leak", "entra-chat-no-leak", "ws1-lockout", "entra-lockout",
        "ws1-app-passcode", "ws1-single-user-device", "ws1-step-mode", "ws1-hub-keyboard", "entra-broker-keyboard",
        // Each rule of ADAL cross-app single sign-on on iOS (003), under both profiles.
        "ws1-sso-suite", "entra-sso-shared-device", "ws1-sso-registration", "entra-sso-registration",
        "ws1-sso-broker-setup", "entra-sso-broker-setup", "ws1-sso-certificate", "entra-sso-certificate",
        "ws1-sso-sharing", "entra-sso-sharing",
        // The MDM set-up of shared device mode (002): each family of rules, and the known issue.
        "entra-setup-sso-extension", "entra-setup-authenticator", "entra-setup-device", "entra-setup-known-issue",
        // Shared device mode on Android (Microsoft Learn, MSAL for Android) and Managed Home Screen: one rule each.
        "android-runtime-receiver-sign-out", "android-stopped-app-learns-at-resume", "android-manifest-receiver-misses",
        "android-settings-removal-no-broadcast", "android-is-shared-device-stale", "android-intune-clears-data",
        "mhs-auto-sign-out-countdown", "mhs-session-pin-attempts", "mhs-session-pin-cleared-at-sign-out",
        "android-faults-on-the-broadcast",
    ]

    @Test func theLibraryHasAFileForEveryBehaviour() {
        let names = BundledAssets.scenarioFiles().map(\.name)
        for name in Self.required { #expect(names.contains(name), "missing \(name).yaml") }
    }

    @Test func everyShippedScenarioPasses() async {
        let files = BundledAssets.scenarioFiles()
        let report = await Fixtures.runner().run(files.map(ScenarioSource.bundled))
        #expect(report.exitStatus == 0, "\(TextReport.render(report, options: .init(quiet: true)))")
        #expect(report.results.count == files.count)
        // Every file says what it shows: a name and a comment at the top.
        for file in files {
            #expect(file.text.hasPrefix("#"), "\(file.shownPath) starts without a comment saying what it shows")
        }
    }
}
