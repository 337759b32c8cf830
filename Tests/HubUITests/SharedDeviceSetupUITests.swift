import HubUI
import SessionEngine
import Testing

/// The MDM set-up of shared device mode (002) at the keyboard and the mouse: ^R has the MDM
/// remove the configuration (the known issue on screen), and a device registered without
/// shared device mode says what a sign-out does there.
@Suite struct SharedDeviceSetupUITests {
    @Test func ctrlRAsksThenTheMDMRemovesTheNextPart() {
        var m = HubModel(device: SharedDeviceSetupScreens.device { _ in }, theme: .mono, width: 80, height: 24)
        m.press("<C-r>")
        #expect(m.confirmation?.action == .removeSharedDeviceConfiguration(.ssoExtension))
        #expect(m.screen().contains("MDM: remove the Enterprise SSO plug-in profile?"))
        #expect(m.screen().contains("(a known issue of the Authenticator)"))
        m.press("y")
        #expect(m.device.sharedModeRegistration?.removedAfterRegistration == [.ssoExtension])
        #expect(m.actionLog.last?.action == .removeSharedDeviceConfiguration(.ssoExtension))
        #expect(m.screen().contains("config removed, still shared"))
        #expect(m.screen().contains("getDeviceInformation: shared"))
        m.press("<C-r>y")
        #expect(m.device.sharedModeRegistration?.removedAfterRegistration == [.ssoExtension, .authenticatorConfiguration])
        // The same through the mouse: the key table's entry is a click target too.
        var n = HubModel(device: SharedDeviceSetupScreens.device { _ in }, theme: .mono, width: 80, height: 24)
        n.tapHint(.removeSharedDeviceConfiguration)
        #expect(n.confirmation?.action == .removeSharedDeviceConfiguration(.ssoExtension))
    }

    @Test func itIsNotOfferedOnWorkspaceOne() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.press("<C-r>")
        #expect(m.confirmation == nil)
        #expect(m.device.snapshot.coverage.keys.contains { $0.hasPrefix("removeSharedDeviceConfiguration") } == false)
    }

    @Test func withoutSharedDeviceModeTheSignOutSaysItIsNotGlobal() {
        var d = SharedDeviceSetupScreens.device { $0.ssoExtension?.sharedDeviceMode = false }
        _ = d.signIn(user: "cou1", password: "cou1", from: .broker)
        var m = HubModel(device: d, theme: .mono, width: 80, height: 24)
        #expect(m.screen().contains("Not in shared device mode"))
        #expect(m.screen().contains("sso-extension-shared-mode-off"))
        #expect(m.screen().contains("[ Sign out ]") && !m.screen().contains("Sign out (global)"))
        m.press("<Enter>")
        #expect(m.screen().contains("Sign cou1 out of the Authenticator?"))
        m.press("y")
        #expect(m.device.state == .checkedIn)
        #expect(m.notice?.text == "Signed out of the Authenticator only: not in shared device mode, every app keeps the account.")
    }
}
