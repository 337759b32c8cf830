import Configuration
import FuzzSupport
import HubUI
import Platform
import SessionEngine
import Testing
@testable import Scenarios

/// The variables a recording asks for: one per user whose secret was checked, never shared by
/// two users, and none for an attempt the engine refused before looking at the secret.
@Suite struct RecorderVariableTests {
    /// `a.b` and `a_b` were both `HUBSIM_PASSWORD_A_B`, so replaying a walk with both always
    /// failed at the second check-out.
    @Test func punctuationIsEncodedOneToOne() {
        #expect(EnvironmentReferences.variable(for: "cou1") == "HUBSIM_PASSWORD_COU1")
        #expect(EnvironmentReferences.variable(for: "a.b") == "HUBSIM_PASSWORD_A_DB")
        #expect(EnvironmentReferences.variable(for: "a_b") == "HUBSIM_PASSWORD_A__B")
        #expect(EnvironmentReferences.variable(for: "a-b") == "HUBSIM_PASSWORD_A_HB")
        #expect(EnvironmentReferences.variable(for: "a@b") == "HUBSIM_PASSWORD_A_AB")
        #expect(EnvironmentReferences.variable(for: "Anne-Marie.O", passcode: true) == "HUBSIM_PASSCODE_ANNE_HMARIE_DO")
        // User names are case-insensitive (the console keeps them lower-cased): one variable.
        #expect(EnvironmentReferences.variable(for: "COU1") == EnvironmentReferences.variable(for: "cou1"))
    }

    /// Every pair of distinct valid user names (lower-cased, as the console keeps them) gets
    /// distinct variables: a seeded search over short names of the characters most likely to
    /// collide, then random names of every allowed character.
    @Test func noTwoUsersShareAVariable() {
        var seen: [String: String] = [:]
        func check(_ name: String) {
            guard UserID.isValidName(name) else { return }
            let user = UserID(name).name
            let variable = EnvironmentReferences.variable(for: user)
            #expect(variable.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }, "\(variable)")
            if let other = seen[variable], other != user {
                Issue.record("\(other) and \(user) share \(variable)")
            }
            seen[variable] = user
        }
        // Every name of up to four characters over a small alphabet that holds each escape.
        let small = Array("ab_.-@DH")
        func all(_ prefix: String, _ left: Int) {
            check(prefix)
            guard left > 0 else { return }
            for c in small { all(prefix + String(c), left - 1) }
        }
        all("", 4)
        var rng = SplitMix64(seed: 0x5EED_CAFE)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789._-@")
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...12, using: &rng)
            check(String((0..<length).map { _ in alphabet.randomElement(using: &rng)! }))
        }
        #expect(seen.count > 5_000)
    }

    /// Attempts refused before the secret is checked (an unknown Group ID, here ten of them)
    /// add no variable; the attempt that was checked does. The recording replays.
    @Test func onlyCheckedPasswordsNeedAVariable() throws {
        var model = try RecorderTests.model()
        model.type("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        model.settle()
        for n in 0..<10 {
            model.type("NOWHERE\(n)<Enter>cou\(n)<Enter>secret\(n)<Enter>")   // refused: unknown group
            model.type("<Esc>")
        }
        model.type("<C-u>")
        model.type("FRONTLINE<Enter>cou1<Enter>cou1<Enter>")
        #expect(model.device.state == .checkedOut("cou1"))
        let recording = model.recording()
        #expect(recording.variables == ["HUBSIM_PASSWORD_STAGE", "HUBSIM_PASSWORD_COU1"], "\(recording.yaml)")
        #expect(recording.yaml.contains("password: not-checked}\n    refused: unknown-group"), "\(recording.yaml)")
        for n in 0..<10 { #expect(!recording.yaml.contains("secret\(n)")) }
        let result = try RecorderTests.replay(recording.yaml,
                                              environment: ["HUBSIM_PASSWORD_STAGE": "stage", "HUBSIM_PASSWORD_COU1": "cou1"])
        #expect(result.passed, "\(recording.yaml)\n\(result.failure.map { "\($0.expected) / \($0.actual)" } ?? "")")
    }

    /// Two users whose names differ only in punctuation are recorded with two variables, and
    /// the replay checks each out with its own password.
    @Test func usersThatDifferByPunctuationReplay() throws {
        let hasher = Fixtures.hasher
        func user(_ name: String, _ role: TenantUser.Role = .endUser) -> TenantUser {
            TenantUser(id: UserID(name), displayName: name, group: "FRONTLINE", role: role, passwordHash: hasher.hash(Secret(name)))
        }
        let tenant = Tenant(name: "punctuation", promptsForGroupID: true, groups: [OrganizationGroup(id: "FRONTLINE", name: "F")],
                            users: [user("stage", .staging(.multiUser)), user("a.b"), user("a_b")], policy: SecurityPolicy())
        let device = try SharedDevice.make(profile: .workspaceOne, tenant: tenant, catalogue: Fixtures.catalogue,
                                           dependencies: EngineDependencies.seeded(hasher: hasher))
        var model = RecordedWalk(HubModel(device: device), hasher: hasher)
        model.type("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        model.settle()
        model.type("FRONTLINE<Enter>a.b<Enter>a.b<Enter>")
        model.type("h<Esc><Enter><Enter><Enter>")                  // Hub, menu, Log Out, confirm
        model.type("FRONTLINE<Enter>a_b<Enter>a_b<Enter>")
        #expect(model.device.state == .checkedOut("a_b"))
        let recording = model.recording()
        #expect(recording.variables == ["HUBSIM_PASSWORD_STAGE", "HUBSIM_PASSWORD_A_DB", "HUBSIM_PASSWORD_A__B"])
        var scenario = try Fixtures.scenario(recording.yaml, environment: [
            "HUBSIM_PASSWORD_STAGE": "stage", "HUBSIM_PASSWORD_A_DB": "a.b", "HUBSIM_PASSWORD_A__B": "a_b",
        ])
        scenario.tenant = tenant
        let result = Fixtures.runner().run(scenario)
        #expect(result.passed, "\(recording.yaml)\n\(result.failure.map { "\($0.expected) / \($0.actual)" } ?? "")")
    }
}
