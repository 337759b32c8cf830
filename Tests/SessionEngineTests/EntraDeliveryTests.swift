import Testing
@testable import SessionEngine

/// Entra shared device mode on iOS (000): global sign-in / sign-out and who receives
/// `SHARED_MODE_CURRENT_ACCOUNT_CHANGED`.
@Suite struct EntraDeliveryTests {
    @Test func registrationPutsTheDeviceInSharedDeviceMode() {
        var d = Fixtures.device(.entraIOS)
        #expect(d.enroll(group: nil, user: "stage", password: "stage").map(\.kind) == .success(.enrolling))
        #expect(d.completeEnrollment() == .success(.checkedIn))
        #expect(d.apps.map(\.id) == ["chat", "mail", "tasks", "roster", "till", "forms"])
        #expect(d.deviceMode == "shared")
        #expect(d.checkOut("cou1") == .failure(.notSupported(action: "check out", profile: .entraIOS)))
    }

    /// The delivery matrix: a listening MSAL app in each lifecycle, with and without the
    /// background capability. Only the foreground, or the background with the capability,
    /// receive the notification at once (000, "Receive broadcast…").
    @Test(arguments: [
        (AppLifecycle.foreground, false, true), (.foreground, true, true),
        (.background, true, true), (.background, false, false),
        (.suspended, true, false), (.suspended, false, false),
        (.notRunning, true, false), (.terminated, true, false),
    ])
    func deliveryMatrix(lifecycle: AppLifecycle, capability: Bool, receives: Bool) {
        let app = AppDefinition(id: "probe", name: "Probe", sdk: .msal(MSALTraits(
            backgroundCapability: capability, listensForNotification: true, checksAccountOnForeground: true)),
            userItems: ["Data of {user}"])
        for change in ["signIn", "signOut"] {
            var d = SharedDevice(profile: .entraIOS, tenant: Fixtures.tenant, apps: [app], dependencies: Fixtures.dependencies())
            _ = d.enroll(group: nil, user: "stage", password: "stage")
            _ = d.completeEnrollment()
            if change == "signOut" { _ = d.signIn(user: "cou1", password: "cou1") }
            var inbox = Inbox()
            switch lifecycle {
            case .foreground: _ = d.launch("probe")
            case .background: _ = d.launch("probe"); _ = d.background("probe")
            case .suspended: _ = d.launch("probe"); _ = d.suspend("probe")
            case .terminated: _ = d.launch("probe"); _ = d.terminate("probe")
            case .notRunning: break
            }
            #expect(d.app("probe")!.lifecycle == lifecycle)
            _ = inbox.take(d, "probe")
            let source: AccountSource = lifecycle == .foreground ? .app("probe") : .broker
            if change == "signIn" { _ = d.signIn(user: "cou1", password: "cou1", from: source) }
            else { _ = d.signOut(from: source) }
            #expect(inbox.take(d, "probe") == (receives ? [accountChanged] : []), "\(change) \(lifecycle) capability: \(capability)")
            let expectedUser: UserID? = change == "signIn" ? "cou1" : nil
            if receives {
                #expect(d.app("probe")!.currentUser == expectedUser)
                #expect(!d.isPending(d.app("probe")!))
            } else if lifecycle != .notRunning && !(change == "signIn" && lifecycle == .terminated) {
                // Missed it: the app still believes the old account until it checks.
                #expect(d.app("probe")!.currentUser != expectedUser || lifecycle == .terminated)
                _ = d.launch("probe")
                #expect(d.app("probe")!.currentUser == expectedUser)
            }
        }
    }

    @Test func theDefaultSetSideBySide() {
        var d = Fixtures.staged(.entraIOS, apps: ["chat", "mail", "tasks", "forms"])
        var inbox = Inbox()
        _ = d.launch("chat"); _ = d.launch("mail"); _ = d.launch("tasks"); _ = d.launch("forms")
        for id in ["chat", "mail", "tasks"] { _ = inbox.take(d, id) }
        #expect(d.signIn(user: "cou1", password: "cou1", from: .broker) == .success(.checkedOut("cou1")))
        #expect(inbox.take(d, "chat") == [accountChanged])
        #expect(inbox.take(d, "mail") == [])
        #expect(inbox.take(d, "tasks") == [])
        let missed = d.log.entries.filter { $0.kind == .delivery }.map(\.text)
        #expect(missed == ["mail missed SHARED_MODE_CURRENT_ACCOUNT_CHANGED (in the background without a background capability)",
                           "tasks missed SHARED_MODE_CURRENT_ACCOUNT_CHANGED (no listener registered)",
                           "forms missed SHARED_MODE_CURRENT_ACCOUNT_CHANGED (no SDK)"])
        _ = d.launch("mail")
        #expect(d.app("mail")!.log.last { $0.kind == .call }?.detail == "foreground → current: cou1, previous: nil")
        _ = d.launch("tasks")
        #expect(d.app("tasks")!.currentUser == nil)  // never checks on foreground
    }

    @Test func aListenerInTheForegroundReceivesTheNotification() {
        var d = Fixtures.staged(.entraIOS, apps: ["chat", "mail"])
        var inbox = Inbox()
        _ = d.launch("mail")
        _ = inbox.take(d, "mail")
        _ = d.signIn(user: "cou1", password: "cou1", from: .app("mail"))
        #expect(inbox.take(d, "mail") == [accountChanged])
        #expect(d.app("mail")!.currentUser == "cou1")
        #expect(d.app("mail")!.log.contains { $0.name == "acquireToken" })
        _ = d.launch("chat")  // not running until now: a cold start reads the account
        #expect(d.app("chat")!.currentUser == "cou1")
        #expect(inbox.take(d, "chat") == [])
    }

    @Test func notRunningAppsMissItAndReadTheAccountWhenTheyStart() {
        var d = Fixtures.staged(.entraIOS)
        _ = d.signIn(user: "cou1", password: "cou1")
        // Every app missed it, and its own log says why: chat, mail, roster not running, tasks
        // and till do not listen, forms has no SDK.
        #expect(d.log.entries.filter { $0.kind == .delivery }.count == 6)
        #expect(d.apps.map { $0.log.last { $0.kind == .missed }?.detail }
                == ["not running", "not running", "no listener registered", "not running", "no listener registered", "no SDK"])
        _ = d.launch("tasks")
        #expect(d.app("tasks")!.currentUser == "cou1")
        #expect(d.app("tasks")!.log.last?.kind == .data)
    }

    @Test func tasksLeaksThePreviousUsersDataAndChatDoesNot() {
        var d = Fixtures.staged(.entraIOS)
        _ = d.signIn(user: "cou1", password: "cou1", from: .app("chat"))
        _ = d.launch("tasks")
        _ = d.launch("chat")
        #expect(d.app("chat")!.currentUser == "cou1" && d.app("tasks")!.currentUser == "cou1")
        _ = d.signOut(from: .app("chat"))
        #expect(d.app("chat")!.storage.allSatisfy { $0.owner == nil })
        _ = d.signIn(user: "cou2", password: "cou2", from: .broker)
        _ = d.launch("tasks")  // never checks on foreground: still cou1's tasks
        #expect(d.app("tasks")!.currentUser == "cou1")
        let leaks = d.findings.filter { $0.severity == .visibleLeak }
        #expect(leaks.map(\.app) == ["tasks"])
        #expect(leaks.first?.owners == ["cou1"] && leaks.first?.currentUser == "cou2")
        _ = d.launch("chat")
        #expect(d.app("chat")!.currentUser == "cou2")
        #expect(!d.findings.contains { $0.app == "chat" })
    }

    @Test func signOutFromBrowserLaunchesTheBrowserBrieflyAndReturns() {
        var d = Fixtures.staged(.entraIOS)
        _ = d.signIn(user: "cou1", password: "cou1", from: .app("mail"))
        #expect(d.signOut(from: .app("mail"), browser: true) == .success(.checkedIn))
        #expect(d.foreground == .app("mail"))
        #expect(d.log.entries.contains { $0.text == "signoutFromBrowser: the browser launched briefly to clear its session" })
        #expect(d.app("mail")!.currentUser == nil)
        #expect(d.currentAccount.previous == "cou1")
        #expect(d.snapshot.coverage["signOutFromBrowser"] == 1)
    }

    @Test func signInAndSignOutRefusals() {
        var d = Fixtures.staged(.entraIOS)
        #expect(d.signOut() == .failure(.notCheckedOut))
        _ = d.goOffline()
        #expect(d.signIn(user: "cou1", password: "cou1") == .failure(.offline("sign-in")))
        _ = d.goOnline()
        #expect(d.signIn(user: "cou1", password: "cou1", from: .app("nope")) == .failure(.unknownApp("nope", valid: ["chat", "mail", "tasks", "roster", "till", "forms"])))
        _ = d.signIn(user: "cou1", password: "cou1")
        #expect(d.signIn(user: "cou2", password: "cou2") == .failure(.alreadyCheckedOut("cou1")))
    }
}
