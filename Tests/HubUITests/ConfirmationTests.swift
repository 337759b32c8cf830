import HubUI
import SessionEngine
import Testing

/// Confirmations (Docs/forecasts.md): one forecast-and-confirm dialog for every step that cannot be taken back.
@Suite struct ConfirmationTests {
    /// Workspace ONE, cou1 checked out, notes and inventory launched.
    static func ws1CheckedOut() -> HubModel {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>l<Tab><Tab><Tab>l<Esc>")
        return m
    }

    /// entra-ios, cou1 signed in, chat launched and focused.
    static func entraSignedIn() -> HubModel {
        var m = Fixtures.model(.entraIOS)
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter>")
        m.press("<Tab><Enter>")
        return m
    }

    @Test func theWipeForecastsEachAppThenRunsOnYes() {
        var m = Self.ws1CheckedOut()
        m.press("<C-x>")
        #expect(m.device.state == .checkedOut("cou1"), "nothing happens before the yes")
        #expect(m.confirmation?.kind == .device(.enterpriseWipe) && m.confirmation?.askedIn == .checkedOut)
        #expect(m.confirmation?.forecast?.apps.map(\.app) == m.device.apps.map(\.id))
        let screen = m.screen()
        #expect(screen.contains("Enterprise wipe?"))
        for app in m.device.apps { #expect(screen.contains(app.definition.name), "\(app.id) forecast") }
        // Notes is in the background: the console's wipe does not reach it until it comes back.
        #expect(screen.contains("Notes") && screen.contains("not told: holds cou1's"))
        #expect(m.hints == ["Enter confirm", "Esc cancel"])
        m.press("y")
        #expect(m.confirmation == nil && m.device.state == .checkedIn)
        #expect(m.actionLog.last?.action == .enterpriseWipe)
    }

    @Test func noAndEscapeLeaveEverythingAsItWas() {
        for answer in ["n", "<Esc>"] {
            var m = Self.ws1CheckedOut()
            let before = m.actionLog.count
            m.press("<C-x>")
            m.press(answer)
            #expect(m.confirmation == nil && m.device.state == .checkedOut("cou1"))
            #expect(m.actionLog.count == before)
        }
    }

    @Test func theQuestionIsModal() {
        var m = Self.ws1CheckedOut()
        m.press("<C-x>o<F2><Tab>q")
        #expect(m.device.online && m.view == .panes && m.focus == .hub)
        #expect(m.confirmation?.action == .enterpriseWipe)
        // A click on the status line's connectivity button does nothing either.
        #expect(m.click { $0 == .command(.toggleOnline) })
        #expect(m.device.online)
    }

    @Test func stepModeAndTheFlagSkipTheQuestion() {
        var stepping = Self.ws1CheckedOut()
        stepping.press("p<C-x>")
        #expect(stepping.confirmation == nil && stepping.device.state == .checkedIn)
        var qa = Self.ws1CheckedOut()
        qa.confirmsActions = false
        qa.press("<C-x>")
        #expect(qa.confirmation == nil && qa.device.state == .checkedIn)
    }

    @Test func anOfflineWipeIsRefusedWithoutAQuestion() {
        var m = Self.ws1CheckedOut()
        m.press("o<C-x>")
        #expect(m.confirmation == nil && m.device.state == .checkedOut("cou1"))
        #expect(m.notice?.kind == .error)
    }

    @Test func aQuestionAboutAStateTheDeviceLeftIsDropped() {
        var m = Self.ws1CheckedOut()
        m.press("<C-x>")
        _ = m.handle(.tick(m.device.secondsUntilInactivityLock! + 1))
        #expect(m.device.state == .locked("cou1"))
        #expect(m.confirmation == nil)
    }

    @Test func wOnAPaneSignsThatAppOutThroughTheBrowserAfterTheForecast() {
        var m = Self.entraSignedIn()
        #expect(m.focus == .pane("chat"))
        m.press("w")
        #expect(m.device.state == .checkedOut("cou1"))
        let screen = m.screen()
        #expect(screen.contains("Sign cou1 out of every app?"))
        #expect(screen.contains("through the browser (signoutFromBrowser)"))
        #expect(screen.contains("gets SHARED_MODE_CURRENT_ACCOUNT_CHANGED"))
        m.press("<Enter>")
        #expect(m.device.state == .checkedIn)
        #expect(m.device.log.entries.contains { $0.text.contains("signoutFromBrowser") })
        #expect(m.device.log.entries.contains { $0.text.contains("global sign-out from chat") })
    }

    @Test func uOnAPaneAndTheBrokerSignOutAskToo() {
        var pane = Self.entraSignedIn()
        pane.press("u")
        #expect(pane.confirmation?.kind == .device(.signOut(from: .app("chat"), browser: false)))
        #expect(pane.confirmation?.place == .pane("chat") && pane.confirmation?.askedIn == .checkedOut)
        pane.press("y")
        #expect(pane.device.state == .checkedIn)
        #expect(!pane.device.log.entries.contains { $0.text.contains("signoutFromBrowser") })

        var broker = Self.entraSignedIn()
        broker.press("h<Enter>")
        #expect(broker.confirmation?.action == .signOut(from: .broker, browser: false))
        #expect(broker.screen().contains("Global sign-out from the broker"))
        broker.press("<Esc>")
        #expect(broker.device.state == .checkedOut("cou1") && broker.page == .brokerSignedIn)
        // The broker's own box still chooses the browser for its sign-out.
        broker.press("w<Enter>")
        #expect(broker.confirmation?.action == .signOut(from: .broker, browser: true))
    }

    @Test func theHubLogOutIsTheSameDialogAndGoesBackToTheMenu() {
        var m = Self.ws1CheckedOut()
        m.confirmsActions = false   // the Hub's own confirmation asks even so
        m.press("m<Enter>")
        #expect(m.page == .logoutConfirm && m.screen().contains("Log out cou1?"))
        m.press("<Esc>")
        #expect(m.page == .logoutMenu)
        m.press("<Enter>y")
        #expect(m.device.state == .checkedIn)
    }
}

/// Quitting (Docs/decisions.md, "Confirmations"): a single `q` never ends a walk.
@Suite struct QuitTests {
    @Test func aFreshDeviceQuitsAtOnce() {
        var m = Fixtures.model()
        #expect(m.handle(.key(.function(10))) == .quit)
    }

    @Test func midWalkQuittingAsksFirst() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        #expect(m.handle(.key(.function(10))) == .none)
        #expect(m.confirmation?.kind == .quit)
        #expect(m.screen().contains("Quit hubsim?") && m.screen().contains("The device is saved as it is"))
        m.press("n")
        #expect(m.confirmation == nil)
        m.keepsDevice = false
        _ = m.handle(.key(.function(10)))
        #expect(m.screen().contains("--ephemeral: quitting ends the walk"))
        #expect(m.handle(.key(.char("y"))) == .quit)
    }

    /// Found by the random walk: F10 in help once opened the question under help, and neither
    /// took a key (help takes only its own, the dialog only yes and no).
    @Test func quittingFromHelpAsksInsteadOfHelp() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.press("<F1>")
        #expect(m.helpOpen)
        #expect(m.handle(.key(.function(10))) == .none)
        #expect(!m.helpOpen && m.confirmation?.kind == .quit)
        #expect(m.screen().contains("Quit hubsim?"))
        m.press("<Esc>")
        #expect(m.confirmation == nil && !m.helpOpen)
    }

    /// Found by the random walk: a click on a form label under the dialog moved the form's
    /// cursor, so the next keys went into another field than the person saw last.
    @Test func theQuestionIsModalForTheMouseToo() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.press("FRONTLINE<Enter>")
        let lines = m.render(width: 80, height: 24).grid.lines
        let groupLabel = lines.firstIndex { $0.hasPrefix("│Group ID") }!
        let paneTitle = lines.firstIndex { $0.contains("Notes") && $0.contains("┌") }!
        m.press("<C-x>")
        #expect(m.confirmation != nil)
        let (active, focus) = (m.form.active, m.focus)
        _ = m.handle(.mouse(MouseEvent(x: 3, y: groupLabel)))
        _ = m.handle(.mouse(MouseEvent(x: 78, y: paneTitle + 2)))
        #expect(m.form.active == active && m.focus == focus && m.confirmation != nil)
        let clicked = m.click(where: { $0 == .command(.back) })
        #expect(clicked)
        #expect(m.confirmation == nil && m.device.state == .checkedIn)
    }

    @Test func textTypedIntoAFormCountsAsAWalk() {
        var m = Fixtures.model()
        m.press("FRONT")
        #expect(m.handle(.key(.function(10))) == .none && m.confirmation?.kind == .quit)
    }

    @Test func withoutConfirmationsQuitIsImmediate() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.confirmsActions = false
        #expect(m.handle(.key(.function(10))) == .quit)
    }

    @Test func typeAheadDuringTheProgressScreenIsKeptForTheLockScreen() {
        var m = Fixtures.model()
        m.press("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        #expect(m.page == .installing)
        // A person types the lock screen's answers while apps are pushed, with a q among them.
        m.press("FRONTLINE<Enter>cou1<Enter>qq<Bksp><Bksp>cou1<Enter>")
        #expect(m.confirmation == nil && m.hubColumn.typeAhead.count == 24)
        #expect(m.screen().contains("Typed ahead: 24 keys, kept"))
        var ticks = 0
        while m.page == .installing && ticks < 100 { _ = m.handle(.tick(0.4)); ticks += 1 }
        #expect(m.hubColumn.typeAhead.isEmpty)
        #expect(m.device.state == .checkedOut("cou1"))
    }
}

/// The inactivity lock (Docs/decisions.md): after an offline unlock the device switched back to the app, and so does the screen.
@Suite struct OfflineUnlockTests {
    @Test func theScreenFollowsTheDeviceBackToTheApp() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab><Tab><Tab>l")   // inventory, the third pane
        #expect(m.device.foreground == .app("inventory"))
        m.press("<F6><F4>")   // letters type into the unlock prompt, so F4 goes offline
        #expect(m.device.state == .locked("cou1") && m.focus == .hub && !m.device.online)
        m.press("cou1<Enter>")
        #expect(m.device.log.entries.contains { $0.text.contains("switched back to inventory") })
        #expect(m.device.state == .checkedOut("cou1"))
        #expect(m.focus == .pane("inventory"))
    }
}
