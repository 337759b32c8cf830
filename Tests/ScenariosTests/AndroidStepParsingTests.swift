import Configuration
@testable import Scenarios
import SessionEngine
import Testing

/// The scenario language on the Android profiles (Assets/scenarios/README.md, "Android"): which
/// steps and checks belong to which profile, each refusal one line at its position, and what each
/// new step and check reads into.
@Suite struct AndroidStepParsingTests {
    static func file(_ profile: String, _ steps: String, extra: String = "") -> String {
        "profile: \(profile)\n\(extra)steps:\n\(steps)\n"
    }

    @Test func bothAndroidProfilesAreScenarioProfiles() throws {
        for id in [ProfileID.entraAndroid, .androidMHS] {
            let s = try Fixtures.scenario(Self.file(id.rawValue, "  - signIn: {user: cou1, password: cou1}\n  - signOut"))
            #expect(s.profile == id)
            guard case let .action(a, _) = s.steps[0].kind, case let .signIn(user, _, from) = a[0] else { Issue.record("signIn"); continue }
            #expect(user == "cou1" && from == .broker)
            guard case let .action(b, _) = s.steps[1].kind else { Issue.record("signOut"); continue }
            #expect(b == [.signOut(from: .broker, browser: false)])
        }
    }

    /// (profile, step line, line, column, the message)
    static let profileRules: [(String, String, Int, Int, String)] = [
        ("entra-ios", "  - removeAccountFromSettings", 3, 5,
         "removeAccountFromSettings is an Android step (entra-android, android-mhs): Settings > Accounts; on entra-ios write removeAccountInAuthenticator"),
        ("workspace-one", "  - removeAccountFromSettings", 3, 5,
         "removeAccountFromSettings is an Android step (entra-android, android-mhs): Settings > Accounts; on workspace-one check in with checkIn"),
        ("entra-android", "  - removeSharedDeviceConfiguration: sso-extension", 3, 5,
         "removeSharedDeviceConfiguration is an entra-ios step (the MDM set-up of shared device mode on iOS); on entra-android the account leaves through removeAccountFromSettings"),
        ("entra-android", "  - setSessionPIN: \"2468\"", 3, 5, "setSessionPIN is a Managed Home Screen step (android-mhs); entra-android has no launcher"),
        ("entra-ios", "  - enterSessionPIN: \"2468\"", 3, 5, "enterSessionPIN is a Managed Home Screen step (android-mhs); entra-ios has no launcher"),
        ("workspace-one", "  - dismissAutoSignOut", 3, 5, "dismissAutoSignOut is a Managed Home Screen step (android-mhs); workspace-one has no launcher"),
        ("android-mhs", "  - unlock: {password: a}", 3, 5,
         "unlock is a workspace-one step: on android-mhs leave the screensaver with enterSessionPIN (or userActivity when no session PIN is set)"),
        ("entra-android", "  - unlock: {password: a}", 3, 5, "unlock is a workspace-one step: entra-android has no inactivity lock"),
        ("entra-android", "  - logOut", 3, 5, "logOut is the Hub's menu (workspace-one); on entra-android write checkIn or signOut"),
        ("android-mhs", "  - enterpriseWipe", 3, 5, "enterpriseWipe is a workspace-one step (the console's wipe command)"),
        ("workspace-one", "  - signOut", 3, 5, "signOut is an Entra step (entra-ios, entra-android, android-mhs); on workspace-one check in with checkIn"),
        ("workspace-one", "  - removeAccountInAuthenticator", 3, 5,
         "removeAccountInAuthenticator is an Entra step (entra-ios, entra-android, android-mhs): on workspace-one the Hub owns the session"),
    ]

    @Test(arguments: 0..<profileRules.count)
    func aStepOfAnotherProfileIsOneLineSayingWhatToWriteInstead(_ index: Int) {
        let (profile, step, line, column, message) = Self.profileRules[index]
        let error = Fixtures.parseError(Self.file(profile, step))
        #expect(error?.message == message, "case \(index): \(error.map { "\($0)" } ?? "no error")")
        #expect(error?.line == line && error?.column == column, "case \(index): \(error.map { "\($0)" } ?? "no error")")
        #expect(error.map { !$0.message.contains("\n") } ?? false)
    }

    @Test func theAndroidStepsReadIntoTheirActions() throws {
        let s = try Fixtures.scenario(Self.file("android-mhs", """
              - removeAccountFromSettings
              - setSessionPIN: "2468"
              - enterSessionPIN: "${PIN}"
              - enterSessionPIN: "1111"
                refused: wrong-session-pin
              - dismissAutoSignOut
            """), environment: ["PIN": "2468"])
        guard s.steps.count == 5 else { Issue.record("\(s.steps.count) steps"); return }
        guard case let .action(a0, nil) = s.steps[0].kind, case let .action(a1, nil) = s.steps[1].kind,
              case let .action(a2, nil) = s.steps[2].kind, case let .action(a3, refused?) = s.steps[3].kind,
              case let .action(a4, nil) = s.steps[4].kind else { Issue.record("kinds: \(s.steps.map(\.kind))"); return }
        #expect(a0 == [.removeAccountFromSettings])
        guard case let .setSessionPIN(set) = a1[0], case let .enterSessionPIN(entered) = a2[0], case let .enterSessionPIN(wrong) = a3[0] else {
            Issue.record("PIN actions: \(a1) \(a2) \(a3)"); return
        }
        #expect(set.withPlaintext { $0 } == "2468")
        #expect(entered.withPlaintext { $0 } == "2468")
        #expect(wrong.withPlaintext { $0 } == "1111")
        #expect(refused == .matching("wrong-session-pin"))
        #expect(a4 == [.dismissAutoSignOut])
        // A PIN is a secret: no label (reports, TAP, JUnit) shows it.
        #expect(s.steps.map(\.label) == ["removeAccountFromSettings", "setSessionPIN", "enterSessionPIN",
                                         "enterSessionPIN (refused: wrong-session-pin)", "dismissAutoSignOut"])
    }

    @Test func aPINStepNeedsThePINAndTakesNothingElse() {
        let missing = Fixtures.parseError(Self.file("android-mhs", "  - setSessionPIN"))
        #expect(missing?.message == "setSessionPIN needs the PIN, e.g. setSessionPIN: \"2468\" (or ${HUBSIM_PIN_COU1})")
        let mapping = Fixtures.parseError(Self.file("android-mhs", "  - enterSessionPIN: {pin: 1}"))
        #expect(mapping?.message == "enterSessionPIN needs the PIN, e.g. enterSessionPIN: \"2468\" (or ${HUBSIM_PIN_COU1})")
        let extra = Fixtures.parseError(Self.file("android-mhs", "  - dismissAutoSignOut: now"))
        #expect(extra?.message == "dismissAutoSignOut takes no arguments here")
        let unset = Fixtures.parseError(Self.file("android-mhs", "  - setSessionPIN: \"${HUBSIM_PIN_COU1}\""))
        #expect(unset?.message.contains("environment variable HUBSIM_PIN_COU1 is not set") == true)
    }

    // MARK: expectations

    @Test func expectAppReadsWhatAnAndroidAppWasTold() throws {
        let s = try Fixtures.scenario(Self.file("entra-android", """
              - expectApp: {app: chat, onAccountChanged: {prior: cou1, current: cou2}, onAccountLoaded: none, broadcast: GLOBAL_SIGN_OUT}
              - expectApp: {app: mail, onAccountChanged: "cou1 → none", broadcast: [SDM_REGISTRATION_START, SDM_REGISTERED], isSharedDevice: false}
              - expectApp: {app: tasks, onAccountChanged: "none -> cou2", missedBroadcast: {type: GLOBAL_SIGN_OUT, reason: manifest}}
              - expectApp: {app: till, onAccountChanged: none, broadcast: none, missedBroadcast: [GLOBAL_SIGN_OUT, SDM_REGISTERED]}
              - expectApp: {app: roster, missedBroadcast: none, onAccountLoaded: not-told}
            """))
        let e = s.steps.compactMap { if case let .expectApp(e) = $0.kind { e } else { nil } }
        guard e.count == 5 else { Issue.record("\(s.steps.map(\.kind))"); return }
        #expect(e[0].onAccountChanged == .told(prior: "cou1", current: "cou2"))
        #expect(e[0].onAccountLoaded == "none")
        #expect(e[0].broadcasts == ["GLOBAL_SIGN_OUT"])
        #expect(e[1].onAccountChanged == .told(prior: "cou1", current: "none"))
        #expect(e[1].broadcasts == ["SDM_REGISTRATION_START", "SDM_REGISTERED"])
        #expect(e[1].isSharedDevice == false)
        #expect(e[2].onAccountChanged == .told(prior: "none", current: "cou2"))
        #expect(e[2].missedBroadcasts == [MissedBroadcastExpectation(type: "GLOBAL_SIGN_OUT", reason: "manifest")])
        #expect(e[3].onAccountChanged == .notTold)
        #expect(e[3].broadcasts == [])
        #expect(e[3].missedBroadcasts == [MissedBroadcastExpectation(type: "GLOBAL_SIGN_OUT"), MissedBroadcastExpectation(type: "SDM_REGISTERED")])
        #expect(e[4].missedBroadcasts == [])
        #expect(e[4].onAccountLoaded == "not-told")
    }

    @Test func expectReadsManagedHomeScreensState() throws {
        let s = try Fixtures.scenario(Self.file("android-mhs", """
              - expect: {countdown: 42, screensaver: false, pinAttemptsLeft: 2, sessionPIN: set}
              - expect: {countdown: none, sessionPIN: needed}
            """))
        guard case let .expect(a) = s.steps[0].kind, case let .expect(b) = s.steps[1].kind else { Issue.record("kinds"); return }
        #expect(a.countdown == "42" && a.screensaver == false && a.pinAttemptsLeft == 2 && a.sessionPIN == "set")
        #expect(b.countdown == "none" && b.sessionPIN == "needed")
        #expect(s.steps[0].label == "expect countdown=42 screensaver=false pinAttemptsLeft=2 sessionPIN=set")
    }

    /// (profile, step line, column, the message)
    static let checkErrors: [(String, String, Int, String)] = [
        ("entra-ios", "  - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT}", 39,
         "broadcast is what an app is told on Android (entra-android, android-mhs); this scenario's profile is entra-ios"),
        ("entra-android", "  - expectApp: {app: chat, broadcast: SIGN_OUT}", 39,
         "unknown BROADCAST_TYPE 'SIGN_OUT'; valid: SDM_REGISTRATION_START, SDM_REGISTERED, GLOBAL_SIGN_OUT (or none)"),
        ("entra-android", "  - expectApp: {app: chat, missedBroadcast: {type: GLOBAL_SIGN_OUT, why: stopped}}", 69,
         "unknown key 'why' in missedBroadcast; valid keys: type, reason"),
        ("entra-android", "  - expectApp: {app: chat, onAccountChanged: cou2}", 46,
         "onAccountChanged 'cou2' is not a change: write onAccountChanged: {prior: cou1, current: cou2}, \"cou1 → cou2\" (none for no account) or none (not told)"),
        ("entra-android", "  - expectApp: {app: chat, onAccountChanged: {prior: cou1}}", 46, "onAccountChanged needs 'current'"),
        ("entra-android", "  - expectApp: {app: chat, isSharedDevice: maybe}", 44, "isSharedDevice must be true or false"),
        ("entra-android", "  - expect: {countdown: 42}", 25, "countdown is a check of Managed Home Screen (android-mhs); this scenario's profile is entra-android"),
        ("android-mhs", "  - expect: {countdown: soon}", 25, "countdown must be"),
        ("android-mhs", "  - expect: {sessionPIN: \"2468\"}", 26, "sessionPIN must be set, needed, none (never the PIN itself), not '2468'"),
        ("android-mhs", "  - expect: {pinAttemptsLeft: -1}", 31, "pinAttemptsLeft must be between 0 and"),
    ]

    @Test(arguments: 0..<checkErrors.count)
    func aWrongCheckIsOneLineAtItsPosition(_ index: Int) {
        let (profile, step, column, message) = Self.checkErrors[index]
        let error = Fixtures.parseError(Self.file(profile, step))
        #expect(error?.message.hasPrefix(message) == true, "case \(index): \(error.map { "\($0)" } ?? "no error")")
        #expect(error?.line == 3 && error?.column == column, "case \(index): column \(error?.column ?? 0): \(error.map { "\($0)" } ?? "no error")")
    }
}
