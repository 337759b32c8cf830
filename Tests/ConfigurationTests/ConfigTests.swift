import Platform
import SessionEngine
import Testing
@testable import Configuration

/// The bundled files, read once for the whole target.
enum Fixtures {
    static let hasher = ScryptHasher()
    static let tenant = try! BundledAssets.tenant()
    static let strictTenant = try! BundledAssets.strictTenant()
    static let catalogue = try! BundledAssets.catalogue()
}

/// Tenant and catalogue files: what they hold and how their errors read.
@Suite struct ConfigTests {
    @Test func theDefaultTenantIs004sDevelopmentSetUp() throws {
        let t = Fixtures.tenant
        #expect(t.group("frontline")?.id == "FRONTLINE")
        #expect(t.users.map(\.id) == ["stage", "cou1", "cou2"])
        #expect(t.user("stage")?.role == .staging(.multiUser))
        #expect(t.policy == SecurityPolicy(appPasscodeMinLength: nil, inactivityTimeout: 300, failedAttemptLimit: 5, lockoutDuration: 60))
        for user in t.users {
            #expect(user.passwordHash.phc.hasPrefix("$scrypt$ln=15,r=8,p=1$"))
            #expect(Fixtures.hasher.verify(Secret(user.id.name), against: user.passwordHash))
        }
        let strict = Fixtures.strictTenant
        #expect(strict.policy.appPasscodeMinLength == 4 && strict.policy.inactivityTimeout == 120)
        #expect(strict.users.contains { $0.role == .staging(.singleUser) })
    }

    @Test func plaintextPasswordsAreRefusedWithHowToHashThem() {
        let yaml = """
        groups: [{id: G}]
        users:
          - name: stage
            role: staging
            password: stage
        """
        #expect(throws: ConfigError(file: "t.yaml", line: 5, column: 15,
            message: "user 'stage' has a plaintext password; store only a hash: run `hubsim tenant hash-password` and put its output under 'passwordHash'")) {
            try TenantLoader.load(yaml: yaml, file: "t.yaml")
        }
    }

    @Test(arguments: [
        ("groups: [{id: G}]\nusers:\n  - {name: a, role: boss, passwordHash: x}\n", 3, 41, "the passwordHash of 'a' is not a scrypt PHC string"),
        ("groups: [{id: G}]\nuser: []\n", 2, 1, "unknown key 'user' in the tenant; valid keys: tenant, promptForGroupID, groups, users, policy"),
        ("groups: [{id: G}\n", 2, 1, "invalid YAML"),
        ("users: []\n", 1, 1, "the tenant needs at least one group under 'groups'"),
    ])
    func tenantErrorsNameTheirPosition(yaml: String, line: Int, column: Int, message: String) {
        do {
            _ = try TenantLoader.load(yaml: yaml, file: "t.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
            #expect(error.description.hasPrefix("t.yaml:\(line):\(column): "))
        }
    }

    @Test func theCatalogueShowsEveryBehaviourSideBySide() throws {
        let c = Fixtures.catalogue
        #expect(Set(SharedDeviceSupport.allCases) == Set(c.apps.compactMap(\.workspaceOneSupport)))
        #expect(c.app("chat")?.msal == MSALTraits(backgroundCapability: true, listensForNotification: true, checksAccountOnForeground: true))
        #expect(c.app("mail")?.msal?.backgroundCapability == false)
        #expect(c.app("tasks")?.msal?.checksAccountOnForeground == false)
        #expect(c.app("forms")?.sdk == AppSDK.none)
        #expect(c.apps.contains { !$0.faults.isEmpty })
        #expect(throws: CatalogueError.unknownApp("nope", valid: c.ids)) { try c.select(["notes", "nope"]) }
    }

    @Test func catalogueErrorsNameTheValidValues() {
        do {
            _ = try AppCatalogue.load(yaml: "apps:\n  - id: x\n    sdk: workspace-one\n    support: sometimes\n", file: "apps.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.description == "apps.yaml:4:14: unknown support 'sometimes'; valid: none, retain-preferences, cache-common-data, external-encryption, shared-device-mode")
        }
    }
}
