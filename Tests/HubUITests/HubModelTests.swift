import HubUI
import SessionEngine
import Testing

@Suite struct HubModelTests {
    @Test func enrollmentAnimatesOneStepPerIntervalAndSettles() {
        var m = Fixtures.model()
        m.press("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        guard case let .enrolling(p0) = m.device.state else { Issue.record("not enrolling"); return }
        _ = m.handle(.tick(0.35))
        guard case let .enrolling(p1) = m.device.state else { Issue.record("not enrolling"); return }
        #expect(p1.completed == p0.completed)
        _ = m.handle(.tick(0.05))
        guard case let .enrolling(p2) = m.device.state else { Issue.record("not enrolling"); return }
        #expect(p2.completed == p0.completed + 1)
        #expect(m.page == .installing)
        m.settle()
        #expect(m.device.state == .checkedIn && m.page == .lockScreen)
        #expect(m.actionLog.map(\.action.name) == ["enroll", "installProfileStep", "completeEnrollment"])
    }

    @Test func clockTicksFollowWallTimeAndMergeInTheActionLog() {
        var m = Fixtures.model()
        for _ in 0..<3 { _ = m.handle(.tick(0.25)) }
        #expect(m.actionLog.isEmpty && m.device.now == .shiftStart)
        for _ in 0..<117 { _ = m.handle(.tick(0.25)) }
        #expect(m.actionLog.count == 1)
        #expect(m.device.now == SimInstant.shiftStart.adding(seconds: 30))
        if case let .advanceClock(s) = m.actionLog[0].action { #expect(s == 30) } else { Issue.record("not a clock action") }
        // Replaying the merged log reaches the same clock.
        var replay = Fixtures.device()
        for a in m.actionLog { _ = replay.apply(a.action) }
        #expect(replay.now == m.device.now)
        #expect(m.revision == 30)
        m.press("<F5>")   // a warp is its own action, and the next tick starts a new one
        _ = m.handle(.tick(1))
        #expect(m.actionLog.map(\.action) == [.advanceClock(seconds: 30), .advanceClock(seconds: 60), .advanceClock(seconds: 1)])
    }

    @Test func revisionCountsDeviceChangesOnly() {
        var m = Fixtures.model()
        m.press("<Tab><F1><Esc>FRONT")
        #expect(m.revision == 0 && m.actionLog.isEmpty)
        m.press("<F4>")
        #expect(m.revision == 1 && !m.device.online)
    }

    @Test func checkpointsMarkPositionsInTheActionLog() {
        var m = Fixtures.model()
        m.press("<F9>")
        m.enrollThroughUI()
        m.press("<F9>")
        #expect(m.checkpoints == [0, m.actionLog.count])
        #expect(m.notice?.text.contains("Checkpoint 2") == true)
    }

    @Test func refusalsAreShownInPlaceWithAttemptsLeft() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.press("frontline<Enter>cou1<Enter>bad<Enter>")
        #expect(m.notice?.text == Refusal.wrongCredentials(attemptsLeft: 4).description)
        #expect(m.screen().contains("Attempts left for cou1: 4 of 5"))
        #expect(m.form.activeField?.id == .password && m.form.field(.password)?.isEmpty == true)
        m.press("<F4>cou1<Enter>")
        #expect(m.notice?.text == Refusal.offline("check-out").description)
    }

    @Test func secretsAreMaskedAndNeverDrawnOrDumped() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.press("FRONTLINE<Enter>cou1<Enter>zq8Xw")
        let text = m.screen()
        #expect(!text.contains("zq8Xw"))
        #expect(text.contains("•••••"))
        var dumped = ""
        dump(m, to: &dumped)
        #expect(!dumped.contains("zq8Xw"))
        m.press("<Enter>")
        #expect(!String(describing: m.actionLog).contains("zq8Xw"))
    }

    @Test func passcodeIsAskedAfterTheCredentialsPassThenUnlocks() {
        var m = Fixtures.model(strict: true)
        m.enrollThroughUI(group: "WAREHOUSE")
        m.press("WAREHOUSE<Enter>cou1<Enter>cou1<Enter>")
        #expect(m.form.activeField?.id == .passcode)
        #expect(m.device.attempts(of: "cou1").left == 5)
        m.press("12<Enter>")
        #expect(m.notice?.text == Refusal.passcodeTooShort(minLength: 4).description)
        #expect(m.form.field(.password)?.count == 4)
        m.press("1234<Enter>")
        #expect(m.device.state == .checkedOut("cou1"))
        m.press("<F6>")
        #expect(m.device.state == .locked("cou1") && m.page == .unlock)
        #expect(m.form.fields.map(\.id) == [.passcode])
        m.press("m<Enter>")  // letters type: no menu while the unlock field has focus
        #expect(m.device.state == .locked("cou1"))
        m.press("1234<Enter>")
        #expect(m.device.state == .checkedOut("cou1"))
    }

    @Test func aSingleUserDeviceWarnsAndRefusesLogOut() {
        var m = Fixtures.model(strict: true)
        m.press("WAREHOUSE<Enter>kiosk<Enter>kiosk<Enter>")
        m.settle()
        m.checkOutThroughUI(user: "cou1", group: "WAREHOUSE", passcode: "2468")
        #expect(m.device.state == .checkedOut("cou1"))
        m.press("m")
        #expect(m.screen().contains("Single User Device"))
        m.press("<Enter>y")
        #expect(m.device.state == .checkedOut("cou1"))
        #expect(m.notice?.text == Refusal.singleUserDevice("cou1").description)
    }

    @Test func escapeStepsBack() {
        var m = Fixtures.model()
        m.press("GROUP<Enter>stage")
        #expect(m.form.active == 1)
        m.press("<Esc>")
        #expect(m.form.active == 0 && m.form.field(.user)?.text == "stage")
        m.press("<Esc>")
        #expect(m.form.field(.group)?.isEmpty == true && m.form.field(.user)?.isEmpty == true)
        var h = Screens.logoutConfirm()
        h.press("<Esc>")
        #expect(h.page == .logoutMenu)
        h.press("<Esc>")
        #expect(h.page == .home)
    }

    @Test func stepModeHoldsAndReleasesDeliveries() {
        var m = Screens.stepModeHeld()
        #expect(m.device.heldDeliveries.count == 2)
        #expect(m.screen().contains("Step mode: 2 held"))
        m.press("n")
        #expect(m.device.heldDeliveries.count == 1)
        m.press("p")
        #expect(m.device.deliveryMode == .immediate && m.device.heldDeliveries.isEmpty)
    }

    @Test func entraSignInFromAnAppAndSignOutThroughTheBrowser() {
        var m = Fixtures.model(.entraIOS)
        m.enrollThroughUI()
        // Mail uses the identity SDK (ADAL cross-app single sign-on on iOS): its interactive request goes through the
        // Authenticator, and under shared device mode that sign-in is the device's.
        m.press("<Tab><Tab>i")
        #expect(m.focus == .hub && m.page == .tokenPrompt && m.device.pendingTokenRequest?.isGlobalSignIn == true)
        m.press("cou1<Enter>cou1<Enter>")
        #expect(m.device.state == .checkedOut("cou1"))
        #expect(m.actionLog.last?.action == .completeTokenRequest(user: "cou1", password: "cou1"))
        #expect(m.focus == .pane("mail"), "back from the broker, Mail has the keyboard")
        m.press("w<Enter>")   // sign out through the browser, after its forecast
        #expect(m.actionLog.last?.action == .signOut(from: .app("mail"), browser: true))
        #expect(m.device.state == .checkedIn)

        // An app without the identity SDK still signs in the old way (`i`, sign in here).
        m.press("<Esc><S-Tab>i")
        #expect(m.focus == .hub && m.entra.signInSource == .app("forms"))
        m.press("cou1<Enter>cou1<Enter>")
        #expect(m.actionLog.last?.action == .signIn(user: "cou1", password: "cou1", from: .app("forms")))
    }

    @Test func eventLogAndHelpScroll() {
        var m = Screens.eventLog()
        let newest = m.screen()
        #expect(newest.contains("log out: cou1 checked the device in"))
        m.press("<PgUp>")
        #expect(m.screen() != newest)
        m.press("<Home>")
        #expect(m.screen().contains("enroll: stage"))
        m.press("<End>")
        #expect(m.screen() == newest)
        m.press("<F1>")
        let top = m.screen()
        m.press("<PgDn>")
        #expect(m.screen() != top && m.screen().contains("quit"))
        m.press("<Esc>")
        #expect(!m.helpOpen && m.view == .eventLog)
        m.press("<Esc>")
        #expect(m.view == .panes)
    }

    @Test func tooSmallScreenRecoversWhenEnlarged() {
        var m = Screens.home()
        _ = m.handle(.resize(width: 79, height: 30))
        #expect(m.screen().contains("terminal too small (79x30, need 80x24)"))
        #expect(m.handle(.key(.char("l"))) == .none)
        _ = m.handle(.resize(width: 100, height: 30))
        #expect(m.screen().contains("Checked out to cou1"))
        // Mid-walk, quitting asks first.
        #expect(m.handle(.key(.function(10))) == .none && m.confirmation?.kind == .quit)
        #expect(m.handle(.key(.enter)) == .quit)
    }

    @Test func aThousandAppsRenderOnlyWhatFits() {
        var m = Screens.manyApps()
        _ = m.handle(.resize(width: 200, height: 60))
        let frame = m.render(width: 200, height: 60)
        let text = frame.grid.text
        // Beside the Hub column, 6 columns of 8 panes fit: the first 47 apps and the summary
        // tile for the other 953 (what it costs: FrameCostTests, `hubsim-bench frames`).
        let apps = m.device.apps
        #expect(FrameCostTests.panesDrawn(frame) == apps.prefix(47).map(\.id))
        #expect(text.contains("953 more apps") && text.contains("Showing 1–47 of 1000"))
        // The tile counts the hidden apps by lifecycle: none of them was launched.
        #expect(text.contains("not running: 953"))
    }
}

@Suite struct LayoutTests {
    @Test func everyScreenLaysOutAtManySizes() {
        let sizes = [(80, 24), (81, 25), (99, 30), (100, 24), (133, 41), (200, 60), (80, 70), (300, 24), (0, 0), (1, 1), (79, 23)]
        for m in Contexts.models {
            for (w, h) in sizes {
                let grid = m.render(width: w, height: h).grid
                #expect(grid.width == w && grid.height == h)
                for line in grid.lines { #expect(TextWidth.of(line) == w) }
                if w >= 80 && h >= 24 {
                    #expect(grid.lines[0].contains(m.device.profile.id.rawValue), "status line at \(w)x\(h)")
                    #expect(grid.lines[h - 1].contains("F1 help") || grid.lines[h - 1].contains("close help") || m.hints.first.map { grid.lines[h - 1].contains($0) } == true)
                }
            }
        }
    }
}

@Suite struct FrameEconomyTests {
    func changedCells(_ a: Frame, _ b: Frame) -> Int {
        zip(a.grid.cells, b.grid.cells).filter { $0 != $1 }.count
    }

    @Test func aMaskedKeystrokeChangesOneCell() {
        var m = Screens.lockScreenRefusal()     // password field active, refusal shown
        let before = m.render(width: 80, height: 24)
        m.press("x")
        let after = m.render(width: 80, height: 24)
        #expect(changedCells(before, after) == 1)
        #expect(after.cursor!.x == before.cursor!.x + 1)
    }

    @Test func idleTicksBelowASecondChangeNothing() {
        var m = Screens.home()
        let before = m.render(width: 80, height: 24)
        // Each idle tick tells the terminal layer it need not render at all.
        let idle = (0..<3).map { _ in m.handle(.tick(0.25)) }
        #expect(idle == [.unchanged, .unchanged, .unchanged])
        #expect(m.render(width: 80, height: 24) == before)
        let clock = m.device.now
        #expect(m.handle(.tick(0.25)) == TerminalRequest.none)
        #expect(m.device.now.seconds(since: clock) == 1)
        let after = m.render(width: 80, height: 24)
        // The second ticks over: the simulator clock moved, but the home shows minutes
        // (Docs/performance.md: the clock, the session length, the time to the lock): not a cell changes.
        #expect(changedCells(before, after) == 0)
    }
}
