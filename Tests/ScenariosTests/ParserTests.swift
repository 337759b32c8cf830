import Configuration
import Foundation
import HubUI
import SessionEngine
import Testing
@testable import Scenarios

@Suite struct ParserTests {
    @Test func everyStepOfTheVocabularyParses() throws {
        let s = try Fixtures.scenario("""
            name: All steps
            profile: workspace-one
            tenant: strict
            policy: {inactivityTimeout: 90s, failedAttemptLimit: 3, lockoutSeconds: 1m, appPasscode: {required: true, minLength: 6}}
            apps: [notes, handbook]
            screen: 120x40
            steps:
              - enroll: {group: WAREHOUSE, user: stage, password: stage}
              - enroll: {group: WAREHOUSE, user: stage, password: stage, complete: false}
              - installProfileStep
              - completeEnrollment
              - checkOut: {group: WAREHOUSE, user: cou1, password: cou1, passcode: "123456"}
              - checkIn
              - logOut:
                refused: not-checked-out
              - unlock: {passcode: "123456"}
              - unlock: {password: cou1, refused: true}
              - enterpriseWipe
              - launch: notes
              - background: notes
              - suspend: notes
              - terminate: handbook
              - openBroker
              - openHub
              - goOffline
              - goOnline
              - advanceClock: 300
              - advanceClock: 1.5
              - advanceClock: 2h
              - setDeliveryMode: held
              - releaseDelivery
              - userActivity
              - press: "cou1<Enter><F10><C-x><S-Tab><lt><Click:3,4><Tick:0.5><Resize:100x30>"
              - expect: {state: checkedOut(cou1), user: cou1, error: none, screen: [Hub, cou1], notOnScreen: secret, online: true,
                         foreground: notes, held: 0, clock: "08:00:00", leakCount: 0, logged: check out}
              - expectApp: {app: notes, callbacks: [controllerDidWipeCurrentUserData], notifications: [], calls: [getCurrentAccount],
                            blocked: until-relaunch, shows: [cou1, cou2], lifecycle: notRunning, items: 3, stored: 4, pending: false}
              - expectNoLeak
              - expectNoLeak: {app: notes, exposures: true}
              - expectLeak: handbook
              - expectLeak: {app: handbook, owner: cou1}
              - expectExposure: {app: handbook, owner: cou1}
            """)
        #expect(s.name == "All steps")
        #expect(s.profile == .workspaceOne)
        #expect(s.apps.map(\.id) == ["notes", "handbook"])
        #expect(s.screenWidth == 120 && s.screenHeight == 40)
        #expect(s.tenant.policy.inactivityTimeout == 90)
        #expect(s.tenant.policy.lockoutDuration == 60)
        #expect(s.tenant.policy.failedAttemptLimit == 3)
        #expect(s.tenant.policy.appPasscodeMinLength == 6)
        #expect(s.steps.count == 32)

        func actions(_ i: Int) -> [DeviceAction]? { if case let .action(a, _) = s.steps[i].kind { a } else { nil } }
        func refused(_ i: Int) -> RefusalExpectation?? { if case let .action(_, r) = s.steps[i].kind { r } else { nil } }
        #expect(actions(0) == [.enroll(group: "WAREHOUSE", user: "stage", password: "stage"), .completeEnrollment])
        #expect(actions(1) == [.enroll(group: "WAREHOUSE", user: "stage", password: "stage")])
        #expect(actions(2) == [.installProfileStep])
        #expect(actions(3) == [.completeEnrollment])
        #expect(actions(4) == [.checkOut(group: "WAREHOUSE", user: "cou1", password: "cou1", passcode: "123456")])
        #expect(actions(5) == [.logOut])
        #expect(actions(6) == [.logOut] && refused(6) == .some(.matching("not-checked-out")))
        #expect(actions(7) == [.unlock("123456")])
        #expect(actions(8) == [.unlock("cou1")] && refused(8) == .some(.any))
        #expect(actions(9) == [.enterpriseWipe])
        #expect(actions(10) == [.launch("notes")])
        #expect(actions(11) == [.background("notes")])
        #expect(actions(12) == [.suspend("notes")])
        #expect(actions(13) == [.terminate("handbook")])
        #expect(actions(14) == [.openBroker] && actions(15) == [.openBroker])
        #expect(actions(16) == [.goOffline] && actions(17) == [.goOnline])
        #expect(actions(18) == [.advanceClock(seconds: 300)])
        #expect(actions(19) == [.advanceClock(seconds: 1.5)])
        #expect(actions(20) == [.advanceClock(seconds: 7200)])
        #expect(actions(21) == [.setDeliveryMode(.held)])
        #expect(actions(22) == [.releaseDelivery])
        #expect(actions(23) == [.userActivity])
        guard case let .press(events, text) = s.steps[24].kind else { Issue.record("press"); return }
        #expect(text.hasPrefix("cou1<Enter>"))
        #expect(events == [.key(.char("c")), .key(.char("o")), .key(.char("u")), .key(.char("1")), .key(.enter), .key(.function(10)),
                           .key(.ctrl("x")), .key(.backTab), .key(.char("<")), .mouse(MouseEvent(x: 3, y: 4)), .tick(0.5),
                           .resize(width: 100, height: 30)])
        guard case let .expect(e) = s.steps[25].kind else { Issue.record("expect"); return }
        #expect(e.state == "checkedOut(cou1)" && e.user == "cou1" && e.error == "none" && e.screen == ["Hub", "cou1"])
        #expect(e.notOnScreen == ["secret"] && e.online == true && e.foreground == "notes" && e.held == 0)
        #expect(e.clock == "08:00:00" && e.leakCount == 0 && e.logged == ["check out"])
        guard case let .expectApp(a) = s.steps[26].kind else { Issue.record("expectApp"); return }
        #expect(a.app == "notes" && a.callbacks == ["controllerDidWipeCurrentUserData"] && a.notifications == [])
        #expect(a.calls == ["getCurrentAccount"] && a.blocked == "until-relaunch" && a.shows == ["cou1", "cou2"])
        #expect(a.lifecycle == .notRunning && a.items == 3 && a.stored == 4 && a.pending == false)
        guard case .expectNoLeak(nil, false) = s.steps[27].kind else { Issue.record("expectNoLeak"); return }
        guard case .expectNoLeak("notes", true) = s.steps[28].kind else { Issue.record("expectNoLeak app"); return }
        guard case let .expectLeak(l1) = s.steps[29].kind, case let .expectLeak(l2) = s.steps[30].kind,
              case let .expectExposure(x) = s.steps[31].kind else { Issue.record("leak steps"); return }
        #expect(l1 == LeakExpectation(app: "handbook") && l2 == LeakExpectation(app: "handbook", owner: "cou1"))
        #expect(x == LeakExpectation(app: "handbook", owner: "cou1"))
        #expect(s.steps[4].line == 12 && s.steps[4].column == 5)
        #expect(s.steps[4].label == "checkOut cou1")
    }

    @Test func entraStepsMapToGlobalSignInAndOut() throws {
        let s = try Fixtures.scenario("""
            profile: entra-ios
            steps:
              - enroll: {user: stage, password: stage}
              - signIn: {user: cou1, password: cou1, from: chat}
              - signOut: {from: chat, browser: true}
              - checkOut: {user: cou2, password: cou2}
              - checkIn
              - signOut
            """, file: "dir/entra-walk.yaml")
        #expect(s.name == "entra-walk")
        #expect(s.apps.map(\.id) == ["chat", "mail", "tasks", "roster", "till", "forms"])
        let all = s.steps.compactMap { if case let .action(a, _) = $0.kind { a } else { nil } }
        #expect(all == [
            [.enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment],
            [.signIn(user: "cou1", password: "cou1", from: .app("chat"))],
            [.signOut(from: .app("chat"), browser: true)],
            [.signIn(user: "cou2", password: "cou2", from: .broker)],
            [.signOut(from: .broker, browser: false)],
            [.signOut(from: .broker, browser: false)],
        ])
    }

    @Test func environmentReferencesAreResolved() throws {
        let s = try Fixtures.scenario("""
            profile: workspace-one
            steps:
              - enroll: {group: FRONTLINE, user: stage, password: "${HUBSIM_PASSWORD_STAGE}"}
              - press: "$${HUBSIM_PASSWORD_COU1}"
            """, environment: ["HUBSIM_PASSWORD_STAGE": "stage"])
        guard case let .action(a, _) = s.steps[0].kind, case let .enroll(_, _, password) = a[0] else { Issue.record("enroll"); return }
        #expect(password.withPlaintext { $0 } == "stage")
        guard case let .press(events, _) = s.steps[1].kind else { Issue.record("press"); return }
        #expect(events.count == "${HUBSIM_PASSWORD_COU1}".count)
        #expect(EnvironmentReferences.variable(for: "cou1") == "HUBSIM_PASSWORD_COU1")
        #expect(EnvironmentReferences.variable(for: "anne-marie.o", passcode: true) == "HUBSIM_PASSCODE_ANNE_HMARIE_DO")
    }

    // MARK: errors, each with its position

    /// (scenario text, line, column, text the message must contain)
    static let errorCases: [(String, Int, Int, String)] = [
        ("profile: workspace-one\nsteps:\n  - enroll: {group: F, user: s, password: [x\n", 4, 1, "invalid YAML"),
        ("name: x\nprofle: workspace-one\nsteps: [goOnline]\n", 2, 1, "unknown key 'profle' in a scenario; valid keys: name, description, profile"),
        ("profile: windows\nsteps: [goOnline]\n", 1, 10, "unknown profile 'windows'; valid: workspace-one, entra-ios"),
        ("steps: [goOnline]\n", 1, 1, "a scenario needs 'profile'"),
        ("profile: workspace-one\n", 1, 1, "a scenario needs 'steps'"),
        ("profile: workspace-one\nsteps: []\n", 2, 8, "at least one step"),
        ("profile: workspace-one\nsteps:\n  - goOnline\n  - checkout: {user: a}\n", 4, 5,
         "unknown step 'checkout'; valid steps: enroll, installProfileStep, completeEnrollment, checkOut"),
        ("profile: workspace-one\nsteps:\n  - launch: notepad\n", 3, 13, "unknown app 'notepad'; valid: notes, scanner, inventory, reports, forms"),
        ("profile: workspace-one\napps: [notes, chess]\nsteps: [goOnline]\n", 2, 15, "unknown app 'chess'; valid apps: notes, scanner, inventory, reports, timeclock, handbook, chat"),
        ("profile: workspace-one\nsteps:\n  - expectApp: {app: chat, shows: none}\n", 3, 22, "unknown app 'chat'; valid: notes"),
        ("profile: workspace-one\nsteps:\n  - checkOut: {user: cou1}\n", 3, 15, "checkOut needs 'password'"),
        ("profile: workspace-one\nsteps:\n  - checkOut: {user: cou1, password: x, pin: 1}\n", 3, 41,
         "unknown key 'pin' in checkOut; valid keys: group, passcode, password, user, refused"),
        ("profile: workspace-one\nsteps:\n  - checkOut: {user: cou1, password: \"${HUBSIM_PASSWORD_COU1}\"}\n", 3, 39,
         "environment variable HUBSIM_PASSWORD_COU1 is not set"),
        ("profile: workspace-one\nsteps:\n  - press: \"cou1<Entr>\"\n", 3, 17, "unknown key <Entr>; valid: <Enter>"),
        ("profile: workspace-one\nsteps:\n  - press: cou1<Enter\n", 3, 16, "'<' is not closed"),
        ("profile: workspace-one\nsteps:\n  - goOnline: now\n", 3, 15, "goOnline takes no arguments"),
        ("profile: workspace-one\nsteps:\n  - goOnline\n    launch: notes\n", 4, 11, "mapping values are not allowed"),
        ("profile: workspace-one\nsteps:\n  - goOnline:\n    launch: notes\n", 4, 5, "one step per list entry: 'goOnline' and 'launch'"),
        ("profile: workspace-one\nsteps:\n  - expectNoLeak:\n    refused: true\n", 4, 14, "'refused' belongs to action steps"),
        ("profile: workspace-one\nsteps:\n  - expect: {state: happy}\n", 3, 21, "unknown state 'happy'; valid: unenrolled, enrolling, checkedIn, checkedOut, locked"),
        ("profile: workspace-one\nsteps:\n  - expect: {mood: happy}\n", 3, 14, "unknown key 'mood' in expect; valid keys: state, user, error, screen"),
        ("profile: workspace-one\nsteps:\n  - expectApp: {app: notes, blocked: maybe}\n", 3, 38, "blocked must be true, false or a reason"),
        ("profile: workspace-one\nsteps:\n  - expectApp: {app: notes, lifecycle: asleep}\n", 3, 40, "unknown lifecycle 'asleep'"),
        ("profile: workspace-one\nsteps:\n  - signIn: {user: a, password: b}\n", 3, 5, "signIn is an Entra step (entra-ios, entra-android, android-mhs); on workspace-one check out with checkOut"),
        ("profile: entra-ios\nsteps:\n  - enterpriseWipe\n", 3, 5, "enterpriseWipe is a workspace-one step"),
        ("profile: entra-ios\nsteps:\n  - signIn: {user: a, password: b, from: safari}\n", 3, 42, "unknown app 'safari'; valid: broker, chat"),
        ("profile: workspace-one\nsteps:\n  - advanceClock: soon\n", 3, 19, "advanceClock must be a number of seconds"),
        ("profile: workspace-one\nsteps:\n  - unlock: {password: a, passcode: \"1\"}\n", 3, 13, "unlock needs exactly one of"),
        ("profile: workspace-one\ntenant: nowhere.yaml\nsteps: [goOnline]\n", 2, 9, "tenant file 'nowhere.yaml' not found"),
        ("profile: workspace-one\nscreen: huge\nsteps: [goOnline]\n", 2, 9, "screen must be WIDTHxHEIGHT"),
        ("profile: workspace-one\npolicy: {inactivityTimeout: 0}\nsteps: [goOnline]\n", 2, 29, "inactivityTimeout must be between 0.001 and 315,360,000 seconds (10 years) (got 0)"),
        ("profile: workspace-one\npolicy: {timeout: 5}\nsteps: [goOnline]\n", 2, 10, "unknown key 'timeout' in the policy"),
        ("profile: workspace-one\nsteps:\n  - setDeliveryMode: slow\n", 3, 22, "setDeliveryMode must be held or immediate"),
    ]

    @Test(arguments: 0..<ParserTests.errorCases.count)
    func fileErrorsNameTheirPositionAndTheValidChoices(_ index: Int) {
        let (yaml, line, column, message) = Self.errorCases[index]
        let error = Fixtures.parseError(yaml)
        #expect(error != nil, "expected an error for case \(index)")
        guard let error else { return }
        #expect(error.file == "bad.yaml")
        #expect(error.message.contains(message), "case \(index): \(error.description)")
        #expect(error.line == line && error.column == column, "case \(index): \(error.description)")
        #expect(error.description.hasPrefix("bad.yaml:\(line):\(column): "))
    }

    @Test func aRelativeTenantPathIsReadBesideTheScenario() throws {
        let dir = Fixtures.temporaryDirectory()
        let tenant = try BundledAssets.text("tenant-strict.yaml")
        _ = Fixtures.write(tenant, "console.yaml", in: dir)
        let path = Fixtures.write("profile: workspace-one\ntenant: console.yaml\nsteps: [goOnline]\n", "s.yaml", in: dir)
        let s = try Fixtures.parser().load(contentsOf: URL(fileURLWithPath: path))
        #expect(s.tenant.policy.appPasscodeMinLength == 4)
        #expect(s.tenant.groups.map(\.id) == ["WAREHOUSE"])
    }

    @Test func aMissingFileIsAFileError() {
        do throws(ConfigError) {
            _ = try Fixtures.parser().load(contentsOf: URL(fileURLWithPath: "/nonexistent/x.yaml"), displayPath: "x.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.description == "x.yaml:1:1: cannot read the scenario file: no such file or directory")
        }
    }
}
