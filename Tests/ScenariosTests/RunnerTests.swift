import Foundation
import HubUI
import Platform
import SessionEngine
import Testing
@testable import Scenarios

@Suite struct RunnerTests {
    /// (steps after enrolling and checking out cou1 on workspace-one, passes?, text the failure must contain)
    static let ws1Cases: [(String, Bool, String)] = [
        // expect
        ("  - expect: {state: checkedOut, user: cou1}", true, ""),
        ("  - expect: {state: checkedOut(cou1)}", true, ""),
        ("  - expect: {state: checkedIn}", false, "state: checkedOut(cou1)"),
        ("  - expect: {user: cou2}", false, "user: cou1"),
        ("  - expect: {error: none}", true, ""),
        ("  - checkIn\n  - checkIn:\n    refused: true\n  - expect: {error: not-checked-out}", true, ""),
        ("  - checkIn\n  - checkIn:\n    refused: true\n  - expect: {error: offline}", false, "error: not-checked-out"),
        ("  - expect: {online: true, foreground: hub, held: 0, clock: \"08:00:00\", leakCount: 0}", true, ""),
        ("  - goOffline\n  - expect: {online: true}", false, "online: false"),
        ("  - launch: notes\n  - expect: {foreground: hub}", false, "foreground: notes"),
        ("  - expect: {clock: \"09:00:00\"}", false, "clock: 08:00:00"),
        ("  - expect: {screen: \"user: cou1\", notOnScreen: \"user: cou2\"}", true, ""),
        ("  - expect: {screen: \"Nonexistent words\"}", false, "shows \"Nonexistent words\""),
        ("  - expect: {notOnScreen: Notes}", false, "does not show \"Notes\""),
        ("  - expect: {logged: \"check out: device checked out to cou1\"}", true, ""),
        ("  - expect: {state: checkedOut}\n  - expect: {logged: \"check out\"}", false, "event log: an entry containing \"check out\""),
        // action steps and refusals
        ("  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}\n    refused: already-checked-out", true, ""),
        ("  - checkOut: {group: FRONTLINE, user: cou2, password: cou2, refused: \"log out first\"}", true, ""),
        ("  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}", false, "refused: already-checked-out"),
        ("  - checkIn:\n    refused: true", false, "accepted; the device is checkedIn"),
        ("  - checkIn\n  - checkIn:\n    refused: offline", false, "expected:  refused: offline"),
        // expectApp
        ("  - launch: notes\n  - expectApp: {app: notes, callbacks: [\"controllerDidFinishInitialCheck(error: nil)\"]}", true, ""),
        ("  - launch: notes\n  - expectApp: {app: notes, callbacks: [controllerDidFinishInitialCheck]}", true, ""),
        ("  - launch: notes\n  - expectApp: {app: notes, callbacks: [\"controllerDidFinishInitialCheck(error: sharedDeviceNotCheckedOut)\"]}", false,
         "actual:    callbacks: [controllerDidFinishInitialCheck(error: nil)]"),
        ("  - launch: notes\n  - expectApp: {app: notes, callbacks: []}", false, "expected:  callbacks: none"),
        ("  - launch: notes\n  - expectApp: {app: notes, lifecycle: foreground}\n  - expectApp: {app: notes, callbacks: []}", true, ""),
        ("  - launch: notes\n  - expectApp: {app: notes, blocked: false, shows: cou1, items: 4, stored: 4, pending: false, lifecycle: foreground}", true, ""),
        ("  - launch: notes\n  - expectApp: {app: notes, blocked: true}", false, "blocked: false"),
        ("  - launch: notes\n  - expectApp: {app: notes, shows: none}", false, "shows: [cou1]"),
        ("  - launch: notes\n  - expectApp: {app: notes, items: 1}", false, "items shown: 4"),
        ("  - launch: notes\n  - expectApp: {app: notes, stored: 0}", false, "items stored: 4"),
        ("  - launch: notes\n  - expectApp: {app: notes, lifecycle: background}", false, "lifecycle: foreground"),
        ("  - launch: notes\n  - openBroker\n  - checkIn\n  - expectApp: {app: notes, pending: false}", false, "pending: true"),
        ("  - launch: notes\n  - expectApp: {app: notes, notifications: [SHARED_MODE_CURRENT_ACCOUNT_CHANGED]}", false, "notifications: none"),
        ("  - launch: notes\n  - expectApp: {app: notes, calls: [getCurrentAccount]}", false, "calls: none"),
        // leak audit
        ("  - launch: notes\n  - expectNoLeak\n  - expectNoLeak: {exposures: true}", true, ""),
        ("  - launch: scanner\n  - openBroker\n  - checkIn\n  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}\n  - launch: scanner\n  - expectExposure: {app: scanner, owner: cou1}\n  - expectNoLeak", true, ""),
        ("  - launch: scanner\n  - openBroker\n  - checkIn\n  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}\n  - launch: scanner\n  - expectNoLeak: {exposures: true}", false,
         "exposure: scanner keeps cou1's 2 items in plaintext"),
        ("  - launch: notes\n  - expectExposure: {app: notes}", false, "no exposure in notes"),
        ("  - launch: notes\n  - expectLeak: {app: notes}", false, "no leak in notes"),
    ]

    @Test(arguments: 0..<RunnerTests.ws1Cases.count)
    func eachAssertionPassesAndFailsAsSpecified(_ index: Int) throws {
        let (steps, passes, message) = Self.ws1Cases[index]
        let result = try Fixtures.run(Fixtures.ws1(steps))
        #expect(result.passed == passes, "case \(index): \(result.failure.map { "\($0.message)\n\($0.expected)\n\($0.actual)" } ?? "passed")")
        if !passes, let failure = result.failure {
            let text = TextReport.render(RunReport(results: [result], duration: 0))
            #expect(text.contains(message), "case \(index): \(text)")
            #expect(!failure.message.isEmpty)
        }
    }

    @Test func aFailureStopsTheScenarioAndKeepsTheLastScreen() throws {
        let result = try Fixtures.run(Fixtures.ws1("  - expect: {state: locked}\n  - checkIn\n  - expectNoLeak"))
        #expect(!result.passed)
        #expect(result.steps.map(\.status.name) == ["passed", "passed", "failed", "skipped", "skipped"])
        #expect(result.failedLine == 7)
        let screen = try #require(result.screen)
        #expect(screen.contains("user: cou1"))
        #expect(screen.split(separator: "\n", omittingEmptySubsequences: false).count == 24)
    }

    @Test func theLeakWindowRemembersALeakThatClearedBeforeTheAssertion() throws {
        let leaked = """
            name: tasks
            profile: entra-ios
            steps:
              - enroll: {user: stage, password: stage}
              - signIn: {user: cou1, password: cou1}
              - launch: tasks
              - signOut
              - signIn: {user: cou2, password: cou2}
              - launch: tasks
              - background: tasks
            """
        let missed = try Fixtures.run(leaked + "\n  - expectNoLeak")
        #expect(!missed.passed)
        #expect(missed.failure?.actual.contains("LEAK: tasks shows cou1's 2 items to cou2") == true)
        #expect(try Fixtures.run(leaked + "\n  - expectLeak: {app: tasks, owner: cou1}\n  - launch: forms\n  - expectNoLeak").passed)
        let wrongOwner = try Fixtures.run(leaked + "\n  - expectLeak: {app: tasks, owner: cou2}")
        #expect(wrongOwner.failure?.message == "no leak in tasks of cou2's data")
    }

    @Test func pressStepsGoThroughTheUIAndItsRefusalsCount() throws {
        let result = try Fixtures.run("""
            profile: workspace-one
            steps:
              - press: "FRONTLINE<Enter>stage<Enter>stage<Enter>"
              - expect: {state: checkedIn, screen: "Checked in (staged)"}
              - press: "FRONTLINE<Enter>cou1<Enter>nope<Enter>"
              - expect: {error: wrong-credentials, screen: "4 of 5"}
              - press: "<C-u>${PW}<Enter>"
              - expect: {state: checkedOut, user: cou1, error: none}
              - press: "<Resize:120x40>"
              - expect: {screen: "leaks: 0"}
            """, environment: ["PW": "cou1"])
        #expect(result.passed, "\(result.failure.map { "\($0.expected) / \($0.actual)" } ?? "")")
    }

    @Test func runFilesReportsExitStatus() async {
        let dir = Fixtures.temporaryDirectory()
        let good = Fixtures.write(Fixtures.ws1("  - expect: {state: checkedOut}"), "good.yaml", in: dir)
        let bad = Fixtures.write(Fixtures.ws1("  - expect: {state: checkedIn}"), "bad.yaml", in: dir)
        let broken = Fixtures.write("profile: workspace-one\nsteps:\n  - dance\n", "broken.yaml", in: dir)
        let runner = Fixtures.runner()
        #expect(await runner.run(files: [good]).exitStatus == 0)
        let failing = await runner.run(files: [good, bad])
        #expect(failing.exitStatus == 1)
        #expect(failing.passedCount == 1 && failing.failedCount == 1)
        let errored = await runner.run(files: [good, bad, broken, dir.appendingPathComponent("missing.yaml").path])
        #expect(errored.exitStatus == 2)
        #expect(errored.fileErrors.count == 2)
        // The valid list is every step name, in order (StepNameTests checks the order itself).
        #expect(errored.fileErrors[0].description.hasSuffix("broken.yaml:3:5: unknown step 'dance'; valid steps: \(StepParser.validSteps)"))
        #expect(errored.results.map(\.passed) == [true, false, false, false])
        #expect(await runner.run(files: []).exitStatus == 2)
        let text = TextReport.render(errored)
        #expect(text.contains("ERROR \(broken):3:5: unknown step 'dance'"))
        #expect(text.hasSuffix("4 scenarios: 1 passed, 1 failed, 2 file errors; \(errored.stepCount) steps in \(TextReport.seconds(errored.duration))\n"))
    }

    @Test func secretsNeverAppearInReports() throws {
        let result = try Fixtures.run(Fixtures.ws1("""
              - openBroker
              - checkIn
              - checkOut: {group: FRONTLINE, user: cou2, password: "hunter2-secret"}
            """))
        #expect(!result.passed)
        let reports = [TextReport.render(RunReport(results: [result], duration: 0)), TAPReport.render(RunReport(results: [result], duration: 0)),
                       JUnitReport.render(RunReport(results: [result], duration: 0))]
        for r in reports { #expect(!r.contains("hunter2-secret")) }
        #expect(reports[0].contains("refused: wrong-credentials"))
    }
}

extension StepResult.Status {
    var name: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .skipped: "skipped"
        }
    }
}

@Suite struct SharedVerifierTests {
    @Test func concurrentChecksOfTheSamePasswordAgreeAndWrongOnesFail() {
        let base = ScryptHasher(logN: 10)
        let hash = base.hash("correct horse")
        let verifier = SharedVerifier(base: base)
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            results.append(i, verifier.verify(i % 4 == 3 ? "wrong" : "correct horse", against: hash))
        }
        #expect(results.sorted == [true, true, true, false, true, true, true, false])
        #expect(verifier.verify("correct horse", against: hash))
    }

    @Test func theCostliestScenariosStartFirst() throws {
        let runner = Fixtures.runner()
        let plain = try Fixtures.scenario(Fixtures.ws1("  - goOnline"))
        let lockout = try Fixtures.scenario(Fixtures.ws1("  - checkIn\n  - checkOut: {group: FRONTLINE, user: cou2, password: x}\n    refused: wrong-credentials"))
        let strict = try Fixtures.scenario("profile: workspace-one\ntenant: strict\nsteps: [goOnline]\n")
        #expect(runner.estimatedCost(plain) == 0)
        #expect(runner.estimatedCost(lockout) == 1)
        #expect(runner.estimatedCost(strict) == 2)
        // A refusal given before any check costs no derivation; one named by a sentence counts as a check.
        let offline = try Fixtures.scenario(Fixtures.ws1("  - checkIn\n  - goOffline\n  - checkOut: {group: FRONTLINE, user: cou2, password: x}\n    refused: offline"))
        let sentence = try Fixtures.scenario(Fixtures.ws1("  - checkIn\n  - checkOut: {group: FRONTLINE, user: cou2, password: x}\n    refused: 4 attempts left"))
        #expect(runner.estimatedCost(offline) == 0)
        #expect(runner.estimatedCost(sentence) == 1)
    }
}

/// Results written from several threads.
final class ResultBox: @unchecked Sendable {
    private var values: [Int: Bool] = [:]
    private let lock = NSLock()
    func append(_ i: Int, _ v: Bool) { lock.lock(); values[i] = v; lock.unlock() }
    var sorted: [Bool] { lock.lock(); defer { lock.unlock() }; return values.keys.sorted().map { values[$0]! } }
}
