import HubUI
import SessionEngine
import Testing

/// The races' two events by key (Docs/faults.md): `D` types a draft into the focused app,
/// `E` on the broker's signed-in page removes the account in the Authenticator.
@Suite struct RaceKeysTests {
    @Test func dTypesADraftIntoTheFocusedApp() {
        var m = Fixtures.model(width: 80, height: 24, apps: ["notes"])
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab><Enter>")
        #expect(m.device.lifecycle(of: "notes") == .foreground)
        m.press("D")
        #expect(m.device.app("notes")?.draft?.owner == "cou1")
        #expect(m.device.log.entries(after: 0).last?.text == "cou1 typed a draft in notes, not saved: it lives in the app's memory only")
    }

    @Test func dOnAnAppNotInFrontSaysWhyOnItsPane() {
        var m = Fixtures.model(width: 80, height: 24, apps: ["notes"])
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>D")
        #expect(m.device.app("notes")?.draft == nil)
        #expect(m.screen().contains("Cannot type in notes: launch it first."))
    }

    @Test func eOnTheBrokerRemovesTheAccountWithNoNotification() {
        var m = Fixtures.model(.entraIOS, width: 80, height: 24, apps: ["chat", "forms"])
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter>")
        #expect(m.device.state == .checkedOut("cou1"))
        m.press("E")
        #expect(m.device.state == .checkedIn)
        #expect(m.device.snapshot.history.last?.ending == .accountRemoved)
        #expect(!m.device.log.entries(after: 0).contains { $0.text.hasPrefix("posted ") && $0.seq > (m.device.log.nextSeq - 4) })
    }
}
