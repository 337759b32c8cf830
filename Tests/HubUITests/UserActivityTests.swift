import HubUI
import SessionEngine
import Testing

/// Keys and clicks that change nothing on the device still restart its inactivity timer,
/// and the action log records that once per instant, not once per keystroke.
@Suite struct UserActivityTests {
    static let timeout = Fixtures.device().policy.inactivityTimeout

    @Test func keysRestartTheInactivityTimerAsOneActionLogEntry() {
        var m = Screens.home()      // checked out, then +60 s: the timer has run a minute
        #expect(m.device.secondsUntilInactivityLock == Self.timeout - 60)
        let count = m.actionLog.count, revision = m.revision
        m.press("<Tab><Tab><S-Tab><S-Tab>m<Down><Up><Esc>")
        #expect(m.device.secondsUntilInactivityLock == Self.timeout)
        #expect(m.actionLog.count == count + 1)
        #expect(m.actionLog.last == AppliedAction(action: .userActivity, outcome: .accepted))
        #expect(m.revision == revision + 1)
    }

    @Test func activityAfterTheClockMovedIsANewEntryAndReplaysExactly() {
        var m = Screens.home()
        m.press("<Tab>")
        _ = m.handle(.tick(1))
        m.press("<S-Tab>q")
        #expect(m.actionLog.suffix(3).map(\.action) == [.userActivity, .advanceClock(seconds: 1), .userActivity])
        var replay = Fixtures.device()
        for a in m.actionLog { _ = replay.apply(a.action) }
        #expect(replay.now == m.device.now)
        #expect(replay.secondsUntilInactivityLock == m.device.secondsUntilInactivityLock)
    }

    @Test func aKeyThatAppliesAnActionAddsNoActivityEntry() {
        var m = Screens.home()
        let count = m.actionLog.count
        m.press("<F4><F4>")
        #expect(m.actionLog.map(\.action.name).suffix(from: count) == ["goOffline", "goOnline"])
    }

    @Test func noActivityWhileCheckedInLockedOrWithoutAnInactivityLock() {
        var staged = Fixtures.model()
        staged.enrollThroughUI()
        var count = staged.actionLog.count
        staged.press("FRONTLINE<Enter>cou1<Tab><Esc>")
        #expect(staged.actionLog.count == count)

        var locked = Screens.inactivityLock()
        count = locked.actionLog.count
        locked.press("cou<Bksp><Tab><S-Tab>")
        #expect(locked.actionLog.count == count)

        var entra = Screens.entraSignedIn()     // entra-ios has no inactivity lock
        count = entra.actionLog.count
        entra.press("<Tab><S-Tab>")
        #expect(entra.device.state.user != nil && entra.actionLog.count == count)
    }

    @Test func clicksCountButNotBelowTheMinimumSize() {
        var m = Screens.home()
        _ = m.handle(.tick(30))
        let count = m.actionLog.count
        _ = m.handle(.mouse(MouseEvent(x: 40, y: 3)))     // a pane: focus only
        _ = m.handle(.mouse(MouseEvent(x: 40, y: 3, button: .wheelDown)))
        #expect(m.device.secondsUntilInactivityLock == Self.timeout)
        #expect(m.actionLog.count == count + 1)
        _ = m.handle(.tick(5))
        _ = m.handle(.resize(width: 50, height: 10))
        let small = m.actionLog.count
        _ = m.handle(.mouse(MouseEvent(x: 10, y: 3)))
        m.press("x")
        #expect(m.actionLog.count == small)
    }
}
