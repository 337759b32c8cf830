import Configuration
import Foundation
import SessionEngine
import Testing
@testable import Scenarios

/// The scenario language's faults (Assets/scenarios/README.md, "Faults"; Docs/faults.md):
/// `fault:` steps, per-app `faults:` entries, the `faultSeed:` header and `expectFault:`, each
/// read into what the engine takes, and each mistake refused at its position with the valid
/// choices.
@Suite struct FaultStepTests {
    static func ws1(_ steps: String, apps: String = "[notes, scanner]", header: String = "") -> String {
        """
        profile: workspace-one
        apps: \(apps)
        \(header)
        steps:
        \(steps)
        """
    }

    static func actions(_ s: Scenario) -> [[DeviceAction]] {
        s.steps.compactMap { if case let .action(a, _) = $0.kind { a } else { nil } }
    }

    // MARK: fault steps

    @Test func aFaultStepArmsOrDisarmsOnOneApp() throws {
        let s = try Fixtures.scenario(Self.ws1("""
              - fault: {app: notes, arm: "delay 30s"}
              - fault: {app: notes, arm: drop}
              - fault: {app: scanner, arm: "crash-in-callback after 1"}
              - fault: {app: scanner, arm: slow-callback}
              - fault: {app: notes, disarm: true}
              - fault: {app: scanner, disarm: 3}
              - fault: {disarm: 1}
            """))
        #expect(Self.actions(s) == [
            [.armFault("notes", InjectedFault(.delay, seconds: 30))],
            [.armFault("notes", InjectedFault(.drop))],
            [.armFault("scanner", InjectedFault(.crashInCallback, deletesBeforeCrash: 1))],
            [.armFault("scanner", InjectedFault(.slowCallback, seconds: 120))],
            [.disarmFaults("notes")],
            [.disarmFault(3)],
            [.disarmFault(1)],
        ])
        #expect(s.steps.map(\.label) == [
            "fault notes: arm delay 30s", "fault notes: arm drop", "fault scanner: arm crash-in-callback after 1",
            "fault scanner: arm slow-callback 2m", "fault notes: disarm", "fault scanner: disarm fault 3", "fault: disarm fault 1",
        ])
        #expect(s.steps.map(\.line) == [5, 6, 7, 8, 9, 10, 11])
    }

    @Test func aFaultStepTakesRefused() throws {
        let s = try Fixtures.scenario(Self.ws1("  - fault: {app: notes, arm: drop, refused: true}"))
        guard case let .action(actions, refused) = try #require(s.steps.first).kind else { Issue.record("not an action"); return }
        #expect(actions == [.armFault("notes", InjectedFault(.drop))])
        #expect(refused == .any)
    }

    /// (steps, line, column, text the message contains)
    static let faultStepErrors: [(String, Int, Int, String)] = [
        ("  - fault: {app: notes, arm: explode}", 5, 30,
         "unknown fault 'explode'; valid: drop, delay 30s, duplicate, reorder, crash-in-callback [after N], slow-callback 2m"),
        ("  - fault: {app: notes, arm: \"delay forever\"}", 5, 30, "'delay forever' is not a delay fault as written; write it as 'delay 30s'"),
        ("  - fault: {app: notes, arm: \"crash-in-callback after\"}", 5, 30, "write it as 'crash-in-callback [after N]'"),
        ("  - fault: {app: notes, arm: ignores-wipe-callback}", 5, 30, "'ignores-wipe-callback' is an app's own fault: list it under the app's 'faults:'"),
        ("  - fault: {app: mail, arm: drop}", 5, 18, "unknown app 'mail'; valid: notes, scanner"),
        ("  - fault: {arm: drop}", 5, 12, "fault needs 'app'"),
        ("  - fault: notes", 5, 12, "fault needs a mapping: fault: {app: notes, arm: \"delay 30s\"} or fault: {app: notes, disarm: true}"),
        ("  - fault", 5, 5, "fault needs a mapping"),
        ("  - fault: {app: notes}", 5, 12, "fault needs 'arm' (one of drop, delay 30s"),
        ("  - fault: {app: notes, arm: drop, disarm: true}", 5, 44, "a fault step arms or disarms, not both"),
        ("  - fault: {app: notes, disarm: false}", 5, 33, "disarm: false disarms nothing; write disarm: true, disarm: N (fault N), or arm: one of drop"),
        ("  - fault: {app: notes, disarm: maybe}", 5, 33, "disarm must be true or false, not 'maybe'"),
        ("  - fault: {app: notes, disarm: 0}", 5, 33, "disarm takes true (every fault armed on the app) or a fault's number, 1 or more (got 0)"),
        ("  - fault: {app: mail, disarm: 2}", 5, 18, "unknown app 'mail'; valid: notes, scanner"),
        ("  - fault: {disarm: true}", 5, 12, "fault needs 'app'"),
        ("  - fault: {app: notes, arm: drop, when: now}", 5, 36, "unknown key 'when' in fault; valid keys: app, arm, disarm, refused"),
    ]

    @Test(arguments: 0..<faultStepErrors.count)
    func aWrongFaultStepIsRefusedWhereItIsWritten(_ index: Int) throws {
        let (steps, line, column, text) = Self.faultStepErrors[index]
        let error = try #require(Fixtures.parseError(Self.ws1(steps)), "\(steps) parsed")
        #expect(error.message.contains(text), "\(error.message)")
        #expect((error.line, error.column) == (line, column), "\(error)")
    }

    // MARK: per-app faults

    @Test func anAppEntryListsBothKindsOfFaults() throws {
        let s = try Fixtures.scenario(Self.ws1("  - checkIn:\n    refused: true",
                                               apps: "[scanner, {app: notes, faults: [drop, ignores-wipe-callback, \"delay 1m\"]}, handbook]"))
        let notes = try #require(s.apps.first { $0.id == "notes" })
        #expect(notes.faults == [.ignoresWipeCallback])
        #expect(notes.deliveryFaults == [InjectedFault(.drop), InjectedFault(.delay, seconds: 60)])
        // The catalogue app keeps its own fault; an app listed without faults arms none.
        let handbook = try #require(s.apps.first { $0.id == "handbook" })
        #expect(handbook.faults == [.ignoresWipeCallback] && handbook.deliveryFaults == nil)
        #expect(s.apps.first { $0.id == "scanner" }?.deliveryFaults == nil)
    }

    @Test func anAppOfTheFilesOwnTakesDeliveryFaults() throws {
        let s = try Fixtures.scenario(Self.ws1("  - checkIn:\n    refused: true",
                                               apps: "[notes, {id: orders, exec: [python3, orders.py], faults: [duplicate]}]"))
        #expect(s.apps.last?.deliveryFaults == [InjectedFault(.duplicate)])
        let error = try #require(Fixtures.parseError(Self.ws1("  - checkIn",
                                                              apps: "[notes, {id: orders, exec: [python3, orders.py], faults: [keeps-previous-user-data]}]")))
        #expect(error.message.contains("'keeps-previous-user-data' is a fault of the simulator's own apps; a program takes delivery faults only: drop,"))
    }

    @Test func anUnknownFaultInAnAppEntryListsBothKinds() throws {
        let error = try #require(Fixtures.parseError(Self.ws1("  - checkIn", apps: "[{app: notes, faults: [drop, explode]}]")))
        #expect(error.message == "unknown fault 'explode'; valid: ignores-wipe-callback, keeps-previous-user-data (the app's own, always on), "
            + "or a delivery fault armed at install: drop, delay 30s, duplicate, reorder, crash-in-callback [after N], slow-callback 2m, nil-accounts, token-in-flight")
        #expect((error.line, error.column) == (2, 36))
        let key = try #require(Fixtures.parseError(Self.ws1("  - checkIn", apps: "[{app: notes, fault: [drop]}]")))
        #expect(key.message.contains("unknown key 'fault'"), "\(key.message)")
        #expect(key.message.contains("app, sso, faults"), "\(key.message)")
    }

    @Test func theCatalogueReadsDeliveryFaults() throws {
        let node = try YAMLValue.parse("""
            id: clock
            sdk: workspace-one
            faults: [ignores-wipe-callback, "slow-callback 90s"]
            """, file: "apps.yaml")
        let app = try AppEntryReader.read(node, directory: nil)
        #expect(app.faults == [.ignoresWipeCallback])
        #expect(app.deliveryFaults == [InjectedFault(.slowCallback, seconds: 90)])
        // Without delivery faults the definition keeps its shape: stored devices and the
        // compiled catalogue read as before.
        let plain = AppDefinition(id: "x", name: "X", sdk: .none)
        let json = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!json.contains("deliveryFaults"))
        #expect(try JSONDecoder().decode(AppDefinition.self, from: Data(json.utf8)) == plain)
    }

    // MARK: the seed

    @Test func theHeaderSetsTheFaultSeed() throws {
        #expect(try Fixtures.scenario(Self.ws1("  - checkIn:\n    refused: true", header: "faultSeed: 18446744073709551615")).faultSeed == .max)
        #expect(try Fixtures.scenario(Self.ws1("  - checkIn:\n    refused: true")).faultSeed == nil)
        let error = try #require(Fixtures.parseError(Self.ws1("  - checkIn", header: "faultSeed: -1")))
        #expect(error.message == "faultSeed must be a whole number from 0 to 18446744073709551615, the seed of the device's injected faults (got -1)")
        #expect((error.line, error.column) == (3, 12))
    }

    @Test func theSeedReachesTheDevice() throws {
        let s = try Fixtures.scenario(Self.ws1("  - checkIn:\n    refused: true", header: "faultSeed: 42"))
        let device = s.device(dependencies: .seeded(hasher: Fixtures.hasher))
        #expect(device.snapshot.faults?.seed == 42)
    }

    // MARK: expectFault

    @Test func expectFaultReadsWhatItChecks() throws {
        let s = try Fixtures.scenario(Self.ws1("""
              - expectFault: {app: notes, fired: drop, consequence: cou1, during: logOut}
              - expectFault: {app: scanner, armed: "delay 30s"}
              - expectFault: {app: scanner, fired: none, armed: none}
            """))
        let checks: [FaultExpectation] = s.steps.compactMap { if case let .expectFault(e) = $0.kind { e } else { nil } }
        var first = FaultExpectation(app: "notes")
        first.fired = "drop"; first.consequence = "cou1"; first.during = "logOut"
        var second = FaultExpectation(app: "scanner")
        second.armed = "delay 30s"
        var third = FaultExpectation(app: "scanner")
        third.fired = "none"; third.armed = "none"
        #expect(checks == [first, second, third])
        #expect(s.steps.map(\.label) == ["expectFault notes fired drop", "expectFault scanner armed delay 30s", "expectFault scanner fired none armed none"])
    }

    static let expectFaultErrors: [(String, Int, Int, String)] = [
        ("  - expectFault: notes", 5, 18, "expectFault must be a mapping"),
        ("  - expectFault", 5, 5, "expectFault needs the app and what to check"),
        ("  - expectFault: {app: notes}", 5, 18, "expectFault needs something to check: fired, armed, consequence, during"),
        ("  - expectFault: {app: notes, fired: explode}", 5, 38, "unknown fault 'explode'; valid: drop"),
        ("  - expectFault: {app: notes, during: lunch}", 5, 39, "unknown transition 'lunch'; valid: enroll, installProfile, checkOut"),
        ("  - expectFault: {app: notes, fired: none, consequence: cou1}", 5, 18, "expectFault with fired: none cannot also check"),
        ("  - expectFault: {app: notes, caused: leak}", 5, 31, "'caused'"),
    ]

    @Test(arguments: 0..<expectFaultErrors.count)
    func aWrongExpectFaultIsRefusedWhereItIsWritten(_ index: Int) throws {
        let (steps, line, column, text) = Self.expectFaultErrors[index]
        let error = try #require(Fixtures.parseError(Self.ws1(steps)), "\(steps) parsed")
        #expect(error.message.contains(text), "\(error.message)")
        #expect((error.line, error.column) == (line, column), "\(error)")
    }

    // MARK: running them

    @Test func faultsListedInAnAppEntryAreArmedAtInstallAndNamedInReports() throws {
        let result = try Fixtures.run(Self.ws1("""
              - expectFault: {app: notes, armed: none}
              - enroll: {group: FRONTLINE, user: stage, password: stage}
              - expectFault: {app: notes, armed: drop, fired: none}
              - expectFault: {app: scanner, armed: none}
              - fault: {app: scanner, arm: "delay 1m"}
              - expectFault: {app: scanner, armed: "delay 1m"}
              - expectFault: {app: scanner, armed: delay}
              - fault: {app: scanner, disarm: true}
              - expectFault: {app: scanner, armed: none}
            """, apps: "[{app: notes, faults: [drop]}, scanner]"))
        #expect(result.passed, "\(result.failedStep.map { "\($0.step.label): \($0.failure!.actual)" } ?? "")")
        #expect(result.faults == ["drop on notes", "delay 1m on scanner"])
        #expect(result.reportName == "test [faults: drop on notes, delay 1m on scanner]")
        let report = RunReport(results: [result], duration: 0)
        #expect(JUnitReport.render(report).contains("<testsuite name=\"test [faults: drop on notes, delay 1m on scanner]\""))
        #expect(TAPReport.render(report).contains("ok 1 - test.yaml: test [faults: drop on notes, delay 1m on scanner] (9 steps)"))
        #expect(TextReport.render(report).contains("test [faults: drop on notes, delay 1m on scanner]"))
    }

    @Test func expectFaultSaysWhatIsArmedAndWhatFired() throws {
        let result = try Fixtures.run(Self.ws1("""
              - enroll: {group: FRONTLINE, user: stage, password: stage}
              - fault: {app: notes, arm: duplicate}
              - expectFault: {app: notes, armed: reorder, fired: drop}
            """))
        let failure = try #require(result.failedStep?.failure)
        #expect(failure.message == "fired on notes differs; armed on notes differs")
        #expect(failure.expected == "fired on notes: drop\narmed on notes: reorder")
        #expect(failure.actual == "fired on notes: none\narmed on notes: [#1 duplicate]")
    }

    /// `hubsim compare` plays a scenario's faults on both profiles, with the file's seed, so it
    /// shows which system survives them.
    @Test func aComparisonArmsTheSameFaultsOnBothProfiles() throws {
        let scenario = try Fixtures.scenario("""
            profile: entra-ios
            faultSeed: 5
            apps: [chat, {app: mail, faults: [duplicate]}]
            steps:
              - enroll: {user: stage, password: stage}
              - signIn: {user: cou1, password: cou1}
              - launch: chat
              - fault: {app: chat, arm: drop}
              - signOut
            """)
        var play = try Comparison(scenario: scenario, profiles: [.workspaceOne, .entraIOS]).start(hasher: Fixtures.hasher)
        play.playToEnd()
        #expect(play.steps[3].labels[0] == "fault drop on chat" && play.steps[3].labels[1] == "fault drop on chat")
        for side in play.devices.map(\.device) {
            #expect(side.faultSeed == 5)
            let all = side.faultEffects.map(\.fault) + side.armedFaults
            #expect(Set(all.map { "\($0.fault.label) on \($0.app)" }) == ["duplicate on mail", "drop on chat"], "\(side.profile.id)")
        }
        #expect(play.refusals.allSatisfy { $0.isEmpty }, "\(play.refusals)")
    }

    /// Found by the random walks: a delayed delivery that comes due in step mode after its app
    /// was terminated is dropped, not held for an app that is not running.
    @Test func aDelayedDeliveryForAnAppNoLongerRunningIsDropped() throws {
        let result = try Fixtures.run(Self.ws1("""
              - enroll: {group: FRONTLINE, user: stage, password: stage}
              - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
              - launch: notes
              - fault: {app: notes, arm: "delay 30s"}
              - setDeliveryMode: held
              - openHub
              - checkIn
              - launch: notes
              - terminate: notes
              - expect: {held: 0}
              - advanceClock: 60
              - expect: {held: 0, logged: "dropped: "}
              - expectFault: {app: notes, fired: "delay 30s"}
            """))
        #expect(result.passed, "\(result.failedStep.map { "\($0.step.label): \($0.failure!.actual)" } ?? "")")
    }

    /// A check that fails after a fault fired on its app names the fault and what it caused: a
    /// reader tells the fault's doing from the app's.
    @Test func aFailedCheckNamesTheFaultThatFiredOnItsApp() throws {
        let result = try Fixtures.run(Self.ws1("""
              - enroll: {group: FRONTLINE, user: stage, password: stage}
              - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
              - launch: notes
              - fault: {app: notes, arm: drop}
              - openHub
              - checkIn
              - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
              - launch: notes
              - expectFault: {app: notes, fired: drop, consequence: "cou1's 3 items", during: checkOut}
              - expectNoLeak
            """))
        let failure = try #require(result.failedStep?.failure)
        #expect(result.failedStep?.step.label == "expectNoLeak")
        #expect(failure.message == "the leak audit found a visible leak — after injected fault #1 drop on notes")
        #expect(failure.actual.hasPrefix("LEAK: notes shows cou1's 3 items to cou2\ninjected fault #1 drop at checkOut: notes never gets"), "\(failure.actual)")
        // A check on another app says nothing of notes' fault.
        let other = try Fixtures.run(Self.ws1("""
              - enroll: {group: FRONTLINE, user: stage, password: stage}
              - fault: {app: notes, arm: drop}
              - expectApp: {app: scanner, lifecycle: foreground}
            """))
        #expect(other.failedStep?.failure?.message == "lifecycle differs")
    }
}
