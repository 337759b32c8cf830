@testable import SessionEngine
import Testing

/// The app port (Docs/bridge-protocol.md): a developer's program is told the same events in
/// the same order as a catalogue app, as requests it awaits; its calls are answered by the
/// device's rules; its answers, hangs and exits come back as engine events. The bridge's
/// part (processes, JSON) is tested in AppBridgeTests; here the test plays the program.
@Suite struct AppPortTests {
    static let wsApp = AppDefinition(id: "mine", name: "Mine", sdk: .workspaceOne(.none),
                                     external: ExternalProgram(exec: ["python3", "mine.py"]))
    static let msalApp = AppDefinition(id: "mine", name: "Mine", sdk: .msal(MSALTraits(
        backgroundCapability: true, listensForNotification: true, checksAccountOnForeground: false)),
        external: ExternalProgram(exec: ["python3", "mine.py"]))

    static func staged(_ profile: DeviceProfile, _ app: AppDefinition) -> SharedDevice {
        var d = SharedDevice(profile: profile, tenant: Fixtures.tenant, apps: [app], dependencies: Fixtures.dependencies())
        _ = d.enroll(group: profile.id == .workspaceOne ? "FRONTLINE" : nil, user: "stage", password: "stage")
        _ = d.completeEnrollment()
        return d
    }

    /// The events the program is sent, by name, and answers them all.
    static func answerAll(_ d: inout SharedDevice) -> [String] {
        let taken = d.awaitedRequests
        for r in taken { d.appAnswered(r.app, serial: r.serial) }
        return taken.map(\.event.name)
    }

    @Test func aWorkspaceOneProgramIsToldTheCallbacksInTheSDKsOrder() {
        var d = Self.staged(.workspaceOne, Self.wsApp)
        #expect(d.checkOut("cou1").isSuccess)
        #expect(d.launch("mine").isSuccess)
        // Sent: the app awaits its answers (the bridge sends them; here the test plays the program).
        #expect(d.app("mine")!.process?.awaiting.map(\.event.name) == ["cold launch", initialOK])
        #expect(Self.answerAll(&d) == ["cold launch", initialOK])
        #expect(d.app("mine")!.process?.awaiting == [])
        // The simulator does not play the program: no items, no user of its own.
        #expect(d.app("mine")!.storage.isEmpty && d.app("mine")!.currentUser == nil)
        #expect(d.call(.put(key: "orders", owner: "cou1", protection: .sdk, text: "3 orders"), from: "mine") == .success(.stored(key: "orders")))
        #expect(d.call(.show(user: "cou1", items: ["orders"], lines: ["cou1's orders"]), from: "mine") == .success(.done))
        #expect(d.visibleItems(of: d.app("mine")!).map(\.text) == ["3 orders"])
        #expect(d.background("mine").isSuccess)
        #expect(Self.answerAll(&d) == ["background"])
        #expect(d.logOut().isSuccess)
        #expect(d.checkOut("cou2").isSuccess)
        #expect(d.launch("mine").isSuccess)
        // Two cycles since it last ran: one wipe, one user change, after the resume.
        #expect(Self.answerAll(&d) == ["foreground", wipe, userChange])
        // The SDK deleted its key before the wipe callback: what was sealed cannot be read back.
        #expect(d.call(.get(key: "orders"), from: "mine").failureCode == .unreadable)
    }

    /// The program's own work may land a simulated second after the callbacks (the Hub's clock
    /// runs while it works): the verdict is still what it was told, `received`.
    @Test func aProgramsLaterCallsDoNotHideWhatItWasTold() {
        var d = Self.staged(.workspaceOne, Self.wsApp)
        _ = d.checkOut("cou1")
        _ = d.launch("mine")
        _ = Self.answerAll(&d)
        _ = d.background("mine")
        _ = Self.answerAll(&d)
        _ = d.logOut()
        _ = d.checkOut("cou2")
        _ = d.launch("mine")
        let taken = d.awaitedRequests
        _ = d.advanceClock(by: 1)
        _ = d.call(.retrieveUserInfo, from: "mine")
        _ = d.call(.put(key: "orders", owner: "cou2", protection: .sdk, text: "cou2's orders"), from: "mine")
        _ = d.call(.show(user: "cou2", items: ["orders"], lines: []), from: "mine")
        for r in taken { d.appAnswered(r.app, serial: r.serial) }
        let verdict = d.verdict(of: d.app("mine")!)
        #expect(verdict.kind == .received, "\(verdict.sentence)")
        #expect(verdict.via == [wipe, userChange])
    }

    @Test func aProgramThatKeepsAPlainCopyAndIgnoresTheWipeLeaks() {
        var d = Self.staged(.workspaceOne, Self.wsApp)
        _ = d.checkOut("cou1")
        _ = d.launch("mine")
        _ = Self.answerAll(&d)
        _ = d.call(.put(key: "offline", owner: "cou1", protection: .plain, text: "cou1's orders"), from: "mine")
        _ = d.call(.show(user: "cou1", items: ["offline"], lines: []), from: "mine")
        _ = d.logOut()
        _ = d.checkOut("cou2")
        _ = d.launch("mine")
        // Judged once it has answered: while it handles the wipe, it is redrawing.
        let taken = d.awaitedRequests
        #expect(d.findings.allSatisfy { $0.severity != .visibleLeak })
        for r in taken { d.appAnswered(r.app, serial: r.serial) }  // answers the wipe, deletes nothing
        let leak = d.findings.first { $0.app == "mine" && $0.severity == .visibleLeak }
        #expect(leak?.owners == ["cou1"])
        #expect(d.verdict(of: d.app("mine")!).kind == .leak)
    }

    /// The SDK's key protects what is stored, not what the process holds and shows: a program
    /// that showed cou1's orders sealed under the SDK's key and does not redraw at the
    /// foreground shows them to cou2, and the leak's line names the key and the event.
    @Test func anSDKSealedItemStillOnTheScreenLeaksAtTheForeground() {
        var d = Self.staged(.workspaceOne, Self.wsApp)
        _ = d.checkOut("cou1")
        _ = d.launch("mine")
        _ = Self.answerAll(&d)
        _ = d.call(.put(key: "orders-cou1", owner: "cou1", protection: .sdk, text: "cou1's orders"), from: "mine")
        _ = d.call(.show(user: "cou1", items: ["orders-cou1"], lines: []), from: "mine")
        _ = d.background("mine")
        _ = Self.answerAll(&d)
        _ = d.logOut()
        _ = d.checkOut("cou2")
        _ = d.launch("mine")
        let taken = d.awaitedRequests
        #expect(taken.map(\.event.name) == ["foreground", wipe, userChange])
        // It answers the foreground without drawing: the SDK's key is gone, the screen is not. The
        // leak's line names the event as the bridge named it to the program.
        d.appAnswered("mine", serial: taken[0].serial, method: "app/foreground")
        #expect(d.call(.get(key: "orders-cou1"), from: "mine").failureCode == .unreadable)
        let leak = d.findings.first { $0.app == "mine" && $0.severity == .visibleLeak }
        #expect(leak?.owners == ["cou1"] && leak?.currentUser == "cou2")
        #expect(d.visibleItems(of: d.app("mine")!).map(\.text) == ["cou1's orders"])
        #expect(d.log.entries.filter { $0.kind == .leak }.last?.text == "LEAK: mine shows cou1's 'orders-cou1' to cou2 after answering app/foreground")
        // At the wipe it deletes the item and draws nothing: the leak is over.
        _ = d.call(.delete(key: "orders-cou1"), from: "mine")
        _ = d.call(.show(user: nil, items: [], lines: []), from: "mine")
        d.appAnswered("mine", serial: taken[1].serial)
        #expect(d.findings.allSatisfy { $0.severity != .visibleLeak })
    }

    /// A screen names stored items only: a key the app keeps nothing under is refused in one
    /// line and the screen stays; an item deleted after it was shown stays on the screen.
    @Test func aScreenShowsStoredItemsAndKeepsWhatItShowed() {
        var d = Self.staged(.workspaceOne, Self.wsApp)
        _ = d.checkOut("cou1")
        _ = d.launch("mine")
        _ = Self.answerAll(&d)
        let refused = d.call(.show(user: "cou1", items: ["never-stored"], lines: []), from: "mine")
        #expect(refused.failureCode == .invalidParams)
        if case let .failure(error) = refused {
            #expect(error.message == "screen/show: the app keeps no item 'never-stored': store it (storage/put) before showing it")
        }
        #expect(d.app("mine")!.process?.screen == nil)
        _ = d.call(.put(key: "orders", owner: "cou1", protection: .plain, text: "cou1's orders"), from: "mine")
        #expect(d.call(.show(user: "cou1", items: ["orders"], lines: []), from: "mine") == .success(.done))
        _ = d.call(.delete(key: "orders"), from: "mine")
        #expect(d.visibleItems(of: d.app("mine")!).map(\.item.id) == ["orders"])
    }

    @Test func entraTellsOnlyARunningListenerAndAnswersGetCurrentAccount() {
        var d = Self.staged(.entraIOS, Self.msalApp)
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.launch("mine")
        #expect(Self.answerAll(&d) == ["cold launch"])  // its own code calls getCurrentAccount, or not
        #expect(d.call(.getCurrentAccount, from: "mine") == .success(.accounts(current: "cou1", previous: nil)))
        #expect(d.call(.getDeviceInformation, from: "mine") == .success(.deviceInformation(mode: "shared")))
        _ = d.background("mine")
        _ = Self.answerAll(&d)
        _ = d.signOut()
        #expect(Self.answerAll(&d) == [accountChanged])
        _ = d.suspend("mine")
        _ = Self.answerAll(&d)
        _ = d.signIn(user: "cou2", password: "cou2")
        #expect(Self.answerAll(&d) == [])  // suspended: it misses the notification
        _ = d.launch("mine")
        #expect(Self.answerAll(&d) == ["foreground"])
        #expect(d.call(.getCurrentAccount, from: "mine") == .success(.accounts(current: "cou2", previous: "cou1")))
    }

    @Test func hungCrashedAndFaultedAreVerdictsAndTheDeviceGoesOn() {
        var d = Self.staged(.workspaceOne, Self.wsApp)
        _ = d.checkOut("cou1")
        _ = d.launch("mine")
        let taken = d.awaitedRequests
        d.appStarted("mine", pid: 4242)
        d.appAnswered("mine", serial: taken[0].serial)
        d.appHung("mine", serial: taken[1].serial)
        #expect(d.verdict(of: d.app("mine")!).sentence == "HUNG: no answer to \(initialOK)")
        let logOut = d.apply(.logOut)  // the device does not wait for the program
        #expect(logOut.outcome == .accepted)
        #expect(logOut.requests.map(\.event) == [.background])  // the Hub comes to the front
        d.appAnswered("mine", serial: taken[1].serial)
        // Answered at last, with the background still to answer: hung until it catches up.
        #expect(d.app("mine")!.process?.health == .hung(initialOK))
        d.appAnswered("mine", serial: logOut.requests[0].serial)
        #expect(d.app("mine")!.process?.health == .running)
        d.appExited("mine", status: "exit 3", lastLines: ["Traceback", "boom\u{1B}[2J"], expected: false)
        #expect(d.app("mine")!.lifecycle == .terminated)
        #expect(d.verdict(of: d.app("mine")!).sentence == "CRASHED: exit 3")
        #expect(d.app("mine")!.process?.health == .exited(status: "exit 3", lastLines: ["Traceback", "boom\\u{1B}[2J"]))
        _ = d.checkOut("cou2")
        _ = d.launch("mine")
        #expect(Self.answerAll(&d).first == "cold launch")  // the next launch is a cold start
        d.appFaulted("mine", reason: "a line over 1 MiB")
        #expect(d.verdict(of: d.app("mine")!).sentence == "FAULTED: a line over 1 MiB")
        #expect(d.app("mine")!.lifecycle == .terminated)
    }

    @Test func callsOutsideTheRulesAreOneLineErrors() {
        var d = Self.staged(.workspaceOne, Self.wsApp)
        #expect(d.call(.retrieveUserInfo, from: "mine").failureCode == .notSignedIn)
        #expect(d.call(.put(key: "a b", owner: nil, protection: .plain, text: "x"), from: "mine").failureCode == .invalidParams)
        #expect(d.call(.put(key: "k", owner: nil, protection: .plain, text: "bell\u{07}"), from: "mine").failureCode == .invalidParams)
        #expect(d.call(.put(key: "k", owner: "nobody", protection: .plain, text: "x"), from: "mine").failureCode == .invalidParams)
        #expect(d.call(.put(key: "k", owner: "cou1", protection: .user, text: "x"), from: "mine").failureCode == .refused)
        _ = d.checkOut("cou1")
        #expect(d.call(.retrieveUserInfo, from: "mine") == .success(.userInfo(userName: "cou1", groupID: "FRONTLINE", email: "")))
        #expect(d.call(.fetchApplicationAssignmentStatus, from: "mine") == .success(.assignment(isDeviceStagingEnabled: true, checkedOutUser: "cou1")))
        #expect(d.call(.delete(key: "missing"), from: "mine") == .success(.done))
    }

    /// `acquireToken` waits for the person: the answer is the prompt's outcome, a cancel
    /// included (its own code, so that a library can say `userCanceled`).
    @Test func anInteractiveTokenIsAnsweredByThePrompt() throws {
        var chat = try #require(Fixtures.catalogue.select(["chat"]).first)
        chat.external = ExternalProgram(exec: ["python3", "chat.py"])
        var d = Self.staged(.entraIOS, chat)
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.launch("chat")
        _ = Self.answerAll(&d)
        let asked = d.call(.acquireToken, from: "chat")
        #expect(asked == .success(.pending))
        #expect(d.interactiveTokenResult(of: "chat") == nil)
        _ = d.cancelTokenRequest()
        #expect(d.interactiveTokenResult(of: "chat")?.failureCode == .canceled)
    }

    @Test func lifecycleEventsFollowTheAppsLifecycle() {
        #expect(SharedDevice.lifecycleEvent(from: .notRunning, to: .foreground) == .launch)
        #expect(SharedDevice.lifecycleEvent(from: .terminated, to: .foreground) == .launch)
        #expect(SharedDevice.lifecycleEvent(from: .background, to: .foreground) == .foreground)
        #expect(SharedDevice.lifecycleEvent(from: .foreground, to: .suspended) == .suspend)
        #expect(SharedDevice.lifecycleEvent(from: .background, to: .terminated) == .terminate)
        #expect(SharedDevice.lifecycleEvent(from: .terminated, to: .terminated) == nil)
    }
}

private extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
}

extension Result where Failure == AppCallError {
    var failureCode: AppCallError.Code? { if case let .failure(e) = self { e.code } else { nil } }
}

@Suite struct RestoredProgramTests {
    @Test func aRestoredDeviceHasNoProcessForAProgramThatWasRunning() {
        var d = AppPortTests.staged(.workspaceOne, AppPortTests.wsApp)
        _ = d.checkOut("cou1")
        _ = d.launch("mine")
        _ = AppPortTests.answerAll(&d)
        var restored = SharedDevice(snapshot: d.snapshot, tenant: Fixtures.tenant, dependencies: Fixtures.dependencies())
        restored.programsEndedWithPreviousRun()
        #expect(restored.app("mine")!.lifecycle == .terminated)
        #expect(restored.foreground == .hub)
        #expect(restored.awaitedRequests.isEmpty)
        _ = restored.launch("mine")
        #expect(AppPortTests.answerAll(&restored) == ["cold launch", initialOK])
    }
}
