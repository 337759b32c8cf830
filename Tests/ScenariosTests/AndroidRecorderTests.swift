import Configuration
import HubUI
@testable import Scenarios
import SessionEngine
import Testing

/// A walk on the Android profiles recorded and replayed (Assets/scenarios/README.md, "Secrets"):
/// the session PINs are secrets, written as per-user references or as placeholders refused the
/// same way, never as typed; the recording replays to the same device.
@Suite struct AndroidRecorderTests {
    /// Applies `actions` as the UI does (through the model), feeding the recorder after each.
    static func walk(_ profile: ProfileID, strict: Bool, _ actions: [DeviceAction]) throws -> RecordedWalk {
        var walk = try RecorderTests.model(profile, strict: strict)
        for action in actions {
            walk.model.apply(action)
            walk.recorder.append(walk.model)
        }
        return walk
    }

    static let environment = RecorderTests.environment.merging([
        "HUBSIM_PIN_COU1": "7391", "HUBSIM_PIN_COU2": "5927", "HUBSIM_PIN_COU1_2": "4816",
    ]) { a, _ in a }

    @Test func aManagedHomeScreenWalkKeepsEveryPINSecretAndReplays() throws {
        // The strict tenant: a simple session PIN (digits) of 4 or more, 3 attempts, the
        // screensaver after 30 s, the countdown after 120 s of inactivity, 30 s long.
        let walk = try Self.walk(.androidMHS, strict: true, [
            .enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment,
            .signIn(user: "cou1", password: "cou1", from: .broker),
            .setSessionPIN("1"),                      // too short
            .setSessionPIN("abcd"),                   // not digits: too simple
            .setSessionPIN("7391"),
            .launch("chat"), .background("chat"),
            .advanceClock(seconds: 30),               // the screensaver
            .enterSessionPIN("0000"),                 // wrong: 2 attempts left
            .enterSessionPIN("7391"),
            .advanceClock(seconds: 120),              // the countdown dialog
            .dismissAutoSignOut,                      // the screensaver still asks for the PIN
            .enterSessionPIN("7391"),
            .removeAccountFromSettings,
            .signIn(user: "cou2", password: "cou2", from: .broker),
            .setSessionPIN("5927"),
            .advanceClock(seconds: 30),
            .enterSessionPIN("0000"), .enterSessionPIN("0000"), .enterSessionPIN("0000"),   // signed out
            .signIn(user: "cou1", password: "cou1", from: .broker),
            .setSessionPIN("4816"),                   // cou1's second PIN: its own variable
        ])
        #expect(walk.device.state == .checkedOut("cou1"))
        let outcomes = walk.model.actionLog.map { $0.outcome.refusal?.tag ?? "ok" }
        #expect(outcomes.filter { $0 != "ok" } == ["session-pin-too-short", "session-pin-too-simple", "wrong-session-pin",
                                                   "wrong-session-pin", "wrong-session-pin", "session-pin-attempts-exhausted"])
        let recording = walk.recording(name: "MHS walk", tenant: "strict")
        let yaml = recording.yaml
        #expect(recording.warnings.isEmpty, "\(recording.warnings)")
        #expect(recording.variables == ["HUBSIM_PASSWORD_STAGE", "HUBSIM_PASSWORD_COU1", "HUBSIM_PIN_COU1", "HUBSIM_PASSWORD_COU2",
                                        "HUBSIM_PIN_COU2", "HUBSIM_PIN_COU1_2"])
        // No PIN typed is written: not the right ones, not the refused ones.
        for typed in ["7391", "5927", "4816", "\"1\"", "abcd", "0000"] { #expect(!yaml.contains(typed), "\(typed) in\n\(yaml)") }
        #expect(yaml.contains("- setSessionPIN: \"${HUBSIM_PIN_COU1}\""))
        #expect(yaml.contains("- setSessionPIN: \"${HUBSIM_PIN_COU1_2}\""))
        #expect(yaml.contains("- enterSessionPIN: \"${HUBSIM_PIN_COU1}\""))
        #expect(yaml.contains("refused: session-pin-too-short"))
        #expect(yaml.contains("refused: session-pin-too-simple"))
        #expect(yaml.contains("refused: session-pin-attempts-exhausted"))
        #expect(yaml.contains("- removeAccountFromSettings\n"))
        #expect(yaml.contains("- dismissAutoSignOut\n"))
        #expect(yaml.contains("sessionPIN: set"))
        #expect(yaml.contains("isSharedDevice: true"))
        let result = try RecorderTests.replay(yaml, environment: Self.environment)
        #expect(result.passed, "\(yaml)\n\(result.failure.map { "\($0.message)\n\($0.expected)\n\($0.actual)" } ?? "")")
    }

    @Test func anEntraAndroidWalkRecordsWhatTheAppsWereTold() throws {
        let walk = try Self.walk(.entraAndroid, strict: false, [
            .enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment,
            .signIn(user: "cou1", password: "cou1", from: .broker),
            .launch("chat"), .background("chat"), .launch("mail"), .terminate("mail"),
            .signOut(from: .broker, browser: false),
            .signIn(user: "cou2", password: "cou2", from: .broker),
            .launch("mail"), .removeAccountFromSettings,
        ])
        let yaml = walk.recording(name: "Android walk").yaml
        #expect(yaml.contains("notifications: [CURRENT_ACCOUNT_CHANGED(GLOBAL_SIGN_OUT)]"), "\(yaml)")
        #expect(yaml.contains("onAccountChanged(prior: cou1, current: cou2)"), "\(yaml)")
        let result = try RecorderTests.replay(yaml)
        #expect(result.passed, "\(yaml)\n\(result.failure.map { "\($0.message)\n\($0.expected)\n\($0.actual)" } ?? "")")
    }
}
