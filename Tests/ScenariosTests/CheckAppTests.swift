import Configuration
import Foundation
import FuzzSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import SessionEngine
import Testing
@testable import Scenarios

/// `ShiftMatrix` against two real programs (python3, Tests/ScenariosTests/Fixtures/CheckApp):
/// one that handles every shift change, and one with the classic mistakes (plain copies, the
/// wipe callback ignored, the account read only at start, everything in its cache listed).
@Suite("check-app's shift matrix", .offThePool)
struct CheckAppTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/CheckApp").path

    /// The fixtures' time limit to answer (ms) where a hang is not the subject: 30 s, not
    /// hubsim's 2 s. A matrix runs a cell per core, each a python3 program: on a runner shared
    /// with other work (load 14 to 27 on two cores, measured) a cold launch took more than the 2 s
    /// and its cell read HUNG. An app that answers is not slowed by a longer limit.
    static let answerLimit = 30_000

    static func app(_ script: String, sdk: AppSDK, timeout: Int? = answerLimit) -> AppDefinition {
        AppDefinition(id: String(script.prefix { $0 != "." }), name: script, sdk: sdk,
                      external: ExternalProgram(exec: ["python3", "\(fixtures)/\(script)"], timeoutMilliseconds: timeout))
    }

    static let msal = AppSDK.msal(MSALTraits(backgroundCapability: true, listensForNotification: true, checksAccountOnForeground: true))

    static func matrix(_ script: String, _ profile: ProfileID) throws -> ShiftMatrix {
        try ShiftMatrix(app: app(script, sdk: profile == .workspaceOne ? .workspaceOne(.none) : msal), profile: profile,
                        tenant: BundledAssets.tenant(), catalogue: Fixtures.catalogue, hasher: Fixtures.hasher)
    }

    /// The cells that failed, by name, with their verdict words.
    static func failures(_ report: CheckAppReport) -> [String: String] {
        Dictionary(uniqueKeysWithValues: report.cells.filter(\.verdict.failed).map { ($0.name, $0.verdict.word) })
    }

    @Test func theGoodAppHandlesEveryWorkspaceOneCell() async throws {
        let report = try await Self.matrix("good_app.py", .workspaceOne).run()
        #expect(report.cells.count == 6 * 4)
        #expect(Self.failures(report).isEmpty, "\(CheckAppText.render(report))")
        #expect(!report.failed)
        // The wipe reached it and it deleted the first user's items.
        let cell = try #require(report.cells.first { $0.transition == .checkOutOfAnotherUser && $0.state == .background })
        #expect(cell.delivered.contains("wipe") && cell.delivered.contains("userChange"), "\(cell.delivered)")
        #expect(cell.did.contains { $0.hasPrefix("deleted") && $0.contains("orders-cou1") }, "\(cell.did)")
        #expect(cell.did.last == "shows cou2: orders-cou2", "\(cell.did)")
    }

    @Test func theFaultyAppLeaksWhereAnotherUserChecksOutAfterACheckIn() async throws {
        let report = try await Self.matrix("faulty_app.py", .workspaceOne).run()
        let leaking: [ShiftTransition] = [.checkOutOfAnotherUser, .enterpriseWipe, .offlineCheckIn]
        var expected: [String: String] = [:]
        for t in leaking { for s in ShiftAppState.allCases { expected["\(t.rawValue) / \(s.rawValue)"] = "LEAKED" } }
        #expect(Self.failures(report) == expected, "\(CheckAppText.render(report))")
        let cell = try #require(report.cells.first { $0.transition == .checkOutOfAnotherUser && $0.state == .suspended })
        #expect(cell.failureLine == "LEAKED: shows cou1's 'orders-cou1' to cou2 after answering app/foreground (at foreground)")
        // The check-in alone leaves a plain copy on the device, which the table names.
        let checkIn = try #require(report.cells.first { $0.transition == .checkIn && $0.state == .foreground })
        #expect(checkIn.verdict == .handled)
        #expect(checkIn.did.contains("kept cou1's orders-cou1 (plain)"), "\(checkIn.did)")
    }

    @Test func entraCellsJudgeTheAccountReadOnResume() async throws {
        let good = try await Self.matrix("good_app.py", .entraIOS).run()
        #expect(good.cells.count == 5 * 4)
        #expect(Self.failures(good).isEmpty, "\(CheckAppText.render(good))")
        // The faulty one reads the account only when it starts: a running app keeps showing
        // the first user's orders; a terminated one starts cold and reads it.
        let faulty = try await Self.matrix("faulty_app.py", .entraIOS).run()
        var expected: [String: String] = [:]
        for t: ShiftTransition in [.signOut, .signInOfAnotherUser, .signOutFromBrowser, .offlineSignOut] {
            for s: ShiftAppState in [.foreground, .background, .suspended] { expected["\(t.rawValue) / \(s.rawValue)"] = "LEAKED" }
        }
        #expect(Self.failures(faulty) == expected, "\(CheckAppText.render(faulty))")
        let suspended = try #require(faulty.cells.first { $0.transition == .signInOfAnotherUser && $0.state == .suspended })
        #expect(suspended.delivered.contains("missed accountChanged"), "\(suspended.delivered)")
    }

    @Test func aHungAppIsHungAndTheMatrixGoesOn() async throws {
        let hang = """
            import sys, json
            for line in sys.stdin:
                m = json.loads(line)
                if m.get("method") == "awcontroller/controllerDidWipeCurrentUserData":
                    continue
                print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": {"protocolVersion": "1"} if m["method"] == "initialize" else {}}), flush=True)
            """
        let file = NSTemporaryDirectory() + "hubsim-checkapp-hang-\(getpid()).py"
        try Data(hang.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let app = AppDefinition(id: "hangs", name: "hangs", sdk: .workspaceOne(.none),
                                external: ExternalProgram(exec: ["python3", file], timeoutMilliseconds: 500))
        let matrix = try ShiftMatrix(app: app, profile: .workspaceOne, tenant: BundledAssets.tenant(), catalogue: Fixtures.catalogue,
                                     hasher: Fixtures.hasher)
        let report = await matrix.run(transitions: [.checkIn, .inactivityLock], states: [.background])
        #expect(report.cells.map(\.verdict.word) == ["HUNG", "handled"], "\(CheckAppText.render(report))")
        #expect(report.cells[0].failureLine == "HUNG: no answer to \(API.didWipeCurrentUserData) (at foreground)")
        #expect(report.failed)
    }

    @Test func aCrashIsCrashedWithItsStatusAndLastLine() async throws {
        let crash = """
            import sys, json
            for line in sys.stdin:
                m = json.loads(line)
                if m.get("method") == "app/foreground":
                    print("orders cache corrupt", file=sys.stderr, flush=True)
                    sys.exit(3)
                print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": {"protocolVersion": "1"} if m["method"] == "initialize" else {}}), flush=True)
            """
        let file = NSTemporaryDirectory() + "hubsim-checkapp-crash-\(getpid()).py"
        try Data(crash.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let app = AppDefinition(id: "crashes", name: "crashes", sdk: .workspaceOne(.none), external: ExternalProgram(exec: ["python3", file]))
        let matrix = try ShiftMatrix(app: app, profile: .workspaceOne, tenant: BundledAssets.tenant(), catalogue: Fixtures.catalogue,
                                     hasher: Fixtures.hasher)
        let report = await matrix.run(transitions: [.checkIn], states: [.background])
        #expect(report.cells.map(\.verdict.word) == ["CRASHED"], "\(CheckAppText.render(report))")
        let line = try #require(report.cells[0].failureLine)
        #expect(line.hasPrefix("CRASHED: exit 3 at foreground") && line.hasSuffix("orders cache corrupt"), "\(line)")
    }

    @Test func garbageOnEveryForegroundIsFaulted() async throws {
        let garbage = """
            import sys, json
            for line in sys.stdin:
                m = json.loads(line)
                if m.get("method") == "app/foreground":
                    for _ in range(12):
                        print("not json", flush=True)
                print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": {"protocolVersion": "1"} if m["method"] == "initialize" else {}}), flush=True)
            """
        let file = NSTemporaryDirectory() + "hubsim-checkapp-garbage-\(getpid()).py"
        try Data(garbage.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let app = AppDefinition(id: "garbage", name: "garbage", sdk: .workspaceOne(.none), external: ExternalProgram(exec: ["python3", file]))
        let matrix = try ShiftMatrix(app: app, profile: .workspaceOne, tenant: BundledAssets.tenant(), catalogue: Fixtures.catalogue,
                                     hasher: Fixtures.hasher)
        let report = await matrix.run(transitions: [.checkIn], states: [.background])
        #expect(report.cells.map(\.verdict.word) == ["FAULTED"], "\(CheckAppText.render(report))")
        #expect(report.cells[0].failureLine?.hasSuffix("(at foreground)") == true, "\(report.cells[0].failureLine ?? "")")
    }

    @Test func theTableFitsEightyColumnsAndTheJUnitHasACasePerCell() async throws {
        let report = try await Self.matrix("faulty_app.py", .workspaceOne).run(transitions: [.checkIn, .checkOutOfAnotherUser])
        let text = CheckAppText.render(report)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")
        #expect(text.contains("check-out of another user: the first user checks in; the next user checks out"))
        #expect(text.contains("  suspended: LEAKED: shows cou1's 'orders-cou1' to cou2 after answering\n  app/foreground (at foreground)\n"), "\(text)")
        #expect(text.hasSuffix("faulty_app: 8 cells, 4 handled, 4 LEAKED (\(String(format: "%.1f", report.duration)) s): FAILED\n"), "\(text)")

        let xml = CheckAppJUnit.render(report)
        let document = try XMLDocument(xmlString: xml, options: [])
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.compactMap { $0.attribute(forName: "name")?.stringValue } == [
            "check-in / foreground", "check-in / background", "check-in / suspended", "check-in / terminated",
            "check-out of another user / foreground", "check-out of another user / background",
            "check-out of another user / suspended", "check-out of another user / terminated",
        ])
        let failures = try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
        #expect(failures.count == 4)
        #expect(failures.first?.attribute(forName: "message")?.stringValue == "LEAKED: shows cou1's 'orders-cou1' to cou2 after answering app/foreground (at foreground)")
        #expect(try document.nodes(forXPath: "/testsuites/@failures").first?.stringValue == "4")
    }

    /// The judge reads the screen: an app that reacts only to the SDK's callbacks and never
    /// asks who has the device at app/foreground shows the previous user's orders there,
    /// whatever their protection (Tests/ScenariosTests/Fixtures/CheckApp/callbacks_only.py).
    @Test(arguments: ["sdk", "user", "plain"])
    func anAppThatWaitsForTheCallbacksLeaksWhateverItsProtection(_ protection: String) async throws {
        var app = Self.app("callbacks_only.py", sdk: .workspaceOne(.none))
        app.external?.exec += ["--protection", protection]
        let matrix = try ShiftMatrix(app: app, profile: .workspaceOne, tenant: BundledAssets.tenant(),
                                     catalogue: Fixtures.catalogue, hasher: Fixtures.hasher)
        let report = await matrix.run(transitions: [.checkIn, .checkOutOfAnotherUser, .enterpriseWipe, .offlineCheckIn])
        var expected: [String: String] = [:]
        for name in ["check-out of another user / foreground", "check-out of another user / background",
                     "check-out of another user / suspended", "enterprise wipe / background", "enterprise wipe / suspended",
                     "check-in while offline / foreground", "check-in while offline / background", "check-in while offline / suspended"] {
            expected[name] = "LEAKED"
        }
        #expect(Self.failures(report) == expected, "\(CheckAppText.render(report))")
        let cell = try #require(report.cells.first { $0.transition == .checkOutOfAnotherUser && $0.state == .background })
        #expect(cell.failureLine == "LEAKED: shows cou1's 'orders-cou1' to cou2 after answering app/foreground (at foreground; gone by the step's end)")
        #expect(cell.advice == "fix: ask awcontroller/retrieveUserInfo at app/foreground and show nothing of another user before answering — Docs/bridge-protocol.md#workspace-one-who-has-the-device-at-foreground")
        let text = CheckAppText.render(report)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")
        #expect(text.contains("      Docs/bridge-protocol.md#workspace-one-who-has-the-device-at-foreground\n"), "\(text)")
    }

    /// What stays readable at rest is an exposure: named under the table, a failure only with
    /// `--strict`, for teams that want the previous user's data gone, not only hidden.
    @Test func anExposureIsNamedAndFailsOnlyWhenStrict() async throws {
        let lenient = try await Self.matrix("faulty_app.py", .workspaceOne).run(transitions: [.checkIn], states: [.foreground])
        let cell = try #require(lenient.cells.first)
        #expect(cell.verdict == .handled)
        #expect(cell.exposure == "keeps cou1's 'orders-cou1' (plain) readable at rest while the device is checked in")
        #expect(CheckAppText.render(lenient).contains(
            "  foreground: exposure: keeps cou1's 'orders-cou1' (plain) readable at rest\n  while the device is checked in (--strict fails on it)\n"),
            "\(CheckAppText.render(lenient))")
        #expect(!lenient.failed)

        var strict = try Self.matrix("faulty_app.py", .workspaceOne)
        strict.strict = true
        let report = await strict.run(transitions: [.checkIn], states: [.foreground])
        let failed = try #require(report.cells.first)
        #expect(failed.failureLine == "EXPOSED: keeps cou1's 'orders-cou1' (plain) readable at rest while the device is checked in")
        #expect(failed.advice?.hasSuffix("Docs/bridge-protocol.md#exposures-what-stays-readable-at-rest") == true)
        #expect(report.failed)
        #expect(CheckAppText.summary(report).contains("1 EXPOSED"))
        // The right app keeps nothing of anybody's: strict passes it.
        var good = try Self.matrix("good_app.py", .workspaceOne)
        good.strict = true
        #expect(await !good.run(transitions: [.checkIn, .checkOutOfAnotherUser]).failed)
    }

    /// Every fix line points to a section the protocol page has.
    @Test func everyFixLinePointsToASectionOfTheProtocolPage() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/bridge-protocol.md")
        let anchors = Set(try String(contentsOf: page, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("#") }.map { heading in
            String(heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
                .filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }.map { $0 == " " ? "-" : $0 })
        })
        for anchor in LeakAdvice.Anchor.allCases { #expect(anchors.contains(anchor.rawValue), "\(anchor.rawValue) not in \(anchors.sorted())") }
        for profile in ProfileID.allCases {
            for event in [nil, "app/foreground", "awcontroller/controllerDidWipeCurrentUserData", "msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED"] {
                let line = LeakAdvice.line(profile: DeviceProfile.named(profile), event: event)
                #expect(line.hasPrefix("fix: ") && line.contains(" — Docs/bridge-protocol.md#"), "\(line)")
            }
        }
    }

    @Test func aTenantWithoutTwoUsersIsRefused() throws {
        var tenant = try BundledAssets.tenant()
        tenant.users.removeAll { $0.id == "cou2" }
        #expect(throws: CheckAppError.self) {
            try ShiftMatrix(app: Self.app("good_app.py", sdk: .workspaceOne(.none)), profile: .workspaceOne, tenant: tenant,
                            catalogue: Fixtures.catalogue)
        }
    }
}

/// check-app on entra-android with the Android program of the bridge's tests
/// (Tests/AppBridgeTests/Fixtures/android_app.py), with and without a runtime receiver.
@Suite("check-app's shift matrix on Android", .offThePool)
struct CheckAppAndroidTests {
    static let program = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AppBridgeTests/Fixtures/android_app.py").path

    static func matrix(_ mode: String) throws -> ShiftMatrix {
        let sdk = AppSDK.msal(MSALTraits(backgroundCapability: false, listensForNotification: false, checksAccountOnForeground: false))
        let external = ExternalProgram(exec: ["python3", Self.program, mode], timeoutMilliseconds: CheckAppTests.answerLimit)
        return try ShiftMatrix(app: AppDefinition(id: "orders", name: "Orders", sdk: sdk, external: external),
                               profile: .entraAndroid, tenant: BundledAssets.tenant(), catalogue: Fixtures.catalogue, hasher: Fixtures.hasher)
    }

    /// A runtime receiver clears at GLOBAL_SIGN_OUT wherever the process runs (a cached one
    /// as it resumes); a stopped one learns at its start; the account removed in Settings is
    /// learnt at the resume, as nothing is sent.
    @Test func theWellWrittenAppHandlesEveryAndroidCell() async throws {
        let report = try await Self.matrix("runtime").run()
        #expect(report.cells.count == 5 * 4)
        #expect(CheckAppTests.failures(report).isEmpty, "\(CheckAppText.render(report))")
        func cell(_ t: ShiftTransition, _ s: ShiftAppState) -> CheckAppCell? { report.cells.first { $0.transition == t && $0.state == s } }
        #expect(cell(.signOut, .background)?.delivered == ["broadcast(GLOBAL_SIGN_OUT)", "onAccountChanged", "foreground", "onAccountLoaded"])
        #expect(cell(.signOut, .suspended)?.delivered == ["foreground", "broadcast(GLOBAL_SIGN_OUT)", "onAccountChanged", "onAccountLoaded"])
        #expect(cell(.signOut, .terminated)?.delivered == ["missed broadcast (stopped)", "launch", "onAccountChanged"])
        #expect(cell(.accountRemovedInSettings, .background)?.delivered
                == ["no broadcast (account removed in Settings)", "foreground", "onAccountChanged"])
        #expect(cell(.signInOfAnotherUser, .background)?.did.last == "shows cou2: orders-cou2")
        let text = CheckAppText.render(report)
        #expect(text.contains("  broadcast(TYPE) = CURRENT_ACCOUNT_CHANGED with its BROADCAST_TYPE\n"))
        #expect(text.contains("account removed in Settings: the first user's account is removed in Settings (no\n"))
    }

    /// Without a receiver the broadcast is missed, and reading the account only at start leaks
    /// wherever the process outlives the change, as on iOS.
    @Test func anAppThatReadsTheAccountOnlyAtStartLeaks() async throws {
        let none = try await Self.matrix("none").run(transitions: [.signOut], states: [.background])
        #expect(none.cells.first?.delivered == ["missed broadcast (no receiver registered)", "foreground", "onAccountChanged"])
        #expect(none.cells.first?.verdict == .handled)
        let once = try await Self.matrix("once").run()
        var expected: [String: String] = [:]
        for t: ShiftTransition in [.signOut, .signInOfAnotherUser, .accountRemovedInSettings, .offlineSignOut] {
            for s: ShiftAppState in [.foreground, .background, .suspended] { expected["\(t.rawValue) / \(s.rawValue)"] = "LEAKED" }
        }
        #expect(CheckAppTests.failures(once) == expected, "\(CheckAppText.render(once))")
        let settings = try #require(once.cells.first { $0.transition == .accountRemovedInSettings && $0.state == .background })
        #expect(settings.failureLine == "LEAKED: shows cou1's 'orders-cou1' to cou2 after answering app/foreground (at foreground)")
        #expect(settings.advice?.hasSuffix("Docs/bridge-protocol.md#android-the-account-at-every-start-and-resume") == true)
    }
}
