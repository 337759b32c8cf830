import SessionEngine
import Testing

/// `Transition` is the one list of the state diagram's arrows: each is drawn on the diagram
/// of a profile that has it, and the engine counts it when it is taken.
@Suite struct TransitionCoverageTests {
    /// A walk that takes `transition` once, from a new device of a profile whose diagram draws
    /// it. The switch has no `default:`: a new transition does not compile until it has a walk.
    static func walk(to transition: Transition) -> (profile: ProfileID, actions: [DeviceAction]) {
        let enroll = DeviceAction.enroll(group: "FRONTLINE", user: "stage", password: "stage")
        let checkedOut: [DeviceAction] = [enroll, .completeEnrollment,
                                          .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil)]
        let signedIn: [DeviceAction] = [.enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment,
                                        .signIn(user: "cou1", password: "cou1", from: .broker)]
        // Longer than any inactivity timeout: the clock stops at the lock.
        let locked = checkedOut + [.advanceClock(seconds: 3_600)]
        return switch transition {
        case .enroll: (.workspaceOne, [enroll])
        case .installProfile: (.workspaceOne, [enroll, .completeEnrollment])
        case .checkOut: (.workspaceOne, checkedOut)
        case .logOut: (.workspaceOne, checkedOut + [.logOut])
        case .inactivityLock: (.workspaceOne, locked)
        case .unlock: (.workspaceOne, locked + [.unlock("cou1")])
        case .enterpriseWipe: (.workspaceOne, checkedOut + [.enterpriseWipe])
        case .signIn: (.entraIOS, signedIn)
        case .signOut: (.entraIOS, signedIn + [.signOut(from: .broker, browser: false)])
        case .removeAccountFromSettings: (.entraAndroid, signedIn + [.removeAccountFromSettings])
        }
    }

    @Test(arguments: Transition.allCases) func everyTransitionIsDrawnAndCountedWhenTaken(_ transition: Transition) throws {
        let (profile, actions) = Self.walk(to: transition)
        let label = try #require(transition.label(on: profile), "\(transition) is not on the \(profile.rawValue) diagram")
        var m = Fixtures.model(profile, width: 120, height: 40)
        m.press("<F3>")
        #expect(m.screen().contains("✗ \(label)"), "\(transition) is not drawn before it is taken")
        for action in actions { #expect(m.apply(action) == .accepted, "\(transition): \(action.name)") }
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
