import AppBridge
import Configuration
import Platform
import SessionEngine
import Testing

/// A real program (Fixtures/android_app.py) on entra-android, driven through Android's
/// transitions: the broker's GLOBAL_SIGN_OUT reaches it in the background only through a
/// receiver it registered at run time; stopped, it gets nothing and learns the change at its
/// next start through onAccountChanged (Microsoft Learn, "Shared device mode for Android devices").
@Suite struct AndroidBridgeTests {
    static func app(_ mode: String) -> AppDefinition {
        AppDefinition(id: "ext", name: "Orders", sdk: .msal(MSALTraits(backgroundCapability: false, listensForNotification: false,
                                                                         checksAccountOnForeground: false)),
                      external: ExternalProgram(exec: ["python3", BridgeFixtures.folder + "/android_app.py", mode]))
    }

    /// An enrolled entra-android device with the program, cou1 signed in.
    static func device(_ mode: String) -> SharedDevice {
        var d = SharedDevice(profile: DeviceProfile.named(.entraAndroid), tenant: BridgeFixtures.tenant, apps: [app(mode)],
                             dependencies: EngineDependencies.seeded(hasher: BridgeFixtures.hasher))
        #expect(throws: Never.self) { try d.enroll(group: nil, user: "stage", password: Secret("stage")).get() }
        #expect(throws: Never.self) { try d.completeEnrollment().get() }
        #expect(throws: Never.self) { try d.signIn(user: "cou1", password: Secret("cou1")).get() }
        return d
    }

    /// The program's own log lines (its standard error) since `from`.
    static func said(_ d: SharedDevice, from: Int = 0) -> [String] {
        Array(BridgeFixtures.entries(d, .output).dropFirst(from)).map { String($0.dropFirst("stderr: ".count)) }
    }

    @Test func aBackgroundRuntimeReceiverGetsGlobalSignOutAndClears() throws {
        var d = Self.device("runtime")
        let bridge = AppBridge()
        defer { bridge.shutdown(&d) }
        _ = try bridge.apply(.launch("ext"), to: &d).result.get()
        bridge.settle(&d)
        #expect(Self.said(d) == ["isSharedDevice: True", "launch: onAccountChanged(prior: None, current: cou1)"])
        #expect(d.app("ext")?.process?.screen?.user == "cou1")
        _ = try bridge.apply(.background("ext"), to: &d).result.get()
        bridge.settle(&d)
        _ = try bridge.apply(.signOut(from: .broker, browser: false), to: &d).result.get()
        bridge.settle(&d)
        #expect(Self.said(d, from: 2) == ["broadcast GLOBAL_SIGN_OUT", "broadcast: onAccountChanged(prior: cou1, current: None)"])
        #expect(d.app("ext")!.storage.isEmpty)
        #expect(d.app("ext")?.process?.screen == AppProcess.Screen(user: nil, items: [], lines: []))
        #expect(d.findings.isEmpty)
        #expect(d.app("ext")?.process?.health == .running)
    }

    @Test func aStoppedProgramGetsNothingAndLearnsAtItsNextStart() throws {
        var d = Self.device("runtime")
        let bridge = AppBridge()
        defer { bridge.shutdown(&d) }
        _ = try bridge.apply(.launch("ext"), to: &d).result.get()
        bridge.settle(&d)
        _ = try bridge.apply(.terminate("ext"), to: &d).result.get()
        bridge.settle(&d)
        _ = try bridge.apply(.signOut(from: .broker, browser: false), to: &d).result.get()
        _ = try bridge.apply(.signIn(user: "cou2", password: Secret("cou2"), from: .broker), to: &d).result.get()
        bridge.settle(&d)
        #expect(!d.app("ext")!.log.contains { $0.kind == .notification })
        #expect(d.app("ext")!.storage.map(\.id) == ["orders-cou1"])
        _ = try bridge.apply(.launch("ext"), to: &d).result.get()
        bridge.settle(&d)
        #expect(Self.said(d, from: 2) == ["isSharedDevice: True", "launch: onAccountChanged(prior: cou1, current: cou2)"])
        #expect(d.app("ext")!.storage.map(\.id) == ["orders-cou2"])
        #expect(d.findings.isEmpty)
    }

    /// Without a receiver the program misses GLOBAL_SIGN_OUT in the background, keeps showing
    /// cou1's orders (the audit's exposure), and clears them at its resume.
    @Test func withoutAReceiverTheProgramLearnsAtResume() throws {
        var d = Self.device("none")
        let bridge = AppBridge()
        defer { bridge.shutdown(&d) }
        _ = try bridge.apply(.launch("ext"), to: &d).result.get()
        bridge.settle(&d)
        _ = try bridge.apply(.background("ext"), to: &d).result.get()
        _ = try bridge.apply(.signOut(from: .broker, browser: false), to: &d).result.get()
        bridge.settle(&d)
        #expect(BridgeFixtures.entries(d, .missed) == ["CURRENT_ACCOUNT_CHANGED: no receiver registered"])
        #expect(Self.said(d, from: 2) == [])
        _ = try bridge.apply(.signIn(user: "cou2", password: Secret("cou2"), from: .broker), to: &d).result.get()
        _ = try bridge.apply(.launch("ext"), to: &d).result.get()
        bridge.settle(&d)
        #expect(Self.said(d, from: 2) == ["resume: onAccountChanged(prior: cou1, current: cou2)"])
        #expect(d.app("ext")!.storage.map(\.id) == ["orders-cou2"])
        #expect(d.app("ext")?.process?.screen?.user == "cou2")
    }
}
