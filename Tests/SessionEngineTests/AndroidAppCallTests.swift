import Testing
@testable import SessionEngine

/// A developer's program on the Android profiles, as the device sees it over the bridge
/// (Docs/bridge-protocol.md): its MSAL for Android calls answered by the rules the catalogue's
/// apps follow, and the broker's `CURRENT_ACCOUNT_CHANGED` queued for it only while its
/// process has a receiver registered at run time.
@Suite struct AndroidAppCallTests {
    static let program = AppDefinition(
        id: "ext", name: "Orders", sdk: .msal(MSALTraits(backgroundCapability: false, listensForNotification: false, checksAccountOnForeground: false)),
        external: ExternalProgram(exec: ["orders"]))

    /// An enrolled entra-android device with the program beside Chat, cou1 signed in.
    static func device(_ profile: ProfileID = .entraAndroid) -> SharedDevice {
        var d = SSO.device(profile, [SSO.app("chat"), program])
        #expect(d.signIn(user: "cou1", password: "cou1") == .success(.checkedOut("cou1")))
        return d
    }

    /// The events waiting for the program; each answered, as the program would.
    static func sent(_ d: inout SharedDevice) -> [AppEvent] {
        let taken = d.awaitedRequests.filter { $0.app == "ext" }
        for r in taken { d.appAnswered("ext", serial: r.serial) }
        return taken.map(\.event)
    }

    @Test func aRuntimeReceiverInTheBackgroundGetsGlobalSignOutAndLearnsTheChange() {
        var d = Self.device()
        #expect(d.launch("ext") == .success(.foreground))
        #expect(Self.sent(&d) == [.launch])
        #expect(d.call(.isSharedDevice, from: "ext") == .success(.sharedDevice(true)))
        #expect(d.call(.getCurrentAccountAsync, from: "ext") == .success(.accountCallback(prior: nil, current: "cou1")))
        #expect(d.call(.getCurrentAccountAsync, from: "ext") == .success(.accountCallback(prior: "cou1", current: "cou1")))
        #expect(d.call(.registerReceiver, from: "ext") == .success(.done))
        #expect(d.background("ext") == .success(.background))
        _ = Self.sent(&d)
        var t = Trail(d)
        #expect(d.signOut(from: .broker) == .success(.checkedIn))
        #expect(t.take(d) == [
            "global sign-out from broker: cou1's account and cached tokens removed for every app (app data stays)",
            "Authenticator sent CURRENT_ACCOUNT_CHANGED (BROADCAST_TYPE: GLOBAL_SIGN_OUT)",
            "chat missed CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) (stopped)",
            "ext ← CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT)",
        ])
        #expect(Self.sent(&d) == [.currentAccountChanged(.globalSignOut)])
        #expect(d.call(.getCurrentAccountAsync, from: "ext") == .success(.accountCallback(prior: "cou1", current: nil)))
        #expect(t.take(d) == ["ext → getCurrentAccountAsync: onAccountChanged(prior: cou1, current: nil)"])
        #expect(d.app("ext")!.log.suffix(4).map { "\($0.kind.rawValue) \($0.name): \($0.detail)" } == [
            "lifecycle background: from foreground",
            "notification CURRENT_ACCOUNT_CHANGED: GLOBAL_SIGN_OUT",
            "call getCurrentAccountAsync: asked by the app",
            "callback onAccountChanged: prior: cou1, current: nil",
        ])
    }

    @Test func withoutAReceiverAndWhenStoppedTheProgramGetsNothingAndLearnsAtItsNextStart() {
        var d = Self.device()
        _ = d.launch("ext")
        _ = d.call(.registerReceiver, from: "ext")
        _ = d.call(.getCurrentAccountAsync, from: "ext")
        #expect(d.call(.unregisterReceiver, from: "ext") == .success(.done))
        _ = Self.sent(&d)
        var t = Trail(d)
        #expect(d.signOut(from: .broker) == .success(.checkedIn))
        // The Authenticator comes to the front: the program goes to the background, and that is all it is told.
        #expect(Self.sent(&d) == [.background])
        #expect(t.take(d).filter { $0.hasPrefix("ext") } == [
            "ext: background", "ext missed CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) (no receiver registered)",
        ])
        // Stopped: its process record lingers until the bridge reports the exit, but a stopped
        // app receives nothing, whatever it registered.
        #expect(d.signIn(user: "cou1", password: "cou1") == .success(.checkedOut("cou1")))
        _ = d.call(.registerReceiver, from: "ext")
        #expect(d.terminate("ext") == .success(.terminated))
        _ = Self.sent(&d)
        #expect(d.app("ext")?.process?.receiverRegistered == true)
        #expect(MissReason.of(d.app("ext")!, on: .android) == .stopped)
        t = Trail(d)
        _ = d.signOut(from: .broker)
        #expect(t.take(d).contains("ext missed CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT) (stopped)"))
        #expect(d.signIn(user: "cou2", password: "cou2") == .success(.checkedOut("cou2")))
        #expect(Self.sent(&d) == [])
        #expect(d.launch("ext") == .success(.foreground))
        #expect(Self.sent(&d) == [.launch])
        #expect(d.call(.getCurrentAccountAsync, from: "ext") == .success(.accountCallback(prior: "cou1", current: "cou2")))
    }

    @Test func isSharedDeviceIsWhatTheProcessReadAsItStarted() {
        var d = SharedDevice(profile: .named(.entraAndroid), tenant: Fixtures.tenant, apps: [Self.program], dependencies: Fixtures.dependencies())
        _ = d.enroll(group: nil, user: "stage", password: "stage")
        while d.app("ext") == nil { _ = d.installNextProfileStep() }
        #expect(d.launch("ext") == .success(.foreground))
        _ = d.call(.registerReceiver, from: "ext")
        _ = Self.sent(&d)
        #expect(d.completeEnrollment() == .success(.checkedIn))
        #expect(Self.sent(&d) == [
            .currentAccountChanged(.registrationStart),
            .currentAccountChanged(.registered),
            .background,
        ])
        #expect(d.call(.isSharedDevice, from: "ext") == .success(.sharedDevice(false)))
        #expect(d.app("ext")!.log.last?.detail == "→ false (stale: read as the process started)")
        _ = d.terminate("ext"); _ = d.launch("ext")
        #expect(d.call(.isSharedDevice, from: "ext") == .success(.sharedDevice(true)))
    }

    @Test func aProgramSignsTheDeviceOut() {
        var d = Self.device()
        _ = d.launch("ext")
        _ = d.call(.getCurrentAccountAsync, from: "ext")
        #expect(d.call(.signOut, from: "ext") == .success(.done))
        #expect(d.state == .checkedIn)
        // MSAL forgot the caller's account as it signed out: nobody, as before.
        #expect(d.call(.getCurrentAccountAsync, from: "ext") == .success(.accountCallback(prior: nil, current: nil)))
        #expect(d.call(.signOut, from: "ext") == .failure(AppCallError(.refused, "The device is not checked out.")))
    }

    @Test func iOSRefusesAndroidsCallsInOneLine() {
        var d = Self.device(.entraIOS)
        _ = d.launch("ext")
        #expect(d.call(.getCurrentAccountAsync, from: "ext") == .failure(AppCallError(.refused, "an MSAL for Android call, not on entra-ios; use msal/getCurrentAccount")))
        #expect(d.call(.registerReceiver, from: "ext") == .failure(AppCallError(.refused, "an MSAL for Android call, not on entra-ios; use the Darwin notification (msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED)")))
        #expect(d.call(.signOut, from: "ext") == .failure(AppCallError(.refused, "an MSAL for Android call, not on entra-ios; use msal/signout")))
    }
}
