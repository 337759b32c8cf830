import AppBridge
import Configuration
import Dispatch
import Foundation
import Platform
import SessionEngine

/// Why `hubsim check-app` cannot run the matrix at all: the tenant lacks the people a shift
/// needs, or the app cannot sit beside the catalogue's apps. One line.
public struct CheckAppError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The standard shift-change matrix against one app: every transition of its profile
/// (`ShiftTransition.matrix(for:)`) × the app's state when it happens (`ShiftAppState`).
///
/// Each cell is a fresh device with the profile's catalogue apps and the app, enrolled by the
/// tenant's staging user; the first user (except for the first check-out or sign-in), the
/// app launched and settled, put in its state; the transition, and the next user where the
/// transition ends a session; then the app brought to the foreground, which is when the
/// Workspace ONE SDK tells it (and where an MSAL app reads the account). The verdict comes
/// from the leak audit and the app's process, exactly as for the catalogue's apps. Pure
/// but for the bridge: the device is the engine's, the program a real process.
public struct ShiftMatrix: Sendable {
    /// A person of the tenant as the matrix signs them on.
    struct Person: Sendable {
        var user: TenantUser
        var password: Secret
        /// The app passcode set at check-out when the policy requires one.
        var passcode: Secret?
        var id: UserID { user.id }
    }

    public let app: AppDefinition
    public let profile: DeviceProfile
    public let tenant: Tenant
    /// The catalogue's apps installed beside it: the profile's default set.
    public let neighbours: [AppDefinition]
    public let bridgeOptions: BridgeOptions
    /// `check-app --strict`: another user's item still readable at rest at a cell's end (an
    /// exposure) fails the cell, for teams that want the previous user's data gone, not only hidden.
    public var strict = false
    let staging: Person
    let first: Person
    let next: Person
    private let verifier: SharedVerifier

    /// `environment` gives passwords other than the user name (`HUBSIM_PASSWORD_<USER>`,
    /// `HUBSIM_PASSCODE_<USER>`, as a replayed scenario reads them): the shipped tenant's
    /// passwords are the user names.
    public init(app: AppDefinition, profile: ProfileID, tenant: Tenant, catalogue: AppCatalogue,
                environment: [String: String] = [:], hasher: ScryptHasher = ScryptHasher(logN: 10),
                bridgeOptions: BridgeOptions = BridgeOptions()) throws(CheckAppError) {
        self.app = app
        self.profile = DeviceProfile.named(profile)
        self.tenant = tenant
        self.bridgeOptions = bridgeOptions
        self.verifier = SharedVerifier(base: hasher)
        do throws(CatalogueError) {
            neighbours = try catalogue.select(self.profile.defaultApps)
        } catch {
            throw CheckAppError("the catalogue lacks the profile's apps: \(error)")
        }
        if neighbours.contains(where: { $0.id == app.id }) {
            throw CheckAppError("'\(app.id)' is the name of a catalogue app on \(profile.rawValue); give the app another --name")
        }
        let people = tenant.users.filter { !$0.isStagingUser }
        guard let stagingUser = tenant.users.first(where: \.isStagingUser), people.count >= 2 else {
            throw CheckAppError("the tenant needs a staging user and two users (the shift's first and next) for the matrix; '\(tenant.name)' has \(people.count) user(s) besides staging")
        }
        func person(_ user: TenantUser) -> Person {
            let password = environment[EnvironmentReferences.variable(for: user.id.name)] ?? user.id.name
            var passcode: Secret?
            if tenant.policy.requiresAppPasscode {
                let minimum = max(tenant.policy.appPasscodeMinLength ?? 4, 4)
                passcode = Secret(environment[EnvironmentReferences.variable(for: user.id.name, passcode: true)]
                    ?? String(String(repeating: "2468013579", count: minimum / 10 + 1).prefix(minimum)))
            }
            return Person(user: user, password: Secret(password), passcode: passcode)
        }
        staging = person(stagingUser)
        first = person(people[0])
        next = person(people[1])
    }

    /// Every cell of the matrix, transition by transition, each in every app state; on every
    /// core when `parallel` (each cell has its own device and process, so they share nothing
    /// but the credential check), reported in the matrix's order.
    public func run(transitions: [ShiftTransition]? = nil, states: [ShiftAppState] = ShiftAppState.allCases,
                    parallel: Bool = true) async -> CheckAppReport {
        await run(cells: CellID.matrix(profile.id, transitions: transitions, states: states), parallel: parallel)
    }

    /// The given cells (`CellID.matrix`, or the ones `--cell` names), or the `shard`'s part
    /// of them, in their order; on every core when `parallel` (a task group, one cell per core at a time).
    public func run(cells ids: [CellID], shard: MatrixShard? = nil, parallel: Bool = true) async -> CheckAppReport {
        let start = Date()
        let pairs = (shard?.cells(of: ids) ?? ids).map { ($0.transition, $0.state) }
        guard let head = pairs.first else {
            return CheckAppReport(app: app, profile: profile.id, cells: [], duration: 0, matrix: ids, shard: shard)
        }
        // The first cell alone: a program that cannot get through `initialize` would fail every
        // cell alike, slowly; the run stops there, with that one line.
        let (first, startFailure) = run(head.0, head.1)
        if let startFailure {
            var report = CheckAppReport(app: app, profile: profile.id, cells: [first], duration: Date().timeIntervalSince(start),
                                        matrix: ids, shard: shard)
            report.startFailure = startFailure
            return report
        }
        let rest = Array(pairs.dropFirst())
        var cells = [first]
        if parallel && rest.count > 1 {
            cells += await OrderedTaskGroup.map(rest) { cell($0.0, $0.1) }
        } else {
            cells += rest.map { cell($0.0, $0.1) }
        }
        return CheckAppReport(app: app, profile: profile.id, cells: cells, duration: Date().timeIntervalSince(start),
                              matrix: ids, shard: shard)
    }

    /// One cell: a fresh device and a fresh process.
    public func cell(_ transition: ShiftTransition, _ state: ShiftAppState) -> CheckAppCell {
        run(transition, state).cell
    }

    /// One cell, and why its program could not start if it could not (`AppBridge.startFailure`):
    /// then the program is killed at once and the cell ends there.
    private func run(_ transition: ShiftTransition, _ state: ShiftAppState) -> (cell: CheckAppCell, startFailure: String?) {
        let start = Date()
        let device = SharedDevice(profile: profile, tenant: tenant, apps: neighbours + [app],
                                  dependencies: EngineDependencies.seeded(hasher: verifier))
        var run = MatrixCell(device: device, bridge: AppBridge(options: bridgeOptions), app: app.id)
        let id = app.id
        run.act("enroll") { device in
            device.enroll(group: tenant.groups.first?.id, user: staging.id.name, password: staging.password).refusal
                ?? device.completeEnrollment().refusal
        }
        if transition.startsWithFirstUser { run.act(signOnLabel(first)) { signOn(first, &$0) } }
        run.act("cold launch") { $0.launch(id).refusal }
        if let failure = run.bridge.startFailure {
            run.killNow()
            var cell = run.judge(transition, state)
            cell.duration = Date().timeIntervalSince(start)
            return (cell, failure)
        }
        switch state {
        case .foreground: break
        case .background: run.act("background") { $0.background(id).refusal }
        case .suspended: run.act("suspend") { $0.suspend(id).refusal }
        case .terminated: run.act("terminate") { $0.terminate(id).refusal }
        }
        run.markTransition()
        take(transition, &run)
        run.act("foreground") { $0.launch(id).refusal }
        var cell = run.judge(transition, state, strict: strict)
        run.shutdown()
        cell.duration = Date().timeIntervalSince(start)
        return (cell, nil)
    }

    /// The transition's device events, each settled before the next.
    private func take(_ transition: ShiftTransition, _ run: inout MatrixCell) {
        let signOffLabel = profile.id == .workspaceOne ? "check-in" : "sign-out"
        switch transition {
        case .checkOut, .signIn:
            run.act(signOnLabel(first)) { signOn(first, &$0) }
        case .checkIn, .signOut:
            run.act(signOffLabel) { signOff(&$0) }
        case .checkOutOfAnotherUser, .signInOfAnotherUser:
            run.act(signOffLabel) { signOff(&$0) }
            run.act(signOnLabel(next)) { signOn(next, &$0) }
        case .enterpriseWipe:
            run.act("enterprise wipe") { $0.enterpriseWipe().refusal }
            run.act(signOnLabel(next)) { signOn(next, &$0) }
        case .offlineCheckIn, .offlineSignOut:
            run.act("offline") { $0.goOffline().refusal }
            run.act(signOffLabel + " offline") { signOff(&$0) }
            run.act("online") { $0.goOnline().refusal }
            run.act(signOnLabel(next)) { signOn(next, &$0) }
        case .inactivityLock:
            run.act("inactivity lock") { $0.advanceClock(by: tenant.policy.inactivityTimeout + 1).refusal }
            run.act("unlock") { $0.unlock(first.passcode ?? first.password).refusal }
        case .accountRemovedInSettings:
            run.act("account removed in Settings") { $0.removeAccountFromSettings().refusal }
            run.act(signOnLabel(next)) { signOn(next, &$0) }
        case .signOutFromBrowser:
            // signoutFromBrowser is an app's MSAL call: another MSAL app of the device makes it
            // (the broker when the profile has none), as a colleague's app would.
            let caller = neighbours.first { $0.msal != nil }.map { AccountSource.app($0.id) } ?? .broker
            run.act("signoutFromBrowser in \(caller)") { $0.signOut(from: caller, browser: true).refusal }
            run.act(signOnLabel(next)) { signOn(next, &$0) }
        }
    }

    private func signOnLabel(_ person: Person) -> String {
        profile.id == .workspaceOne ? "check-out of \(person.id)" : "sign-in of \(person.id)"
    }

    private func signOn(_ person: Person, _ device: inout SharedDevice) -> Refusal? {
        switch profile.family {
        case .workspaceOne:
            device.checkOut(group: tenant.promptsForGroupID ? person.user.group : nil, user: person.id.name,
                            password: person.password, passcode: person.passcode).refusal
        case .entra:
            device.signIn(user: person.id.name, password: person.password).refusal
        }
    }

    private func signOff(_ device: inout SharedDevice) -> Refusal? {
        switch profile.family {
        case .workspaceOne: device.logOut().refusal
        case .entra: device.signOut().refusal
        }
    }
}

extension Result {
    /// The failure, if there was one: a matrix step reads only whether the device refused.
    var refusal: Failure? { if case let .failure(f) = self { f } else { nil } }
}
