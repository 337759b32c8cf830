import SessionEngine
import Testing

/// `Transition` is the one list of the state diagram's arrows: each is drawn on the diagram
/// of a profile that has it, and the engine counts it when it is taken.
@Suite struct TransitionCoverageTests {
    /// A walk that takes `transition` once, from a new device of a profile whose diagram draws
    /// it. The switch has no `default:`: a new transition does not compile until it has a walk.
    /// `strict`: on the strict sample tenant (Managed Home Screen's session PIN and screensaver);
    /// `refused`: how many of the last actions are refused (wrong session PINs).
    static func walk(to transition: Transition) -> (profile: ProfileID, strict: Bool, actions: [DeviceAction], refused: Int) {
        let enroll = DeviceAction.enroll(group: "FRONTLINE", user: "stage", password: "stage")
        let checkedOut: [DeviceAction] = [enroll, .completeEnrollment,
                                          .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil)]
        let signedIn: [DeviceAction] = [.enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment,
                                        .signIn(user: "cou1", password: "cou1", from: .broker)]
        // Longer than any inactivity timeout: the clock stops at the lock.
        let locked = checkedOut + [.advanceClock(seconds: 3_600)]
        // Managed Home Screen on the strict sample: a session PIN, the screensaver after 30 s.
        let withPIN = signedIn + [.setSessionPIN("7391")]
        let screensaver = withPIN + [.advanceClock(seconds: 30)]
        let wrongPINs = [DeviceAction](repeating: .enterSessionPIN("0000"), count: 3)
        return switch transition {
        case .enroll: (.workspaceOne, false, [enroll], 0)
        case .installProfile: (.workspaceOne, false, [enroll, .completeEnrollment], 0)
        case .checkOut: (.workspaceOne, false, checkedOut, 0)
        case .logOut: (.workspaceOne, false, checkedOut + [.logOut], 0)
        case .inactivityLock: (.workspaceOne, false, locked, 0)
        case .unlock: (.workspaceOne, false, locked + [.unlock("cou1")], 0)
        case .enterpriseWipe: (.workspaceOne, false, checkedOut + [.enterpriseWipe], 0)
        case .signIn: (.entraIOS, false, signedIn, 0)
        case .signOut: (.entraIOS, false, signedIn + [.signOut(from: .broker, browser: false)], 0)
        case .setSessionPIN: (.androidMHS, true, withPIN, 0)
        case .screensaver: (.androidMHS, true, screensaver, 0)
        // No PIN made yet: input alone closes the screensaver.
        case .leaveScreensaver: (.androidMHS, true, signedIn + [.advanceClock(seconds: 30), .userActivity], 0)
        case .resumeWithSessionPIN: (.androidMHS, true, screensaver + [.enterSessionPIN("7391")], 0)
        case .tooManyPINAttempts: (.androidMHS, true, screensaver + wrongPINs, 3)
        // The default tenant: automatic sign-out after 300 s, a 60 s countdown.
        case .autoSignOutCountdown: (.androidMHS, false, signedIn + [.advanceClock(seconds: 300)], 0)
        case .dismissAutoSignOut: (.androidMHS, false, signedIn + [.advanceClock(seconds: 300), .dismissAutoSignOut], 0)
        case .autoSignOut: (.androidMHS, false, signedIn + [.advanceClock(seconds: 360)], 0)
        case .removeAccountFromSettings: (.entraAndroid, false, signedIn + [.removeAccountFromSettings], 0)
        }
    }

    @Test(arguments: Transition.allCases) func everyTransitionIsDrawnAndCountedWhenTaken(_ transition: Transition) throws {
        let (profile, strict, actions, refused) = Self.walk(to: transition)
        let label = try #require(transition.label(on: profile), "\(transition) is not on the \(profile.rawValue) diagram")
        var m = Fixtures.model(profile, strict: strict, width: 120, height: 40)
        m.press("<F3>")
        #expect(m.screen().contains("✗ \(label)"), "\(transition) is not drawn before it is taken")
        for (i, action) in actions.enumerated() {
            let outcome = m.apply(action)
            #expect((outcome == .accepted) == (i < actions.count - refused), "\(transition): \(action.name) \(outcome)")
        }
        #expect(m.device.snapshot.timesTaken(transition) == 1)
        #expect(m.device.snapshot.coverage(of: .transition(transition)) == 1)
        #expect(m.screen().contains("✓ \(label) ×1"), "\(transition) is not drawn as taken")
    }

    @Test func eachProfileDrawsTheTransitionsItHasALabelFor() {
        for profile in ProfileID.allCases {
            let drawn = DeviceProfile.named(profile).transitions
            #expect(drawn.map(\.id) == Transition.allCases.filter { $0.label(on: profile) != nil })
            for spec in drawn { #expect(spec.from == spec.id.from && spec.to == spec.id.to && spec.label == spec.id.label(on: profile)) }
        }
        for transition in Transition.allCases {
            #expect(ProfileID.allCases.contains { transition.label(on: $0) != nil }, "\(transition) is on no diagram")
        }
    }
}
