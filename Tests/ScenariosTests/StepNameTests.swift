import Configuration
import Foundation
import SessionEngine
import Testing
@testable import Scenarios

/// `StepName` is the one list of step names: the parser reads every name on it (and lists
/// them all when a name is unknown), and what the recorder writes for an action is a step of
/// that name which parses back to the same action.
@Suite struct StepNameTests {
    /// One step of each name, as a scenario writes it, and the profile it belongs to: a declared
    /// action's from its declaration (the first profile it belongs to, on an app with single
    /// sign-on), every other step's written out below.
    static func example(_ step: StepName) -> (profile: ProfileID, yaml: String) {
        if let d = step.declaration, let profile = ProfileID.allCases.first(where: { d.profileProblem($0) == nil }) {
            return (profile, d.takesApp ? "\(step): mail" : "\(step)")
        }
        return switch step {
        case .enroll: (.workspaceOne, "enroll: {group: FRONTLINE, user: stage, password: stage}")
        case .checkOut: (.workspaceOne, "checkOut: {group: FRONTLINE, user: cou1, password: cou1, passcode: \"123456\"}")
        case .checkIn: (.entraIOS, "checkIn: {from: mail, browser: true}")
        case .logOut: (.workspaceOne, "logOut")
        case .signIn: (.entraIOS, "signIn: {user: cou1, password: cou1, from: mail}")
        case .signOut: (.entraIOS, "signOut")
        case .unlock: (.workspaceOne, "unlock: {passcode: \"123456\"}")
        case .openBroker: (.entraIOS, "openBroker")
        case .openHub: (.workspaceOne, "openHub")
        case .advanceClock: (.workspaceOne, "advanceClock: 90")
        case .setDeliveryMode: (.workspaceOne, "setDeliveryMode: held")
        case .acquireTokenInteractively: (.entraIOS, "acquireTokenInteractively: {app: mail, user: cou1, password: cou1}")
        case .completeTokenRequest: (.entraIOS, "completeTokenRequest: {user: cou1}")
        case .removeSharedDeviceConfiguration: (.entraIOS, "removeSharedDeviceConfiguration: sso-extension")
        case .setSessionPIN: (.androidMHS, "setSessionPIN: \"2468\"")
        case .enterSessionPIN: (.androidMHS, "enterSessionPIN: \"2468\"")
        case .fault: (.workspaceOne, "fault: {app: notes, arm: delay 30s}")
        case .press: (.workspaceOne, "press: \"cou1<Enter>\"")
        case .expect: (.workspaceOne, "expect: {state: checkedIn}")
        case .expectApp: (.workspaceOne, "expectApp: {app: notes, lifecycle: foreground}")
        case .expectNoLeak: (.workspaceOne, "expectNoLeak")
        case .expectLeak: (.workspaceOne, "expectLeak: notes")
        case .expectExposure: (.workspaceOne, "expectExposure: {app: notes, owner: cou1}")
        case .expectToken: (.entraIOS, "expectToken: {app: mail, source: broker}")
        case .expectFault: (.workspaceOne, "expectFault: {app: notes, fired: drop, consequence: cou1}")
        // Neither declared nor written out above: the tests below fail, naming the step.
        default: (.workspaceOne, "\(step): {no example: true}")
        }
    }

    /// The secrets the examples type, as the recorder's `${…}` references name them.
    static let environment = [
        EnvironmentReferences.variable(for: "stage"): "stage",
        EnvironmentReferences.variable(for: "cou1"): "cou1",
        EnvironmentReferences.variable(for: "cou1", passcode: true): "123456",
        EnvironmentReferences.pinVariable(for: "cou1"): "2468",
    ]

    /// A scenario of one step on `profile`, with an app passcode in the policy (so the
    /// recorder writes the passcode a check-out sets) and an app with single sign-on.
    static func scenario(_ step: String, on profile: ProfileID) throws -> Scenario {
        try Fixtures.scenario("""
            profile: \(profile.rawValue)
            policy: {appPasscode: {required: true, minLength: 6}}
            apps: [notes, mail]
            steps:
              - \(step)
            """, environment: environment)
    }

    @Test(arguments: StepName.allCases) func everyStepNameParses(_ step: StepName) throws {
        let (profile, yaml) = Self.example(step)
        let s = try Self.scenario(yaml, on: profile)
        #expect(s.steps.count == 1)
        // The report's label starts with the name as written.
        #expect(s.steps.first?.label.hasPrefix(step.rawValue) == true, "\(step): \(s.steps.first?.label ?? "")")
    }

    @Test(arguments: StepName.allCases) func everyRecordedActionParsesBackToItself(_ step: StepName) throws {
        let (profile, yaml) = Self.example(step)
        let s = try Self.scenario(yaml, on: profile)
        guard case let .action(actions, _) = s.steps.first?.kind else {
            // Keys and checks are not engine actions: the recorder writes them from the state.
            #expect([StepName.press, .expect, .expectApp, .expectNoLeak, .expectLeak, .expectExposure, .expectToken, .expectFault].contains(step))
            return
        }
        var writer = RecordedStepWriter(profile: profile, policy: s.tenant.policy)
        for action in actions {
            let passcode: Bool = if case let .unlock(secret) = action { secret == "123456" } else { false }
            let step = writer.step(action, refusal: nil, lockedUser: "cou1", usesPasscode: passcode, completesEnrollment: false,
                                   sessionUser: "cou1")
            let written = try #require(step, "\(action.name) is not written")
            // The recorder writes the action's step name (the Hub's name for the broker on workspace-one).
            let head = String(written.prefix { $0 != ":" })
            let name: StepName = action == .openBroker && profile == .workspaceOne ? .openHub : action.stepName
            #expect(head == name.rawValue, "\(action.name) written as \(written)")
            let replayed = try Self.scenario(written, on: profile)
            guard case let .action(again, _) = replayed.steps.first?.kind else {
                Issue.record("\(written) is not an action step")
                continue
            }
            #expect(again == [action], "\(written)")
        }
    }

    @Test func anUnknownStepListsEveryStepNameInOrder() throws {
        let error = try #require(Fixtures.parseError("""
            profile: workspace-one
            steps:
              - checkout: {user: cou1, password: cou1}
            """))
        #expect(error.message.contains("unknown step 'checkout'; valid steps: " + StepName.allCases.map(\.rawValue).joined(separator: ", ")))
    }

    @Test func theScenarioLanguagePageNamesEveryStep() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Configuration/Assets/scenarios/README.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        // The name in code, alone or before its value: `launch`, `launch: APP`, `checkIn {…}`.
        for step in StepName.allCases {
            #expect(["`", ":", " "].contains { text.contains("`\(step)\($0)") }, "Assets/scenarios/README.md does not show \(step)")
        }
    }

    @Test func everyActionIsNamedByAStep() {
        let actions: [DeviceAction] = [
            .enroll(group: nil, user: "stage", password: "stage"), .installProfileStep, .completeEnrollment,
            .checkOut(group: nil, user: "cou1", password: "cou1", passcode: nil), .logOut, .unlock("cou1"), .enterpriseWipe,
            .signIn(user: "cou1", password: "cou1", from: .broker), .signOut(from: .broker, browser: false),
            .launch("notes"), .background("notes"), .suspend("notes"), .terminate("notes"), .openBroker, .goOnline, .goOffline,
            .advanceClock(seconds: 1), .setDeliveryMode(.held), .releaseDelivery, .userActivity, .acquireTokenSilently("mail"),
            .beginTokenRequest("mail"), .completeTokenRequest(user: "cou1", password: nil), .cancelTokenRequest,
            .removeAccount("mail"), .refreshInBackground("mail"), .removeAccountInAuthenticator, .removeAccountFromSettings, .writeDraft("notes"),
            .armFault("notes", InjectedFault(.drop)), .disarmFaults("notes"), .removeSharedDeviceConfiguration(.ssoExtension),
            .removeAccountFromSettings, .setSessionPIN("2468"), .enterSessionPIN("2468"), .dismissAutoSignOut,
        ]
        for action in actions { #expect(action.name == action.stepName.rawValue) }
        // A declared step is its action's name.
        let declared = StepName.allCases.filter { $0.declaration != nil }
        for step in declared { #expect(step.declaration?.action(on: "notes").stepName == step) }
        // Each action step is some action's name, except the other spellings the parser takes.
        let named = Set(actions.map(\.stepName)).union(declared)
        let spellings: Set<StepName> = [.logOut, .openHub]
        let checks: Set<StepName> = [.press, .expect, .expectApp, .expectNoLeak, .expectLeak, .expectExposure, .expectToken, .expectFault]
        #expect(Set(StepName.allCases) == named.union(spellings).union(checks))
    }
}
