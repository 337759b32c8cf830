import Configuration
@testable import Scenarios
import SessionEngine
import Testing

/// The Android steps and checks, run headless (Assets/scenarios/README.md, "Android"): each of
/// the behaviours Microsoft Learn's "Shared device mode for Android devices" and "Configure the
/// Microsoft Managed Home Screen app for Android Enterprise" document, written in the scenario
/// language and played on the engine, and each check failing as one line when it does not hold.
@Suite struct AndroidScenarioRunTests {
    static let signedIn = """
          - enroll: {user: stage, password: stage}
          - signIn: {user: cou1, password: cou1}
        """

    static func run(_ profile: ProfileID, _ steps: String, header: String = "") throws -> ScenarioResult {
        try Fixtures.run("name: t\nprofile: \(profile.rawValue)\n\(header)steps:\n\(signedIn)\n\(steps)\n")
    }

    static func passes(_ result: ScenarioResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.passed, "\(result.failure.map { "\($0.message)\n\($0.expected)\n\($0.actual)" } ?? "")", sourceLocation: sourceLocation)
    }

    @Test func aBackgroundAppWithARuntimeReceiverGetsGlobalSignOut() throws {
        Self.passes(try Self.run(.entraAndroid, """
              - launch: chat
              - background: chat
              - expectApp: {app: chat, lifecycle: background}
              - signOut
              - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT, missedBroadcast: none, onAccountChanged: {prior: cou1, current: none}, shows: none}
              - expect: {logged: "sent CURRENT_ACCOUNT_CHANGED (BROADCAST_TYPE: GLOBAL_SIGN_OUT)"}
            """))
    }

    @Test func aStoppedAppGetsNothingAndLearnsAtResume() throws {
        Self.passes(try Self.run(.entraAndroid, """
              - launch: chat
              - expectApp: {app: chat, onAccountChanged: "none → cou1", shows: cou1}
              - terminate: chat
              - signOut
              - expectApp: {app: chat, broadcast: none, missedBroadcast: {type: GLOBAL_SIGN_OUT, reason: stopped}, onAccountChanged: none}
              - signIn: {user: cou2, password: cou2}
              - launch: chat
              - expectApp: {app: chat, broadcast: none, onAccountChanged: "cou1 → cou2", shows: cou2}
            """))
    }

    @Test func theAccountRemovedInSettingsSendsNothing() throws {
        Self.passes(try Self.run(.entraAndroid, """
              - launch: chat
              - background: chat
              - expectApp: {app: chat, shows: cou1}
              - removeAccountFromSettings
              - expect: {state: checkedIn, user: none, logged: "no broadcast sent"}
              - expectApp: {app: chat, broadcast: none, missedBroadcast: {reason: Settings}, onAccountChanged: none, shows: cou1}
              - launch: chat
              - expectApp: {app: chat, onAccountChanged: "cou1 → none", shows: none}
            """))
    }

    @Test func onAccountLoadedWhenTheAccountIsTheOneTheAppHad() throws {
        Self.passes(try Self.run(.entraAndroid, """
              - launch: chat
              - expectApp: {app: chat, onAccountChanged: {prior: none, current: cou1}}
              - background: chat
              - launch: chat
              - expectApp: {app: chat, onAccountLoaded: cou1, onAccountChanged: none}
            """))
    }

    /// An app started while the Authenticator registers the device reads `isSharedDevice()` as
    /// false, hears both registration broadcasts, and keeps false until it is relaunched (MSAL
    /// for Android's issue "MSFT apps do not get SDM state updates").
    @Test func isSharedDeviceStaysStaleUntilTheAppIsRelaunched() throws {
        let r = try Fixtures.run("""
            name: t
            profile: entra-android
            steps:
              - enroll: {user: stage, password: stage, complete: false}
              - installProfileStep
              - installProfileStep
              - installProfileStep
              - installProfileStep
              - launch: chat
              - completeEnrollment
              - expectApp: {app: chat, broadcast: [SDM_REGISTRATION_START, SDM_REGISTERED], isSharedDevice: false}
              - terminate: chat
              - launch: chat
              - expectApp: {app: chat, isSharedDevice: true}
            """)
        Self.passes(r)
    }

    @Test func aWrongAndroidCheckIsOneActionableLine() throws {
        let r = try Self.run(.entraAndroid, """
              - launch: chat
              - expectApp: {app: chat, shows: cou1}
              - terminate: chat
              - signOut
              - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT, onAccountChanged: "cou1 → none", isSharedDevice: false}
            """)
        let failure = try #require(r.failure)
        #expect(failure.message == "onAccountChanged differs; broadcasts received differs; isSharedDevice() differs")
        #expect(failure.expected == "onAccountChanged: onAccountChanged(cou1 → none)\nbroadcasts received: [GLOBAL_SIGN_OUT]\nisSharedDevice(): false")
        #expect(failure.actual == "onAccountChanged: not told since the previous expectApp\nbroadcasts received: none\nisSharedDevice(): true")
    }

    // MARK: Managed Home Screen

    @Test func theCountdownSignsOutAfter300Plus60SecondsOfInactivity() throws {
        Self.passes(try Self.run(.androidMHS, """
              - launch: chat
              - advanceClock: 299
              - expect: {countdown: none, state: checkedOut}
              - advanceClock: 1
              - expect: {countdown: 60, state: checkedOut}
              - advanceClock: 59
              - expect: {countdown: 1, user: cou1}
              - advanceClock: 1
              - expect: {countdown: none, state: checkedIn, user: none}
              - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT, onAccountChanged: "cou1 → none"}
            """))
    }

    @Test func aDismissedCountdownKeepsTheSessionAndRestartsTheTimer() throws {
        Self.passes(try Self.run(.androidMHS, """
              - advanceClock: 330
              - expect: {countdown: 30}
              - dismissAutoSignOut
              - expect: {countdown: none, user: cou1}
              - advanceClock: 299
              - expect: {countdown: none, user: cou1}
              - advanceClock: 1
              - expect: {countdown: 60}
              - userActivity
              - expect: {countdown: none, user: cou1}
              - dismissAutoSignOut:
                refused: no-auto-sign-out-countdown
            """))
    }

    static let pinPolicy = """
        managedHomeScreen: {enable_session_PIN: true, max_number_of_attempts_for_session_PIN: 3, minimum_length_for_session_PIN: 4,
                            show_screen_saver: true, inactive_time_to_show_screen_saver: 30, enable_PIN_to_resume: true}

        """

    @Test func wrongSessionPINsUpToTheMaximumSignOut() throws {
        Self.passes(try Self.run(.androidMHS, """
              - expect: {sessionPIN: needed}
              - setSessionPIN: "12"
                refused: session-pin-too-short
              - setSessionPIN: "7391"
              - expect: {sessionPIN: set, pinAttemptsLeft: 3}
              - advanceClock: 30
              - expect: {screensaver: true, state: locked}
              - enterSessionPIN: "0000"
                refused: wrong-session-pin
              - expect: {pinAttemptsLeft: 2}
              - enterSessionPIN: "0000"
                refused: wrong-session-pin
              - enterSessionPIN: "0000"
                refused: session-pin-attempts-exhausted
              - expect: {state: checkedIn, user: none, sessionPIN: none, screensaver: false}
            """, header: Self.pinPolicy))
    }

    @Test func theRightPINBeforeTheMaximumResumesAndTheSignOutClearsIt() throws {
        Self.passes(try Self.run(.androidMHS, """
              - setSessionPIN: "${PIN}"
              - advanceClock: 30
              - enterSessionPIN: "0000"
                refused: "2 attempts left"
              - enterSessionPIN: "${PIN}"
              - expect: {screensaver: false, state: checkedOut, pinAttemptsLeft: 3}
              - signOut
              - expect: {sessionPIN: none}
            """.replacingOccurrences(of: "${PIN}", with: "7391"), header: Self.pinPolicy))
    }

    @Test func theMHSKnobsAreTheTenantsUnlessTheScenarioTurnsThem() throws {
        let bundled = try Fixtures.scenario("profile: android-mhs\nsteps: [goOnline]\n")
        #expect(bundled.tenant.managedHomeScreen.enableSessionPIN == false)
        #expect(bundled.tenant.managedHomeScreen.inactiveTimeToSignOut == 300)
        let turned = try Fixtures.scenario("profile: android-mhs\nmanagedHomeScreen: {enable_session_PIN: true, inactive_time_to_signout: 120}\nsteps: [goOnline]\n")
        #expect(turned.tenant.managedHomeScreen.enableSessionPIN && turned.tenant.managedHomeScreen.inactiveTimeToSignOut == 120)
        #expect(turned.tenant.managedHomeScreen.autoSignOutTimeToGiveUserNotice == 60)
        let wrongProfile = Fixtures.parseError("profile: entra-android\nmanagedHomeScreen: {enable_session_PIN: true}\nsteps: [goOnline]\n")
        #expect(wrongProfile?.message == "managedHomeScreen is the configuration of Managed Home Screen (android-mhs); this scenario's profile is entra-android")
        #expect(wrongProfile?.line == 2 && wrongProfile?.column == 20)
        let badKey = Fixtures.parseError("profile: android-mhs\nmanagedHomeScreen: {session_pin: true}\nsteps: [goOnline]\n")
        #expect(badKey?.message.hasPrefix("unknown key 'session_pin' in managedHomeScreen") == true, "\(badKey.map { "\($0)" } ?? "")")
    }

    @Test func noMHSStateOnEntraAndroid() throws {
        // The same clock on entra-android: no launcher, no countdown, no sign-out.
        Self.passes(try Self.run(.entraAndroid, """
              - advanceClock: 3600
              - expect: {state: checkedOut, user: cou1}
            """))
    }
}
