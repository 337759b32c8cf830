import Configuration
import HubUI
import SessionEngine

/// How a scenario's steps play under another profile, so one scenario can be compared on
/// two systems. The account steps map onto each other (check-out ⇄ global sign-in,
/// check-in ⇄ global sign-out); steps only one system has (an unlock, the console's wipe)
/// and keys typed into one profile's screens are refused at their position, before
/// anything runs. Checks (`expect…`) describe one profile's outcome and are not played:
/// the comparison shows the outcomes instead.
public enum ProfileTranslation {
    /// Why a scenario cannot be compared: `file:line:column: problem`.
    public static func steps(of scenario: Scenario, left: ProfileID, right: ProfileID) throws(ConfigError) -> [ComparedStep] {
        var steps: [ComparedStep] = []
        for step in scenario.steps {
            switch step.kind {
            case let .action(actions, _):
                let l = try translate(actions, to: left, tenant: scenario.tenant, step: step, file: scenario.file)
                let r = try translate(actions, to: right, tenant: scenario.tenant, step: step, file: scenario.file)
                steps.append(ComparedStep(label: step.label, line: step.line, left: l, right: r,
                                          leftLabel: label(of: l), rightLabel: label(of: r)))
            case .press:
                throw ConfigError(file: scenario.file, line: step.line, column: step.column,
                                  message: "'\(step.label)' types keys into one profile's screens; a comparison plays engine steps only (write it as checkOut, launch, …)")
            case .expect, .expectApp, .expectNoLeak, .expectLeak, .expectExposure, .expectToken, .expectFault, .narration:
                continue
            }
        }
        return steps
    }

    /// `actions` as a device of `profile` plays them.
    static func translate(_ actions: [DeviceAction], to profile: ProfileID, tenant: Tenant,
                          step: ScenarioStep, file: String) throws(ConfigError) -> [DeviceAction] {
        func refuse(_ why: String) -> ConfigError {
            ConfigError(file: file, line: step.line, column: step.column, message: "'\(step.label)' cannot be compared: \(why)")
        }
        var out: [DeviceAction] = []
        for action in actions {
            switch (action, profile) {
            case let (.enroll(_, user, password), .workspaceOne):
                out.append(.enroll(group: group(of: user, in: tenant), user: user, password: password))
            case let (.enroll(_, user, password), .entraIOS):
                out.append(.enroll(group: nil, user: user, password: password))
            case let (.checkOut(_, user, password, _), .entraIOS):
                out.append(.signIn(user: user, password: password, from: .broker))
            case (.logOut, .entraIOS):
                out.append(.signOut(from: .broker, browser: false))
            case let (.signIn(user, password, from), .workspaceOne):
                // Check-out happens in the Hub; the app that asked comes back in front after.
                out.append(.checkOut(group: group(of: user, in: tenant), user: user, password: password, passcode: nil))
                if case let .app(id) = from { out.append(.launch(id)) }
            case (.signOut, .workspaceOne):
                out.append(.logOut)
            case (.unlock, .entraIOS):
                throw refuse("entra-ios has no inactivity lock to unlock")
            case (.enterpriseWipe, .entraIOS):
                throw refuse("entra-ios has no console wipe (Workspace ONE only)")
            default:
                out.append(action)
            }
        }
        return out
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
            default: action.name
            }
        }.joined(separator: ", ")
    }
}
