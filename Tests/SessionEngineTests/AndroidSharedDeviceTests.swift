import Testing
@testable import SessionEngine

/// Entra shared device mode on Android (Microsoft Learn, "Shared device mode for Android
/// devices" and its tutorial; MSAL for Android): the broker's `CURRENT_ACCOUNT_CHANGED` with its
/// `BROADCAST_TYPE` reaches only running apps whose receiver was registered at run time;
/// everyone else learns through `getCurrentAccountAsync`; `isSharedDevice()` is read once per
/// process; the account removed in Settings sends nothing; Intune clears what it is told to.
@Suite struct AndroidSharedDeviceTests {
    /// An MSAL app on Android with one item per user.
    static func app(_ id: AppID, receiver: BroadcastReceiverRegistration, checksOnForeground: Bool = true,
                    intuneClearsData: Bool = false) -> AppDefinition {
        AppDefinition(id: id, name: id, sdk: .msal(MSALTraits(backgroundCapability: false, listensForNotification: receiver != .none,
                                                             checksAccountOnForeground: checksOnForeground, receiver: receiver)),
                      userItems: ["Data of {user}"], intuneClearsData: intuneClearsData)
    }

    /// A registered device of `profile` (entra-android unless said) holding `apps`, signed in as cou1.
    static func signedIn(_ apps: [AppDefinition], profile: DeviceProfile = .entraAndroid) -> SharedDevice {
        var d = SharedDevice(profile: profile, tenant: Fixtures.tenant, apps: apps, dependencies: Fixtures.dependencies())
        #expect(d.enroll(group: nil, user: "stage", password: "stage").map(\.kind) == .success(.enrolling))
        #expect(d.completeEnrollment() == .success(.checkedIn))
        #expect(d.signIn(user: "cou1", password: "cou1") == .success(.checkedOut("cou1")))
        return d
    }

    /// The app log's entries after `mark` as `kind name detail` lines.
    static func appLines(_ d: SharedDevice, _ id: AppID, from mark: Int) -> [String] {
        d.app(id)!.log[mark...].map { "\($0.kind.rawValue) \($0.name)" + ($0.detail.isEmpty ? "" : " \($0.detail)") }
    }

    static func eventLines(_ d: SharedDevice, after mark: Int) -> [String] {
        d.log.entries(after: mark - 1).map(\.text)
    }

    @Test func aBackgroundAppWithARuntimeReceiverGetsGlobalSignOutAndClears() {
        var d = Self.signedIn([Self.app("probe", receiver: .runtime)])
        #expect(d.launch("probe") == .success(.foreground))
        #expect(d.app("probe")!.currentUser == "cou1")
        #expect(d.background("probe") == .success(.background))
        let appMark = d.app("probe")!.log.count
        let mark = d.log.nextSeq
        #expect(d.signOut() == .success(.checkedIn))
        #expect(Self.appLines(d, "probe", from: appMark) == [
            "notification CURRENT_ACCOUNT_CHANGED GLOBAL_SIGN_OUT",
            "call getCurrentAccountAsync broadcast",
            "callback onAccountChanged prior: cou1, current: nil",
            "callback onAccountLoaded nil",
            "data clear cleared 1 item(s) of cou1",
        ])
        #expect(Self.eventLines(d, after: mark) == [
            "global sign-out from broker: cou1's account and cached tokens removed for every app (app data stays)",
            "Authenticator sent CURRENT_ACCOUNT_CHANGED (BROADCAST_TYPE: GLOBAL_SIGN_OUT)",
            "probe ← CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT)",
            "probe → getCurrentAccountAsync (broadcast): onAccountChanged(prior: cou1, current: nil)",
        ])
        let probe = d.app("probe")!
        #expect(probe.currentUser == nil && probe.storage.isEmpty)
        #expect(d.verdict(of: probe).kind == .received)
        #expect(d.snapshot.coverage(of: .broadcast(.globalSignOut, delivered: true)) == 1)
        #expect(d.snapshot.coverage(of: .broadcast(.globalSignOut, delivered: false)) == 0)
        #expect(d.findings.isEmpty)
    }

    @Test func noBroadcastAtASignInTheAppLearnsAtItsNextForeground() {
        var d = Self.signedIn([Self.app("probe", receiver: .runtime)])
        _ = d.launch("probe"); _ = d.background("probe")
        _ = d.signOut()
        let appMark = d.app("probe")!.log.count
        let mark = d.log.nextSeq
        #expect(d.signIn(user: "cou2", password: "cou2") == .success(.checkedOut("cou2")))
        #expect(Self.appLines(d, "probe", from: appMark).isEmpty)
        #expect(Self.eventLines(d, after: mark).contains("no broadcast at a sign-in: apps learn the account when they next call getCurrentAccountAsync"))
        #expect(d.verdict(of: d.app("probe")!).kind == .willNotice)
        #expect(d.launch("probe") == .success(.foreground))
        #expect(Self.appLines(d, "probe", from: appMark) == [
            "lifecycle foreground resumed",
            "call getCurrentAccountAsync foreground",
            "callback onAccountChanged prior: nil, current: cou2",
            "callback onAccountLoaded cou2",
            "data create cou2 created 1 item(s)",
        ])
    }

    @Test func aManifestReceiverGetsNothingAndAStoppedAppLearnsAtItsNextLaunch() {
        var d = Self.signedIn([Self.app("manifest", receiver: .manifest), Self.app("stopped", receiver: .runtime)])
        _ = d.launch("manifest"); _ = d.launch("stopped")
        _ = d.terminate("stopped"); _ = d.background("manifest")
        var inbox = Inbox()
        _ = inbox.take(d, "manifest"); _ = inbox.take(d, "stopped")
        let mark = d.log.nextSeq
        #expect(d.signOut() == .success(.checkedIn))
        #expect(inbox.take(d, "manifest") == [])
        #expect(inbox.take(d, "stopped") == [])
        #expect(d.log.entries(after: mark - 1).filter { $0.kind == .delivery }.map(\.text) == [
            "manifest missed CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) (manifest receiver)",
            "stopped missed CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) (stopped)",
        ])
        // Both still hold cou1's data, and say why.
        #expect(d.app("manifest")!.currentUser == "cou1" && d.app("stopped")!.currentUser == "cou1")
        let manifest = d.verdict(of: d.app("manifest")!)
        #expect(manifest.kind == .missed && manifest.missed == .manifestReceiver)
        #expect(manifest.sentence == "missed CURRENT_ACCOUNT_CHANGED (manifest receiver); will notice at its next foreground")
        let stopped = d.verdict(of: d.app("stopped")!)
        #expect(stopped.kind == .missed && stopped.missed == .stopped)
        #expect(stopped.sentence == "stopped: learns at resume (onAccountChanged)")
        #expect(d.snapshot.coverage(of: .broadcast(.globalSignOut, delivered: false)) == 1)
        // The next worker signs in; the stopped app learns at its launch, through onAccountChanged.
        _ = d.signIn(user: "cou2", password: "cou2")
        let appMark = d.app("stopped")!.log.count
        #expect(d.launch("stopped") == .success(.foreground))
        #expect(Self.appLines(d, "stopped", from: appMark) == [
            "lifecycle foreground cold start",
            "call isSharedDevice true (read once, as the process starts)",
            "call getCurrentAccountAsync cold start",
            "callback onAccountChanged prior: cou1, current: cou2",
            "callback onAccountLoaded cou2",
            "data clear cleared 1 item(s) of cou1",
            "data create cou2 created 1 item(s)",
        ])
        #expect(d.app("stopped")!.storage.map(\.owner) == ["cou2"])
        #expect(d.verdict(of: d.app("stopped")!).kind == .received)
    }

    @Test func theKeepsPreviousUserDataFaultStillLeaksAtResume() {
        var faulty = Self.app("faulty", receiver: .runtime)
        faulty.faults = [.keepsPreviousUserData]
        var d = Self.signedIn([faulty])
        _ = d.launch("faulty"); _ = d.terminate("faulty")
        _ = d.signOut()
        _ = d.signIn(user: "cou2", password: "cou2")
        _ = d.launch("faulty")
        #expect(d.app("faulty")!.log.filter { $0.kind == .data }.suffix(2).map(\.detail)
                == ["kept cou1's data (deliberate fault)", "cou2 created 1 item(s)"])
        #expect(d.verdict(of: d.app("faulty")!).kind == .leak)
    }

    @Test func removingTheAccountInSettingsSendsNothing() {
        var d = Self.signedIn([Self.app("front", receiver: .runtime), Self.app("back", receiver: .runtime)])
        _ = d.launch("back"); _ = d.launch("front")
        var inbox = Inbox()
        _ = inbox.take(d, "front"); _ = inbox.take(d, "back")
        let mark = d.log.nextSeq
        #expect(d.removeAccountFromSettings() == .success(.checkedIn))
        // No broadcast: nothing in any app's log, nothing posted.
        #expect(inbox.take(d, "front") == [] && inbox.take(d, "back") == [])
        let lines = Self.eventLines(d, after: mark)
        #expect(lines.contains("cou1's work account removed in Settings > Accounts: nobody is signed in; no broadcast sent"))
        #expect(lines.contains("front, back still show cou1's data: no app was told"))
        #expect(!lines.contains { $0.contains("sent CURRENT_ACCOUNT_CHANGED") || $0.contains("←") })
        #expect(d.snapshot.timesTaken(.removeAccountFromSettings) == 1)
        // What each app shows after: the previous user, until it asks again.
        for id in ["front", "back"] {
            let app = d.app(id)!
            #expect(app.currentUser == "cou1" && app.tokenAccount == nil)
            let v = d.verdict(of: app)
            #expect(v.kind == .missed && v.missed == .accountRemovedInSettings)
            #expect(v.sentence == "not told: account removed in Settings (no broadcast); will notice at its next foreground")
        }
        #expect(d.launch("front") == .success(.foreground))
        #expect(d.app("front")!.log.last { $0.kind == .callback && $0.name == API.onAccountChanged }?.detail == "prior: cou1, current: nil")
        #expect(d.app("front")!.currentUser == nil && d.app("front")!.storage.isEmpty)
        #expect(d.app("back")!.currentUser == "cou1")
    }

    @Test(arguments: [ProfileID.workspaceOne, .entraIOS]) func removingTheAccountInSettingsIsAndroidOnly(_ profile: ProfileID) {
        var d = Fixtures.staged(profile)
        #expect(d.removeAccountFromSettings()
                == .failure(.notSupported(action: "removing the account in Android's Settings", profile: profile)))
        #expect(d.log.entries.last?.text
                == "removeAccountFromSettings refused: removing the account in Android's Settings is not part of the \(profile.rawValue) profile.")
    }

    @Test func anAppLaunchedDuringEnrollmentReadsIsSharedDeviceFalseUntilRelaunched() {
        var d = SharedDevice(profile: .entraAndroid, tenant: Fixtures.tenant, apps: [Self.app("probe", receiver: .runtime)],
                             dependencies: Fixtures.dependencies())
        _ = d.enroll(group: nil, user: "stage", password: "stage")
        guard case let .enrolling(progress) = d.state else { Issue.record("not enrolling"); return }
        #expect(progress.steps == ["Validate staging credentials (Cloud Device Administrator)", "Install Authenticator",
                                   "Apply shared device mode enrollment profile", "Push app: probe",
                                   "Authenticator: registration started (SDM_REGISTRATION_START)",
                                   "Authenticator: registered in shared device mode (SDM_REGISTERED)"])
        // Install the Authenticator, the profile, then push the app and start it.
        for _ in 0..<3 { _ = d.installNextProfileStep() }
        #expect(d.app("probe") != nil)
        #expect(d.launch("probe") == .success(.foreground))
        #expect(!d.isRegisteredInSharedMode && d.isSharedDevice(of: d.app("probe")!) == false)
        #expect(d.isSharedDeviceLine(of: d.app("probe")!) == "isSharedDevice(): false")
        var inbox = Inbox()
        _ = inbox.take(d, "probe")
        #expect(d.installNextProfileStep().map(\.kind) == .success(.enrolling))
        #expect(inbox.take(d, "probe") == ["CURRENT_ACCOUNT_CHANGED"])
        #expect(d.app("probe")!.log.last?.detail == "SDM_REGISTRATION_START")
        #expect(d.installNextProfileStep() == .success(.checkedIn))
        #expect(inbox.take(d, "probe") == ["CURRENT_ACCOUNT_CHANGED"])
        #expect(d.app("probe")!.log.filter { $0.kind != .lifecycle }.suffix(3).map { "\($0.kind.rawValue) \($0.detail)" } == [
            "notification SDM_REGISTERED",
            "data MSAL cleared its account cache: the device is in shared device mode",
            "data isSharedDevice(): false (stale: read before SDM_REGISTERED)",
        ])
        #expect(d.isRegisteredInSharedMode)
        #expect(d.isSharedDevice(of: d.app("probe")!) == false && d.isSharedDeviceStale(of: d.app("probe")!))
        #expect(d.isSharedDeviceLine(of: d.app("probe")!) == "isSharedDevice(): false (stale: read before SDM_REGISTERED)")
        #expect(d.snapshot.coverage(of: .broadcast(.registrationStart, delivered: true)) == 1)
        #expect(d.snapshot.coverage(of: .broadcast(.registered, delivered: true)) == 1)
        // A resume keeps the stale value; only a new process reads it again.
        _ = d.openBroker(); _ = d.launch("probe")
        #expect(d.isSharedDeviceStale(of: d.app("probe")!))
        _ = d.terminate("probe")
        #expect(d.isSharedDeviceLine(of: d.app("probe")!) == nil)
        _ = d.launch("probe")
        #expect(d.isSharedDevice(of: d.app("probe")!) && !d.isSharedDeviceStale(of: d.app("probe")!))
        #expect(d.isSharedDeviceLine(of: d.app("probe")!) == "isSharedDevice(): true")
    }

    @Test func intuneClearsTheDataOfAnAppNotWrittenForSharedDeviceMode() {
        let legacy = Self.app("legacy", receiver: .none, checksOnForeground: false, intuneClearsData: true)
        let plain = Self.app("plain", receiver: .none, checksOnForeground: false)
        var d = Self.signedIn([legacy, plain])
        _ = d.launch("legacy"); _ = d.launch("plain"); _ = d.openBroker()
        let mark = d.log.nextSeq
        #expect(d.signOut() == .success(.checkedIn))
        #expect(d.app("legacy")!.storage.isEmpty && d.app("legacy")!.currentUser == nil)
        #expect(d.app("legacy")!.log.last?.detail == "Intune cleared its local data at cou1's sign-out: 1 item(s)")
        #expect(Self.eventLines(d, after: mark).contains("Intune cleared legacy's local data (not optimized for shared device mode): 1 item(s)"))
        // Without the setting the same app keeps cou1's data, and will show it.
        #expect(d.app("plain")!.storage.map(\.owner) == ["cou1"])
        _ = d.signIn(user: "cou2", password: "cou2")
        #expect(d.verdict(of: d.app("plain")!).kind == .willLeak)
        #expect(d.verdict(of: d.app("legacy")!).kind != .willLeak)
    }

    @Test func intuneClearsNothingOnIOS() {
        var d = Self.signedIn([Self.app("legacy", receiver: .none, checksOnForeground: false, intuneClearsData: true)], profile: .entraIOS)
        _ = d.launch("legacy"); _ = d.openBroker()
        _ = d.signOut()
        #expect(d.app("legacy")!.storage.map(\.owner) == ["cou1"])
        #expect(!d.log.entries.contains { $0.text.contains("Intune") })
    }

    @Test func aCachedProcessGetsTheBroadcastAsItResumes() {
        var d = Self.signedIn([Self.app("probe", receiver: .runtime)])
        _ = d.launch("probe"); _ = d.suspend("probe")
        var inbox = Inbox()
        _ = inbox.take(d, "probe")
        _ = d.signOut()
        #expect(inbox.take(d, "probe") == [])
        #expect(d.hasQueuedBroadcast("probe"))
        #expect(d.verdict(of: d.app("probe")!).sentence == "cached: gets CURRENT_ACCOUNT_CHANGED when it resumes")
        _ = d.signOut(from: .broker)  // refused: nobody signed in; nothing queued twice
        #expect(d.snapshot.android?.queued.count == 1)
        #expect(d.background("probe") == .success(.background))
        #expect(inbox.take(d, "probe") == ["CURRENT_ACCOUNT_CHANGED", "onAccountChanged", "onAccountLoaded"])
        #expect(!d.hasQueuedBroadcast("probe") && d.app("probe")!.currentUser == nil)
    }

    @Test func aCachedProcessThatEndsLosesWhatWasQueued() {
        var d = Self.signedIn([Self.app("probe", receiver: .runtime)])
        _ = d.launch("probe"); _ = d.suspend("probe")
        _ = d.signOut()
        _ = d.terminate("probe")
        #expect(!d.hasQueuedBroadcast("probe"))
        #expect(d.log.entries.contains { $0.text == "dropped: probe: CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) (queued while cached; the process ended)" })
    }

    @Test func aDroppedBroadcastLeavesTheAppShowingThePreviousUser() {
        var d = Self.signedIn([Self.app("probe", receiver: .runtime, checksOnForeground: false)])
        _ = d.launch("probe"); _ = d.background("probe")
        #expect(d.armFault(InjectedFault(.drop), on: "probe").map(\.id) == .success(1))
        var inbox = Inbox()
        _ = inbox.take(d, "probe")
        _ = d.signOut()
        #expect(inbox.take(d, "probe") == [])
        #expect(d.app("probe")!.currentUser == "cou1")
        #expect(d.log.entries.contains { $0.kind == .fault && $0.text.contains("probe: CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) dropped (injected)") })
        #expect(d.snapshot.coverage(of: .fault(.drop, during: .signOut)) == 1)
    }

    @Test func aDelayedBroadcastArrivesWhenItsTimeComes() {
        var d = Self.signedIn([Self.app("probe", receiver: .runtime)])
        _ = d.launch("probe"); _ = d.background("probe")
        _ = d.armFault(InjectedFault(.delay, seconds: 30), on: "probe")
        var inbox = Inbox()
        _ = inbox.take(d, "probe")
        _ = d.signOut()
        #expect(inbox.take(d, "probe") == [])
        #expect(d.app("probe")!.currentUser == "cou1")
        _ = d.advanceClock(by: 30)
        #expect(inbox.take(d, "probe") == ["CURRENT_ACCOUNT_CHANGED", "onAccountChanged", "onAccountLoaded"])
        #expect(d.app("probe")!.currentUser == nil && d.app("probe")!.storage.isEmpty)
    }

    @Test func stepModeHoldsTheBroadcastUntilReleased() {
        var d = Self.signedIn([Self.app("probe", receiver: .runtime)])
        _ = d.launch("probe"); _ = d.background("probe")
        d.setDeliveryMode(.held)
        _ = d.signOut()
        #expect(d.heldDeliveries == [Delivery(app: "probe", kind: .broadcast(.globalSignOut))])
        #expect(d.releaseNextDelivery() == .success(Delivery(app: "probe", kind: .broadcast(.globalSignOut))))
        #expect(d.app("probe")!.currentUser == nil)
    }

    @Test func theDiagramHasTheAndroidTransitions() {
        let managedHomeScreen = ["session PIN created", "screensaver", "screensaver closed by input", "session PIN entered",
                                 "too many PIN attempts: sign-out", "auto sign-out countdown", "countdown dismissed", "automatic sign-out"]
        for profile in [DeviceProfile.entraAndroid, .androidMHS] {
            #expect(profile.transitions.map(\.label) == ["register (shared device mode)", "profile installed", "global sign-in", "global sign-out"]
                    + (profile.launcher == .managedHomeScreen ? managedHomeScreen : []) + ["account removed in Settings"])
        }
        #expect(!DeviceProfile.entraIOS.transitions.contains { $0.id == .removeAccountFromSettings })
        #expect(CoverageKey.broadcast(.globalSignOut, delivered: true).key == "broadcast:GLOBAL_SIGN_OUT")
        #expect(CoverageKey.broadcast(.registered, delivered: false).key == "broadcast:SDM_REGISTERED:missed")
    }

    @Test func managedHomeScreenSharesTheRules() {
        var d = Self.signedIn([Self.app("probe", receiver: .runtime), Self.app("manifest", receiver: .manifest)], profile: .androidMHS)
        _ = d.launch("probe"); _ = d.launch("manifest"); _ = d.openBroker()
        var inbox = Inbox()
        _ = inbox.take(d, "probe"); _ = inbox.take(d, "manifest")
        _ = d.signOut()
        #expect(inbox.take(d, "probe") == ["CURRENT_ACCOUNT_CHANGED", "onAccountChanged", "onAccountLoaded"])
        #expect(inbox.take(d, "manifest") == [])
    }

    /// The default entra-android device shows each rule with the catalogue's apps: chat and
    /// roster receive GLOBAL_SIGN_OUT, mail's manifest receiver misses it, tasks never listens
    /// and leaks, Intune clears till, forms has no SDK.
    @Test func theDefaultAndroidDeviceShowsEachRule() {
        var d = Fixtures.staged(.entraAndroid)
        #expect(d.apps.map(\.id) == ["chat", "mail", "tasks", "roster", "till", "forms"])
        #expect(d.isRegisteredInSharedMode)
        _ = d.signIn(user: "cou1", password: "cou1")
        for id in d.apps.map(\.id) { _ = d.launch(id) }
        d.openBroker()
        var inbox = Inbox()
        for id in d.apps.map(\.id) { _ = inbox.take(d, id) }
        let mark = d.log.nextSeq
        #expect(d.signOut() == .success(.checkedIn))
        #expect(inbox.take(d, "chat") == [API.currentAccountChangedBroadcast, API.onAccountChanged, API.onAccountLoaded])
        #expect(inbox.take(d, "roster") == [API.currentAccountChangedBroadcast, API.onAccountChanged, API.onAccountLoaded])
        for id in ["mail", "tasks", "till", "forms"] { #expect(inbox.take(d, id) == [], "\(id)") }
        #expect(d.log.entries(after: mark - 1).filter { $0.kind == .delivery }.map(\.text) == [
            "mail missed CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) (manifest receiver)",
            "tasks missed CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) (no receiver registered)",
            "till missed CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) (no receiver registered)",
            "forms missed CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) (no SDK)",
        ])
        #expect(d.app("till")!.storage.isEmpty && d.app("till")!.currentUser == nil)
        let tasks = d.verdict(of: d.app("tasks")!)
        #expect(tasks.kind == .willLeak)
        #expect(tasks.cause == "missed CURRENT_ACCOUNT_CHANGED (no receiver registered); never calls getCurrentAccountAsync after start-up")
        #expect(d.verdict(of: d.app("mail")!).sentence == "missed CURRENT_ACCOUNT_CHANGED (manifest receiver); will notice at its next foreground")
        // The next worker: mail notices in front, tasks shows cou1's tasks.
        _ = d.signIn(user: "cou2", password: "cou2")
        _ = d.launch("mail")
        #expect(d.app("mail")!.storage.compactMap(\.owner) == ["cou2"])
        _ = d.launch("tasks")
        #expect(d.verdict(of: d.app("tasks")!).kind == .leak)
    }
}
