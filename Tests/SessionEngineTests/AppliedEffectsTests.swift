@testable import SessionEngine
import Testing

/// `apply` returns what the caller must perform beside the new state: the events an action
/// sent to developers' programs, in order, and nothing for an action that reaches none or is
/// refused. The engine keeps no queue of them: a program's events are the caller's to send.
@Suite struct AppliedEffectsTests {
    static func requests(_ applied: Applied) -> [String] { applied.requests.map { "\($0.app) \($0.event.name)" } }

    @Test func anActionThatReachesAProgramReturnsItsRequestsInOrder() {
        var d = AppPortTests.staged(.workspaceOne, AppPortTests.wsApp)
        _ = d.checkOut("cou1")
        let launch = d.apply(.launch("mine"))
        #expect(launch.result == .success(.lifecycle(.foreground)))
        #expect(Self.requests(launch) == ["mine cold launch", "mine \(initialOK)"])
        #expect(launch.requests.map(\.serial) == [1, 2])
        // Until the program answers, the app awaits them: the same requests, nothing else.
        #expect(d.app("mine")?.process?.awaiting == launch.requests)
        for r in launch.requests { d.appAnswered(r.app, serial: r.serial) }
        let background = d.apply(.background("mine"))
        #expect(Self.requests(background) == ["mine background"])
        #expect(background.requests.map(\.serial) == [3])
    }

    @Test func anActionThatReachesNoProgramReturnsNone() {
        var d = AppPortTests.staged(.workspaceOne, AppPortTests.wsApp)
        let checkOut = d.apply(.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil))
        #expect(checkOut.result == .success(.state(.checkedOut("cou1"))))
        #expect(checkOut.effects.isEmpty)  // the program is not running: it learns at its launch
        #expect(d.apply(.advanceClock(seconds: 1)).effects.isEmpty)
        #expect(d.app("mine")?.process == nil)
    }

    @Test func aRefusedActionReturnsNoEffects() {
        var d = AppPortTests.staged(.workspaceOne, AppPortTests.wsApp)
        _ = d.checkOut("cou1")
        let refused = d.apply(.background("mine"))
        #expect(refused.result == .failure(.appNotRunning("mine")))
        #expect(refused.outcome == .refused(.appNotRunning("mine")))
        #expect(refused.effects.isEmpty)
        #expect(d.app("mine")?.process == nil)
    }

    @Test func aSignOutReturnsTheNotificationForARunningListener() {
        var d = AppPortTests.staged(.entraIOS, AppPortTests.msalApp)
        _ = d.signIn(user: "cou1", password: "cou1")
        for r in d.apply(.launch("mine")).requests { d.appAnswered(r.app, serial: r.serial) }
        for r in d.apply(.background("mine")).requests { d.appAnswered(r.app, serial: r.serial) }
        let signOut = d.apply(.signOut(from: .broker, browser: false))
        #expect(signOut.result == .success(.signedOut(.notificationPosted)))
        #expect(Self.requests(signOut) == ["mine \(accountChanged)"])
    }

    /// What happened is in the typed result: the Hub says it without asking the action again.
    @Test func theResultSaysWhatHappened() {
        var ws = AppPortTests.staged(.workspaceOne, AppPortTests.wsApp)
        _ = ws.checkOut("cou1")
        #expect(ws.apply(.logOut).result == .success(.checkedIn(.checkedIn)))
        var entra = AppPortTests.staged(.entraIOS, AppPortTests.msalApp)
        _ = entra.signIn(user: "cou1", password: "cou1")
        guard case let .success(.configurationRemoved(_, stillSharedMode))? = Optional(entra.apply(.removeSharedDeviceConfiguration(.ssoExtension)).result) else {
            Issue.record("not removed")
            return
        }
        #expect(stillSharedMode)
    }

    /// A program's call that tells other programs returns their requests too, through the same
    /// primitive `apply` is built on (the bridge performs them with the rest).
    @Test func aProgramsCallReturnsTheRequestsItCaused() {
        var d = AppPortTests.staged(.entraIOS, AppPortTests.msalApp)
        _ = d.signIn(user: "cou1", password: "cou1")
        for r in d.apply(.launch("mine")).requests { d.appAnswered(r.app, serial: r.serial) }
        let (answer, sent) = d.sendingRequests { $0.call(.getCurrentAccount, from: "mine") }
        #expect(answer == .success(.accounts(current: "cou1", previous: nil)))
        #expect(sent.isEmpty)
    }

    /// After `app/terminate` the person launched the app again before the old process was seen
    /// to end: its end takes what the old process was sent, and leaves the new launch's events.
    @Test func anExpectedEndKeepsTheNextLaunchsRequests() {
        var d = AppPortTests.staged(.workspaceOne, AppPortTests.wsApp)
        _ = d.checkOut("cou1")
        for r in d.apply(.launch("mine")).requests { d.appAnswered(r.app, serial: r.serial) }
        let terminate = d.apply(.terminate("mine"))
        #expect(Self.requests(terminate) == ["mine terminate"])
        let relaunch = d.apply(.launch("mine"))
        #expect(relaunch.requests.first?.event == .launch)
        d.appExited("mine", status: "exit 0", lastLines: [], expected: true)
        #expect(d.app("mine")?.process?.awaiting == relaunch.requests)
        // An unexpected end takes everything: nobody is left to tell.
        d.appExited("mine", status: "exit 1", lastLines: [], expected: false)
        #expect(d.app("mine")?.process?.awaiting == [])
        #expect(!d.awaits(relaunch.requests[0]))
    }
}
