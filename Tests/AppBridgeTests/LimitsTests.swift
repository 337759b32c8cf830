import AppBridge
import Configuration
import Foundation
import SessionEngine
import Testing

/// The smaller limits: a program that cannot start, a hung program swiped away, a chatty
/// standard error, notifications (Docs/bridge-protocol.md).
@Suite struct LimitsTests {
    @Test func aProgramThatCannotStartIsAnExitWithTheReason() throws {
        let app = AppDefinition(id: "ext", name: "Missing", sdk: .none, external: ExternalProgram(exec: ["hubsim-no-such-program"]))
        var device = BridgeFixtures.device([app])
        let bridge = FaultTests.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        guard case let .exited(status, _)? = FaultTests.health(device) else { Issue.record("not exited"); return }
        #expect(status.hasPrefix("could not start"))
        #expect(device.app("ext")?.lifecycle == .terminated)
    }

    @Test func aHungProgramSwipedAwayIsEnded() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("hang", "app/launch", timeout: 1000)])
        let bridge = FaultTests.bridge()
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(FaultTests.health(device) == .hung("cold launch"))
        _ = try bridge.apply(.terminate("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(BridgeFixtures.entries(device, .output) == ["stderr: not answering app/launch"])
        #expect(FaultTests.health(device) == .exited(status: "exit 0", lastLines: ["not answering app/launch"]))
        #expect(bridge.processIDs.isEmpty)
        #expect(device.app("ext")?.process?.exitsInARow == 0)
    }

    @Test func aChattyStandardErrorIsCountedNotKept() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("chatty")])
        let bridge = FaultTests.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        bridge.shutdown(&device)
        let output = BridgeFixtures.entries(device, .output)
        #expect(output.count == 101)
        #expect(output.last == "stderr: … 900 more lines of standard error not shown")
    }

    @Test func anInteractiveTokenIsAnsweredWhenThePersonFinishesThePrompt() throws {
        var chat = try #require(try BundledAssets.catalogue().select(["chat"]).first)
        chat.external = ExternalProgram(exec: ["python3", BridgeFixtures.folder + "/app.py", "token"], timeoutMilliseconds: 300)
        var device = SharedDevice(profile: .named(.entraIOS), tenant: BridgeFixtures.tenant, apps: [chat],
                                  dependencies: EngineDependencies.seeded(hasher: BridgeFixtures.hasher))
        _ = try device.enroll(group: nil, user: "stage", password: Secret("stage")).get()
        _ = try device.completeEnrollment().get()
        _ = try device.signIn(user: "cou1", password: Secret("cou1")).get()
        let bridge = FaultTests.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("chat"), to: &device).result.get()
        // Nothing answers the prompt yet: the program waits, and is not hung for it.
        let deadline = Date().addingTimeInterval(1)
        while Date() < deadline, device.pendingTokenRequest == nil { bridge.exchange(&device); usleep(5_000) }
        #expect(device.pendingTokenRequest?.app == "chat")
        // The subject: longer than the 300 ms timeout passes with the prompt open (no event to wait on).
        usleep(500_000)
        bridge.exchange(&device)
        #expect(FaultTests.health(device, "chat") != .hung("cold launch"))
        _ = try bridge.apply(.completeTokenRequest(user: "cou1", password: nil), to: &device).result.get()
        bridge.settle(&device)
        #expect(BridgeFixtures.entries(device, .output, app: "chat").contains("stderr: token for cou1"))
        #expect(FaultTests.health(device, "chat") == .running)
    }

    @Test func theCommandRunsWhereAndWithWhatItsDefinitionSays() throws {
        let tests = String(BridgeFixtures.folder.dropLast("/Fixtures".count))
        let app = AppDefinition(id: "ext", name: "Env", sdk: .none, external: ExternalProgram(
            exec: ["python3", "app.py", "env"], workingDirectory: "Fixtures", environment: [EnvironmentVariable(name: "HUBSIM_TEST", value: "set")]))
        var device = BridgeFixtures.device([app])
        var options = BridgeOptions(baseDirectory: tests)
        options.graceMilliseconds = 200
        let bridge = AppBridge(options: options)
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        bridge.shutdown(&device)
        #expect(BridgeFixtures.entries(device, .output) == ["stderr: cwd Fixtures", "stderr: HUBSIM_TEST set"])
    }

    @Test func shutdownNowEndsEveryProgramWithinTwoSeconds() async throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("ignore-term")])
        let bridge = AppBridge()
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        let pid = try #require(bridge.processIDs["ext"])
        let start = Date()
        bridge.shutdownNow()
        #expect(Date().timeIntervalSince(start) < 2.5)
        #expect(bridge.processIDs.isEmpty)
        #expect(try await Processes.reaped(pid))
    }

    @Test func notificationsAreRunAndNeverAnswered() throws {
        var device = BridgeFixtures.device([BridgeFixtures.app("notify")])
        let bridge = FaultTests.bridge()
        defer { bridge.shutdown(&device) }
        _ = try bridge.apply(.launch("ext"), to: &device).result.get()
        bridge.settle(&device)
        #expect(device.app("ext")?.process?.screen == AppProcess.Screen(user: "cou1", items: [], lines: []))
        #expect(BridgeFixtures.entries(device, .process).contains("warning: unknown method 'foo/bar'"))
        #expect(FaultTests.health(device) == .running)
    }
}
