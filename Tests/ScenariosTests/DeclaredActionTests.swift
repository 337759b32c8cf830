import Configuration
import HubUI
@testable import Scenarios
import SessionEngine
import Testing

/// A declared device action (`StepName.declaration`) goes the whole way from its declaration
/// alone: the test knows no action by name. On every profile it belongs to, its step parses to
/// its action, the action applied answers only with a refusal the declaration lists and moves
/// the device only along a transition it lists, the recorder writes the step back, and the
/// recording replays; on every other profile the step is the declaration's one line. A new
/// action declared in that one place is covered here with no line of this file changed.
@Suite struct DeclaredActionTests {
    static let declared: [StepName] = StepName.allCases.filter { $0.declaration != nil }

    /// A walk on `profile` with cou1 signed in (checked out) and an app of `app`'s choosing in front.
    static func signedIn(_ profile: ProfileID) throws -> RecordedWalk {
        var walk = try RecorderTests.model(profile)
        let ws1 = profile == .workspaceOne
        let start: [DeviceAction] = [
            .enroll(group: ws1 ? "FRONTLINE" : nil, user: "stage", password: "stage"), .completeEnrollment,
            ws1 ? .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil)
                : .signIn(user: "cou1", password: "cou1", from: .broker),
        ]
        for action in start {
            walk.model.apply(action)
            walk.recorder.append(walk.model)
        }
        walk.model.apply(.launch(app(on: walk.device)))
        walk.recorder.append(walk.model)
        return walk
    }

    /// The app a step on an app names: one with single sign-on where there is one (the token
    /// steps need it), so most steps are taken, not refused.
    static func app(on device: SharedDevice) -> AppID {
        device.apps.first { $0.definition.sso != nil }?.id ?? device.apps[0].id
    }

    @Test(arguments: declared)
    func aDeclaredActionParsesAppliesRecordsAndReplaysFromItsDeclaration(_ step: StepName) throws {
        let declaration = try #require(step.declaration)
        #expect(declaration.step == step)
        var belongsSomewhere = false
        for profile in ProfileID.allCases {
            if let problem = declaration.profileProblem(profile) {
                let error = Fixtures.parseError("profile: \(profile.rawValue)\nsteps:\n  - \(step)\n")
                #expect(error?.message == problem, "\(step) on \(profile)")
                #expect(!problem.contains("\n"))
                continue
            }
            belongsSomewhere = true
            var walk = try Self.signedIn(profile)
            let app = Self.app(on: walk.device)
            let written = declaration.takesApp ? "\(step): \(app)" : "\(step)"
            let action = declaration.action(on: app)

            // Parse: the step as written is the declared action, labelled as written.
            let scenario = try Fixtures.scenario("profile: \(profile.rawValue)\nsteps:\n  - \(written)\n")
            guard case let .action(actions, refused) = try #require(scenario.steps.first).kind else {
                Issue.record("\(written) on \(profile): not an action"); continue
            }
            #expect(actions == [action] && refused == nil, "\(written) on \(profile)")
            #expect(scenario.steps.first?.label == written.replacingOccurrences(of: ": ", with: " "))

            // Apply: only the declared refusals and transitions (any input may also close
            // Managed Home Screen's screensaver).
            let before = Transition.allCases.map { walk.device.snapshot.timesTaken($0) }
            walk.model.apply(action)
            walk.recorder.append(walk.model)
            let refusal = walk.model.actionLog.last?.outcome.refusal
            if let refusal { #expect(declaration.refusals.contains(refusal.kind), "\(written) on \(profile): \(refusal.tag) not declared") }
            for (t, count) in zip(Transition.allCases, before) where walk.device.snapshot.timesTaken(t) > count {
                #expect(declaration.transitions.contains(t) || (t == .leaveScreensaver && action.isUserInput),
                        "\(written) on \(profile) took \(t), not declared")
            }

            // Record and replay: the recorder writes the step back, and the file passes.
            let yaml = walk.recording(name: "declared \(step)").yaml
            // `refused:` sits beside the step name: a bare step gets an empty value.
            let head = declaration.takesApp || refusal == nil ? written : written + ":"
            let line = "  - \(head)\n" + (refusal.map { "    refused: \($0.tag)\n" } ?? "")
            #expect(yaml.contains(line), "\(written) on \(profile):\n\(yaml)")
            let result = try RecorderTests.replay(yaml)
            #expect(result.passed, "\(written) on \(profile) does not replay:\n\(yaml)")
        }
        #expect(belongsSomewhere, "\(step) belongs to no profile")
    }
}
