@testable import SessionEngine
import Testing

/// Delivery faults reach a developer's program as they reach a catalogue app: through the
/// app port's requests, returned as effects (Docs/bridge-protocol.md). Callback faults are refused for a program,
/// whose callbacks are its own code (Docs/faults.md).
@Suite struct FaultsProgramTests {
    @Test func aProgramGetsADuplicatedNotificationTwice() {
        var d = AppPortTests.staged(.entraIOS, AppPortTests.msalApp)
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.launch("mine"); _ = d.background("mine")
        _ = AppPortTests.answerAll(&d)
        _ = d.armFault(InjectedFault(.duplicate), on: "mine")
        _ = d.signOut()
        #expect(AppPortTests.answerAll(&d) == [accountChanged, accountChanged])
        #expect(d.faultEffects.map(\.consequence) == ["mine got \(accountChanged) twice; after the second, mine holds nobody else's readable data"])
    }

    @Test func aProgramNeverGetsADroppedNotification() {
        var d = AppPortTests.staged(.entraIOS, AppPortTests.msalApp)
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.launch("mine"); _ = d.background("mine")
        _ = AppPortTests.answerAll(&d)
        _ = d.call(.put(key: "orders", owner: "cou1", protection: .plain, text: "cou1's orders"), from: "mine")
        _ = d.armFault(InjectedFault(.drop), on: "mine")
        _ = d.signOut()
        #expect(AppPortTests.answerAll(&d) == [])
        #expect(d.faultEffects.map(\.consequence) == ["mine never gets \(accountChanged): mine still holds cou1's 1 item"])
        // The next notification reaches it: the fault was one-shot.
        _ = d.signIn(user: "cou2", password: "cou2")
        #expect(AppPortTests.answerAll(&d) == [accountChanged])
    }

    @Test func aDelayedWorkspaceOneCallbackReachesTheProgramWhenItsTimeComes() {
        var d = AppPortTests.staged(.workspaceOne, AppPortTests.wsApp)
        _ = d.checkOut("cou1"); _ = d.launch("mine"); _ = AppPortTests.answerAll(&d)
        _ = d.background("mine"); _ = AppPortTests.answerAll(&d)
        _ = d.logOut(); _ = d.checkOut("cou2")
        _ = d.armFault(InjectedFault(.delay, seconds: 10), on: "mine")
        _ = d.launch("mine")
        #expect(AppPortTests.answerAll(&d) == ["foreground"])
        _ = d.advanceClock(by: 10)
        #expect(AppPortTests.answerAll(&d) == [wipe, userChange])
    }

    @Test func callbackFaultsAreRefusedForAProgram() {
        var d = AppPortTests.staged(.workspaceOne, AppPortTests.wsApp)
        for kind in [FaultKind.crashInCallback, .slowCallback] {
            let refused = d.armFault(InjectedFault(kind), on: "mine")
            #expect(refused.failureTag == "fault-not-applicable")
            #expect(refused.failureText == "Cannot arm \(kind.rawValue): mine is your own program: make its callback crash or wait in its code; arm drop, delay, duplicate or reorder.")
        }
        #expect(d.armedFaults.isEmpty)
    }
}
