import Configuration
import Foundation
import Testing
@testable import SessionEngine

/// Managed Home Screen on android-mhs (Microsoft Learn, "Configure the Microsoft Managed Home
/// Screen app for Android Enterprise"): the automatic sign-out after `inactive_time_to_signout`
/// with its countdown dialog, the session PIN (complexity, length, attempts, cleared at
/// sign-out), the screensaver; and none of it on the profiles without the launcher.
@Suite struct ManagedHomeScreenTests {
    /// A tenant with the session PIN and the screensaver on, at a cheap hash cost (tests here
    /// type many wrong PINs, each a full derivation).
    static func pinTenant(maxAttempts: Int = 3, complexity: SessionPINComplexity = .complexNumericOnly, minLength: Int = 4,
                          screensaver: Bool = true, pinToResume: Bool = true) -> Tenant {
        var t = Fixtures.cheapTenant()
        t.promptsForGroupID = false
        t.managedHomeScreen = ManagedHomeScreenPolicy(enableSessionPIN: true, sessionPINComplexity: complexity,
                                                      minimumLengthForSessionPIN: minLength, maxNumberOfAttemptsForSessionPIN: maxAttempts,
                                                      enableScreenSaver: screensaver, enablePINToResume: pinToResume)
        return t
    }

    /// An android-mhs device (or `profile`) with cou1 signed in on MHS's sign-in screen.
    static func signedIn(_ profile: ProfileID = .androidMHS, tenant: Tenant = Fixtures.tenant) -> SharedDevice {
        var d = try! SharedDevice.make(profile: profile, tenant: tenant, catalogue: Fixtures.catalogue, apps: nil,
                                       dependencies: Fixtures.dependencies(Fixtures.cheapHasher))
        let group = profile == .workspaceOne ? tenant.groups[0].id : nil
        #expect(d.enroll(group: group, user: "stage", password: "stage").succeeded)
        #expect(d.completeEnrollment() == .success(.checkedIn))
        if profile.isEntra { #expect(d.signIn(user: "cou1", password: "cou1") == .success(.checkedOut("cou1"))) }
        return d
    }

    static func logTexts(_ d: SharedDevice) -> [String] { d.log.entries.map(\.text) }

    // MARK: automatic sign-out

    @Test func withDefaultsTheCountdownShowsAt300SecondsAndSignsOutAt360() {
        var d = Self.signedIn()
        let start = d.now
        #expect(d.advanceClock(by: 299) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == nil)
        #expect(d.secondsUntilInactivityLock == 1)
        #expect(d.advanceClock(by: 1) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == 60)
        #expect(d.managedHomeScreen?.autoSignOutAt == start.adding(seconds: 360))
        #expect(d.snapshot.timesTaken(.autoSignOutCountdown) == 1)
        #expect(Self.logTexts(d).last == "automatic sign-out in 60 s: no input for 5m 00s (inactive_time_to_signout); the countdown dialog shows")
        // The dialog's number ticks on the simulated clock.
        #expect(d.advanceClock(by: 0.5) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == 60)
        #expect(d.secondsUntilCountdownTick == 0.5)
        #expect(d.advanceClock(by: 0.5) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == 59)
        #expect(d.advanceClock(by: 58) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == 1)
        #expect(d.advanceClock(by: 1) == .success(.checkedIn))
        #expect(d.now == start.adding(seconds: 360))
        #expect(d.autoSignOutSecondsLeft == nil)
        #expect(d.managedHomeScreen == .signedOut)
        #expect(d.snapshot.timesTaken(.autoSignOut) == 1)
        #expect(d.snapshot.timesTaken(.signOut) == 0)
        #expect(d.snapshot.history.last?.ending == .signOut)
        #expect(d.snapshot.history.last?.endedAt == start.adding(seconds: 360))
        // A global sign-out: the broker's broadcast goes out, as for the sign-out button.
        #expect(Self.logTexts(d).contains { $0.contains("automatic sign-out: the countdown of 60 s ran out") })
        #expect(Self.logTexts(d).contains { $0.contains("global sign-out from broker") })
        #expect(Self.logTexts(d).contains { $0.contains("GLOBAL_SIGN_OUT") })
    }

    @Test func oneLongClockAdvanceSignsOutAt360SecondsExactly() {
        var d = Self.signedIn()
        let start = d.now
        #expect(d.advanceClock(by: 3_600) == .success(.checkedIn))
        #expect(d.snapshot.history.last?.endedAt == start.adding(seconds: 360))
        #expect(d.now == start.adding(seconds: 3_600))
        #expect(d.snapshot.timesTaken(.autoSignOutCountdown) == 1)
        #expect(d.snapshot.timesTaken(.autoSignOut) == 1)
    }

    @Test func dismissingTheCountdownKeepsTheSessionAndRestartsTheTimer() {
        var d = Self.signedIn()
        #expect(d.advanceClock(by: 330) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == 30)
        let dismissedAt = d.now
        #expect(d.dismissAutoSignOut() == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == nil)
        #expect(d.snapshot.lastActivity == dismissedAt)
        #expect(d.snapshot.timesTaken(.dismissAutoSignOut) == 1)
        #expect(d.dismissAutoSignOut() == .failure(.noAutoSignOutCountdown))
        // Past the first deadline (360 s), still signed in; the next countdown is 300 s after the dismiss.
        #expect(d.advanceClock(by: 299) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == nil)
        #expect(d.advanceClock(by: 1) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == 60)
        #expect(d.advanceClock(by: 60) == .success(.checkedIn))
        #expect(d.snapshot.history.last?.endedAt == dismissedAt.adding(seconds: 360))
    }

    @Test func activityDuringTheCountdownClosesItAndRestartsTheTimer() {
        var d = Self.signedIn()
        #expect(d.advanceClock(by: 310) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == 50)
        let touchedAt = d.now
        #expect(d.apply(.userActivity).outcome == .accepted)
        #expect(d.autoSignOutSecondsLeft == nil)
        #expect(d.snapshot.lastActivity == touchedAt)
        #expect(Self.logTexts(d).last == "automatic sign-out countdown closed by input: the session goes on; the inactivity timer restarts")
        #expect(d.advanceClock(by: 359) == .success(.checkedOut("cou1")))
        #expect(d.advanceClock(by: 1) == .success(.checkedIn))
    }

    @Test func anAutomaticSignOutThatIsDisabledNeverComes() {
        var t = Fixtures.tenant
        t.managedHomeScreen.enableAutoSignOut = false
        var d = Self.signedIn(tenant: t)
        #expect(d.secondsUntilInactivityLock == nil)
        #expect(d.advanceClock(by: 86_400) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == nil)
    }

    // MARK: the session PIN

    @Test func signingInAsksForASessionPINWhenThePolicyWantsOne() {
        var d = Self.signedIn(tenant: Self.pinTenant())
        #expect(d.managedHomeScreen?.mustSetSessionPIN == true)
        #expect(d.managedHomeScreen?.sessionPINHash == nil)
        #expect(Self.logTexts(d).contains("Managed Home Screen asks cou1 to create a session PIN before the home screen"))
        #expect(d.setSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(d.managedHomeScreen?.mustSetSessionPIN == false)
        let hash = d.managedHomeScreen?.sessionPINHash
        #expect(hash.map { Fixtures.cheapHasher.verify("7391", against: $0) } == true)
        #expect(d.snapshot.timesTaken(.setSessionPIN) == 1)
        #expect(d.setSessionPIN("8264") == .failure(.sessionPINAlreadySet))
        // The default tenant asks for none.
        var plain = Self.signedIn()
        #expect(plain.managedHomeScreen?.mustSetSessionPIN == false)
        #expect(plain.setSessionPIN("7391") == .failure(.sessionPINNotEnabled))
    }

    @Test func aSessionPINTooShortOrTooSimpleIsRefusedWithTheRule() {
        var d = Self.signedIn(tenant: Self.pinTenant())
        #expect(d.setSessionPIN("739") == .failure(.sessionPINTooShort(minLength: 4)))
        #expect(d.setSessionPIN("1234") == .failure(.sessionPINTooSimple(complexity: .complexNumericOnly,
                                                                        rule: "no repeated or ordered run of three such as 444, 123 or 246")))
        #expect(d.setSessionPIN("7444") == .failure(.sessionPINTooSimple(complexity: .complexNumericOnly,
                                                                        rule: "no repeated or ordered run of three such as 444, 123 or 246")))
        #expect(d.setSessionPIN("73a1") == .failure(.sessionPINTooSimple(complexity: .complexNumericOnly, rule: "digits only")))
        #expect(d.managedHomeScreen?.sessionPINHash == nil)
        #expect(d.managedHomeScreen?.mustSetSessionPIN == true)
        #expect(Refusal.sessionPINTooShort(minLength: 4).description == "The session PIN needs at least 4 characters.")
        #expect(Refusal.sessionPINTooSimple(complexity: .complexNumericOnly, rule: "digits only").description
                == "The session PIN must be complex numeric only: digits only.")
        #expect(d.snapshot.coverage(of: .refused(event: "setSessionPIN", tag: "session-pin-too-simple")) == 3)
        #expect(d.setSessionPIN("7391") == .success(.checkedOut("cou1")))
    }

    @Test func eachComplexityHasItsRule() {
        func problem(_ c: SessionPINComplexity, _ pin: String, min: Int = 1) -> Refusal.Kind? {
            ManagedHomeScreenPolicy(sessionPINComplexity: c, minimumLengthForSessionPIN: min).problem(withSessionPIN: Secret(pin))?.kind
        }
        #expect(problem(.notConfigured, "a") == nil)
        #expect(problem(.notConfigured, "") == .sessionPINTooShort)
        #expect(problem(.notConfigured, "12", min: 3) == .sessionPINTooShort)
        #expect(problem(.simple, "1111") == nil)
        #expect(problem(.simple, "12a4") == .sessionPINTooSimple)
        #expect(problem(.complex, "a7b3") == nil)
        #expect(problem(.complex, "x246") == .sessionPINTooSimple)
        #expect(problem(.complex, "cba9") == .sessionPINTooSimple)
        #expect(problem(.complex, "ab!4") == .sessionPINTooSimple)
        #expect(problem(.complexNumericOnly, "7391") == nil)
        #expect(problem(.complexNumericOnly, "9432") == .sessionPINTooSimple)
        #expect(problem(.alphanumericComplex, "7391") == .sessionPINTooSimple)
        #expect(problem(.alphanumericComplex, "73!1") == nil)
        #expect(problem(.alphanumericComplex, "x222") == .sessionPINTooSimple)
        // Letters step by one at most ("ace" is not ordered); digits by any even step.
        #expect(problem(.complex, "ace1") == nil)
        #expect(problem(.complexNumericOnly, "1597") == .sessionPINTooSimple)
    }

    // MARK: the screensaver

    @Test func theScreensaverComesAfterItsIdleTimeAndInputClosesItWhenNoPINIsAsked() {
        var d = Self.signedIn(tenant: Self.pinTenant(pinToResume: false))
        #expect(d.setSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(d.secondsUntilInactivityLock == 30)
        #expect(d.advanceClock(by: 29) == .success(.checkedOut("cou1")))
        #expect(d.managedHomeScreen?.screensaver == false)
        #expect(d.advanceClock(by: 1) == .success(.locked("cou1")))
        #expect(d.managedHomeScreen?.screensaver == true)
        #expect(d.snapshot.timesTaken(.screensaver) == 1)
        #expect(Self.logTexts(d).last == "screensaver: no input for 30s (inactive_time_to_show_screen_saver)")
        #expect(!d.screensaverAsksForSessionPIN)
        #expect(d.reactsToUserActivity)
        #expect(d.apply(.userActivity).outcome == .accepted)
        #expect(d.state == .checkedOut("cou1"))
        #expect(d.managedHomeScreen?.screensaver == false)
        #expect(d.snapshot.timesTaken(.leaveScreensaver) == 1)
        #expect(d.enterSessionPIN("7391") == .failure(.noSessionPINPrompt))
    }

    @Test func leavingTheScreensaverAsksForTheSessionPINAndARightOneBeforeTheMaximumResumes() {
        var d = Self.signedIn(tenant: Self.pinTenant())
        #expect(d.setSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(d.advanceClock(by: 30) == .success(.locked("cou1")))
        #expect(d.screensaverAsksForSessionPIN)
        // Input alone does not close it.
        #expect(d.apply(.userActivity).outcome == .accepted)
        #expect(d.state == .locked("cou1"))
        #expect(d.enterSessionPIN("0000") == .failure(.wrongSessionPIN(attemptsLeft: 2)))
        #expect(d.sessionPINAttemptsLeft == 2)
        #expect(d.enterSessionPIN("0000") == .failure(.wrongSessionPIN(attemptsLeft: 1)))
        #expect(Refusal.wrongSessionPIN(attemptsLeft: 1).description == "Wrong session PIN. 1 attempt left before automatic sign-out.")
        #expect(d.enterSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(d.managedHomeScreen?.failedPINAttempts == 0)
        #expect(d.managedHomeScreen?.screensaver == false)
        #expect(d.sessionPINAttemptsLeft == 3)
        #expect(d.snapshot.timesTaken(.resumeWithSessionPIN) == 1)
        #expect(Self.logTexts(d).last == "session PIN accepted: cou1 resumes on Managed Home Screen")
    }

    @Test func thePINIsAskedOnlyAfterTheMinimumInactiveTimeAndThenUntilItIsEntered() {
        var t = Self.pinTenant()
        t.managedHomeScreen.minimumInactiveTimeBeforeSessionPINRequired = 60
        var d = Self.signedIn(tenant: t)
        #expect(d.setSessionPIN("7391") == .success(.checkedOut("cou1")))
        // Back after 40 s idle: under the minimum, input closes the screensaver.
        #expect(d.advanceClock(by: 40) == .success(.locked("cou1")))
        #expect(!d.screensaverAsksForSessionPIN)
        #expect(d.apply(.userActivity).outcome == .accepted)
        #expect(d.state == .checkedOut("cou1"))
        // Back after 90 s idle: the PIN, and it stays asked however soon the next key comes.
        #expect(d.advanceClock(by: 90) == .success(.locked("cou1")))
        #expect(d.screensaverAsksForSessionPIN)
        #expect(d.apply(.userActivity).outcome == .accepted)
        #expect(d.managedHomeScreen?.screensaverNeedsPIN == true)
        #expect(d.advanceClock(by: 1) == .success(.locked("cou1")))
        #expect(d.apply(.userActivity).outcome == .accepted)
        #expect(d.state == .locked("cou1"))
        #expect(d.screensaverAsksForSessionPIN)
        #expect(d.enterSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(d.managedHomeScreen?.screensaverNeedsPIN == false)
    }

    @Test func theMaximumOfWrongSessionPINsSignsOutAndClearsThePIN() {
        var d = Self.signedIn(tenant: Self.pinTenant(maxAttempts: 3))
        #expect(d.setSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(d.advanceClock(by: 30) == .success(.locked("cou1")))
        #expect(d.enterSessionPIN("0000") == .failure(.wrongSessionPIN(attemptsLeft: 2)))
        #expect(d.enterSessionPIN("0000") == .failure(.wrongSessionPIN(attemptsLeft: 1)))
        #expect(d.state == .locked("cou1"))
        #expect(d.enterSessionPIN("0000") == .failure(.sessionPINAttemptsExhausted(maximum: 3)))
        #expect(d.state == .checkedIn)
        #expect(d.managedHomeScreen == .signedOut)
        #expect(d.snapshot.managedHomeScreen == nil)
        #expect(d.snapshot.timesTaken(.tooManyPINAttempts) == 1)
        #expect(d.snapshot.timesTaken(.signOut) == 0)
        let log = Self.logTexts(d)
        #expect(log.contains("wrong session PIN 3 times (max_number_of_attempts_for_session_PIN 3): Managed Home Screen signs cou1 out"))
        #expect(log.contains("session PIN cleared at sign-out"))
        #expect(log.contains { $0.contains("GLOBAL_SIGN_OUT") })
        // The next worker makes a PIN of their own.
        #expect(d.signIn(user: "cou2", password: "cou2") == .success(.checkedOut("cou2")))
        #expect(d.managedHomeScreen?.mustSetSessionPIN == true)
        #expect(d.managedHomeScreen?.failedPINAttempts == 0)
    }

    @Test func withNoMaximumWrongPINsNeverSignOut() {
        var d = Self.signedIn(tenant: Self.pinTenant(maxAttempts: 0))
        #expect(d.setSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(d.advanceClock(by: 30) == .success(.locked("cou1")))
        for _ in 0..<5 { #expect(d.enterSessionPIN("0000") == .failure(.wrongSessionPIN(attemptsLeft: nil))) }
        #expect(d.state == .locked("cou1"))
        #expect(d.enterSessionPIN("7391") == .success(.checkedOut("cou1")))
    }

    @Test func theSessionPINIsClearedAtTheSignOutButtonToo() {
        var d = Self.signedIn(tenant: Self.pinTenant())
        #expect(d.setSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(d.signOut(from: .broker) == .success(.checkedIn))
        #expect(d.snapshot.managedHomeScreen == nil)
        #expect(Self.logTexts(d).contains("session PIN cleared at sign-out"))
        #expect(d.signIn(user: "cou1", password: "cou1") == .success(.checkedOut("cou1")))
        #expect(d.managedHomeScreen?.mustSetSessionPIN == true)
        #expect(d.managedHomeScreen?.sessionPINHash == nil)
    }

    @Test func theAutomaticSignOutComesDuringTheScreensaverToo() {
        var t = Self.pinTenant()
        t.managedHomeScreen.inactiveTimeToSignOut = 120
        t.managedHomeScreen.autoSignOutTimeToGiveUserNotice = 30
        var d = Self.signedIn(tenant: t)
        let start = d.now
        #expect(d.setSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(d.advanceClock(by: 120) == .success(.locked("cou1")))
        #expect(d.autoSignOutSecondsLeft == 30)
        #expect(d.advanceClock(by: 30) == .success(.checkedIn))
        #expect(d.snapshot.history.last?.endedAt == start.adding(seconds: 150))
        #expect(d.managedHomeScreen == .signedOut)
    }

    @Test func theEventLogAndTheSavedDeviceNeverHoldTheSessionPIN() throws {
        var d = Self.signedIn(tenant: Self.pinTenant())
        #expect(d.apply(.setSessionPIN("1234")).outcome == .refused(.sessionPINTooSimple(complexity: .complexNumericOnly,
                                                                              rule: "no repeated or ordered run of three such as 444, 123 or 246")))
        #expect(d.apply(.setSessionPIN("7391")).outcome == .accepted)
        #expect(d.advanceClock(by: 30) == .success(.locked("cou1")))
        #expect(d.apply(.enterSessionPIN("8264")).outcome == .refused(.wrongSessionPIN(attemptsLeft: 2)))
        #expect(d.apply(.enterSessionPIN("7391")).outcome == .accepted)
        let json = String(decoding: try JSONEncoder().encode(d.snapshot), as: UTF8.self)
        for pin in ["1234", "7391", "8264"] {
            #expect(!Self.logTexts(d).contains { $0.contains(pin) }, "the event log shows \(pin)")
            #expect(!json.contains("\"\(pin)\""), "the snapshot holds \(pin)")
            #expect(!"\(DeviceAction.setSessionPIN(Secret(pin)))".contains(pin))
        }
    }

    // MARK: sign-in

    @Test func theSignInScreenAppendsTheDomainToABareName() {
        var t = Fixtures.cheapTenant()
        t.promptsForGroupID = false
        t.users.append(TenantUser(id: "ana@contoso.com", displayName: "Ana", group: "FRONTLINE", role: .endUser,
                                  passwordHash: Fixtures.cheapHasher.hash("ana")))
        t.managedHomeScreen.domainNames = ["contoso.com", "fabrikam.com"]
        #expect(t.managedHomeScreen.signInName("ana") == "ana@contoso.com")
        #expect(t.managedHomeScreen.signInName("ana@fabrikam.com") == "ana@fabrikam.com")
        #expect(t.managedHomeScreen.loginHint == "Enter email or phone number")
        var d = try! SharedDevice.make(profile: .androidMHS, tenant: t, catalogue: Fixtures.catalogue, apps: nil,
                                       dependencies: Fixtures.dependencies(Fixtures.cheapHasher))
        #expect(d.enroll(group: nil, user: "stage", password: "stage").succeeded)
        #expect(d.completeEnrollment() == .success(.checkedIn))
        #expect(d.signIn(user: "ana", password: "ana") == .success(.checkedOut("ana@contoso.com")))
        // entra-android has no MHS sign-in screen: the name is taken as typed.
        var plain = try! SharedDevice.make(profile: .entraAndroid, tenant: t, catalogue: Fixtures.catalogue, apps: nil,
                                           dependencies: Fixtures.dependencies(Fixtures.cheapHasher))
        #expect(plain.enroll(group: nil, user: "stage", password: "stage").succeeded)
        #expect(plain.completeEnrollment() == .success(.checkedIn))
        #expect(plain.signIn(user: "ana", password: "ana").succeeded == false)
        #expect(plain.state == .checkedIn)
    }

    // MARK: only on android-mhs

    @Test(arguments: [ProfileID.entraAndroid, .entraIOS])
    func noneOfItHappensWithoutTheLauncher(_ profile: ProfileID) {
        var d = Self.signedIn(profile, tenant: Self.pinTenant())
        #expect(d.managedHomeScreen == nil)
        #expect(d.snapshot.managedHomeScreen == nil)
        #expect(d.secondsUntilInactivityLock == nil)
        #expect(d.advanceClock(by: 3_600) == .success(.checkedOut("cou1")))
        #expect(d.autoSignOutSecondsLeft == nil)
        #expect(d.setSessionPIN("7391") == .failure(.notSupported(action: "the session PIN of Managed Home Screen", profile: profile)))
        #expect(d.enterSessionPIN("7391") == .failure(.notSupported(action: "the session PIN of Managed Home Screen", profile: profile)))
        #expect(d.dismissAutoSignOut() == .failure(.notSupported(action: "the automatic sign-out of Managed Home Screen", profile: profile)))
        for t in [Transition.screensaver, .autoSignOutCountdown, .autoSignOut, .setSessionPIN] {
            #expect(t.label(on: profile) == nil)
            #expect(d.snapshot.timesTaken(t) == 0)
        }
    }

    @Test func noneOfItHappensOnWorkspaceOne() {
        var d = Self.signedIn(.workspaceOne)
        #expect(d.checkOut("cou1") == .success(.checkedOut("cou1")))
        #expect(d.managedHomeScreen == nil)
        #expect(d.setSessionPIN("7391") == .failure(.notSupported(action: "the session PIN of Managed Home Screen", profile: .workspaceOne)))
        // Its own inactivity lock, not MHS's screensaver.
        #expect(d.advanceClock(by: 3_600) == .success(.locked("cou1")))
        #expect(d.snapshot.timesTaken(.inactivityLock) == 1)
        #expect(d.snapshot.timesTaken(.screensaver) == 0)
        #expect(d.enterSessionPIN("cou1") == .failure(.notSupported(action: "the session PIN of Managed Home Screen", profile: .workspaceOne)))
    }

    @Test func withMHSSignInDisabledTheLauncherAddsNothing() {
        var t = Self.pinTenant()
        t.managedHomeScreen.enableSignIn = false
        var d = Self.signedIn(tenant: t)
        #expect(d.managedHomeScreen == .signedOut)
        #expect(d.advanceClock(by: 3_600) == .success(.checkedOut("cou1")))
        #expect(d.setSessionPIN("7391") == .failure(.notSupported(action: "the session PIN of Managed Home Screen", profile: .androidMHS)))
    }
}

private extension Result {
    var succeeded: Bool { if case .success = self { true } else { false } }
}
