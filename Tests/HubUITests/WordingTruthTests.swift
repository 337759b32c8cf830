import HubUI
import SessionEngine
import Testing

/// Words found untrue by trying hubsim as a new user, each with the case that showed it.
@Suite struct WordingTruthTests {
    /// The entra-ios enrollment form asks for the staging user: the first install step names
    /// those credentials (and the role they play), not an administrator nobody typed.
    @Test func theEntraInstallStepNamesTheStagingCredentialsTyped() {
        var m = Fixtures.model(.entraIOS)
        m.press("stage<Enter>stage<Enter>")
        #expect(m.page == .installing)
        let screen = m.render(width: 120, height: 40).grid.text
        #expect(screen.contains("✓ Validate staging credentials"))
        #expect(!screen.contains("administrator credentials"))
    }

    /// A first start is a start: the pane says "started", not "received" as if an account
    /// change had reached the app; a start while checked in says "blocked".
    @Test func aFirstStartIsNotAReceivedAccountChange() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.apply(.launch("notes"))
        m.apply(.openBroker)
        var screen = m.render(width: 120, height: 40).grid.text
        #expect(screen.contains("blocked: \(API.sharedDeviceNotCheckedOut)") || screen.contains("blocked until relaunch"))
        #expect(!screen.contains("received"))
        m.checkOutThroughUI(user: "cou1")
        m.apply(.launch("scanner"))
        m.apply(.openBroker)
        screen = m.render(width: 120, height: 40).grid.text
        #expect(screen.contains("started 08:00:00"))
        #expect(!screen.contains("received"))
    }

    /// `hubsim compare`'s table and detail count a single differing row in the singular.
    @Test func oneDifferingRowDiffersInTheSingular() {
        let one = OutcomeTable.render([OutcomeRow(label: "chat: missed", values: ["none", "x ×1"]),
                                       OutcomeRow(label: "chat: shows", values: ["cou1", "cou1"])], profiles: ["a", "b"])
        #expect(one.hasSuffix("1 row differs (marked *)\n"))
        let two = OutcomeTable.render([OutcomeRow(label: "chat: missed", values: ["none", "x ×1"]),
                                       OutcomeRow(label: "chat: shows", values: ["cou1", "none"])], profiles: ["a", "b"])
        #expect(two.hasSuffix("2 rows differ (marked *)\n"))
    }
}
