import Configuration
import HubUI
import SessionEngine

/// How a scenario's steps play under other profiles, so one scenario can be compared on two
/// to four systems. The account steps map onto each other by family: check-out ⇄ global
/// sign-in, check-in ⇄ global sign-out, and a global sign-in or sign-out is the same step on
/// every Entra profile, iOS or Android (Microsoft Learn, "Shared device mode for Android
/// devices": one account for the whole device, signed in and out for every shared-mode app,
/// as on iOS). A step a profile does not have (an unlock or the console's wipe on Entra, the
/// MDM set-up's removal off entra-ios, Android's account removal in Settings on iOS, Managed
/// Home Screen's session PIN and countdown off android-mhs) is not played on that profile:
/// its column says "not part of this profile", with the scenario language's own reason
/// (`StepParser.profileProblem`, the one list of which step belongs where). A step none of
/// the compared profiles has, and keys typed into one profile's screens, are refused at
/// their position before anything runs. Checks (`expect…`) describe one profile's outcome
/// and are not played: the comparison shows the outcomes instead.
public enum ProfileTranslation {
    /// Why a scenario cannot be compared: `file:line:column: problem`.
    public static func steps(of scenario: Scenario, profiles: [ProfileID]) throws(ConfigError) -> [ComparedStep] {
        var steps: [ComparedStep] = []
        for step in scenario.steps {
            switch step.kind {
            case let .action(actions, _):
                let played = profiles.map { translate(actions, to: $0, tenant: scenario.tenant) }
                if played.allSatisfy({ $0.notPart != nil }) {
                    throw ConfigError(file: scenario.file, line: step.line, column: step.column, message:
                        "'\(step.label)' cannot be compared: it is part of none of \(profiles.map(\.rawValue).joined(separator: ", ")) (\(played[0].notPart ?? ""))")
                }
                steps.append(ComparedStep(label: step.label, line: step.line, actions: played.map(\.actions),
                                          labels: played.map { $0.notPart == nil ? label(of: $0.actions) : ComparedStep.notPartLabel },
                                          notPart: played.map(\.notPart)))
            case .press:
                throw ConfigError(file: scenario.file, line: step.line, column: step.column,
                                  message: "'\(step.label)' types keys into one profile's screens; a comparison plays engine steps only (write it as checkOut, launch, …)")
            case .expect, .expectApp, .expectNoLeak, .expectLeak, .expectExposure, .expectToken, .expectFault, .narration:
                continue
            }
        }
        return steps
    }

    /// `actions` as a device of `profile` plays them, or why the step is not part of it.
    static func translate(_ actions: [DeviceAction], to profile: ProfileID, tenant: Tenant) -> (actions: [DeviceAction], notPart: String?) {
        var out: [DeviceAction] = []
        for action in actions {
            switch (action, profile.family) {
            case let (.enroll(_, user, password), .workspaceOne):
                out.append(.enroll(group: group(of: user, in: tenant), user: user, password: password))
            case let (.enroll(_, user, password), .entra):
                out.append(.enroll(group: nil, user: user, password: password))
            case let (.checkOut(_, user, password, _), .entra):
                out.append(.signIn(user: user, password: password, from: .broker))
            case (.logOut, .entra):
                out.append(.signOut(from: .broker, browser: false))
            case let (.signIn(user, password, from), .workspaceOne):
                // Check-out happens in the Hub; the app that asked comes back in front after.
                out.append(.checkOut(group: group(of: user, in: tenant), user: user, password: password, passcode: nil))
                if case let .app(id) = from { out.append(.launch(id)) }
            case (.signOut, .workspaceOne):
                out.append(.logOut)
            default:
                out.append(action)
            }
        }
        // The scenario language's rule of which step belongs to which profile, on what the
        // profile would play: the same words as a scenario written for it would get.
        let rules = StepParser(profile: profile, appIDs: [], env: [:])
        if let why = out.lazy.compactMap({ rules.profileProblem($0.stepName) }).first {
            return ([], why)
        }
        return (out, nil)
    }

    /// The Group ID a Workspace ONE check-out of `user` types: the user's own group.
    static func group(of user: String, in tenant: Tenant) -> String? {
        guard tenant.promptsForGroupID else { return nil }
        return tenant.users.first { $0.id.name == user }?.group
    }

    /// How the translated step reads (`signIn cou1`, `checkIn`).
    static func label(of actions: [DeviceAction]) -> String {
        actions.map { action in
            switch action {
            case let .enroll(_, user, _): "enroll \(user)"
            case let .checkOut(_, user, _, _): "checkOut \(user)"
            case let .signIn(user, _, from): from == .broker ? "signIn \(user)" : "signIn \(user) from \(from)"
            case let .signOut(from, browser): "signOut" + (from == .broker ? "" : " from \(from)") + (browser ? " (browser)" : "")
            case let .launch(id), let .background(id), let .suspend(id), let .terminate(id): "\(action.name) \(id)"
            case let .advanceClock(seconds): "advanceClock \(seconds)s"
            case let .armFault(id, fault): "fault \(fault.label) on \(id)"
            case let .disarmFaults(id): "disarm faults on \(id)"
            default: action.name
            }
        }.joined(separator: ", ")
    }
}
