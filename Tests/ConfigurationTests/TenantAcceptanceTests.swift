import Platform
import SessionEngine
import Testing
@testable import Configuration

/// What a tenant file may hold (Docs/reliability.md, consistent acceptance): user names are safe identifiers, and every
/// password hash costs at least `ScryptCost.minimum`. Each refusal has a position.
@Suite("Reliability: tenant acceptance")
struct TenantAcceptanceTests {
    /// A well-formed PHC string (16-byte salt, 32-byte hash) with the given parameters.
    static func phc(ln: Int = 15, r: Int = 8, p: Int = 1) -> String {
        "$scrypt$ln=\(ln),r=\(r),p=\(p)$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"
    }

    /// A tenant whose second user (line 6) has `name` (a YAML scalar, as written) and `hash`.
    static func yaml(name: String = "cou1", hash: String = phc()) -> String {
        """
        groups: [{id: G}]
        users:
          - name: stage
            role: staging
            passwordHash: "\(phc())"
          - name: \(name)
            passwordHash: "\(hash)"

        """
    }

    static func error(_ yaml: String, minimumCost: ScryptCost = .minimum) -> ConfigError? {
        do throws(ConfigError) {
            _ = try TenantLoader.load(yaml: yaml, file: "t.yaml", minimumCost: minimumCost)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("\"../x y\"", #""../x y" cannot be a user name"#),
        ("\"a/b\"", #""a/b" cannot be a user name"#),
        ("\"two words\"", #""two words" cannot be a user name"#),
        ("-lead", #""-lead" cannot be a user name"#),
        (".hidden", #"".hidden" cannot be a user name"#),
        ("\"j\\u00fcrgen\"", #""jürgen" cannot be a user name"#),
    ])
    func anUnsafeUserNameIsRefusedAtItsPosition(_ name: String, _ message: String) throws {
        let error = try #require(Self.error(Self.yaml(name: name)), "'\(name)' was accepted")
        #expect(error.line == 6 && error.column == 11, "\(error)")
        #expect(error.message == message + ": use 1 to 64 ASCII letters, digits and . _ - @, starting with a letter or digit")
        #expect(!error.description.contains("\u{1B}"))
    }

    /// An empty or too long name is refused by the length limit every name shares (`Limits`).
    @Test(arguments: [
        ("\"\"", "name must not be empty"),
        (String(repeating: "a", count: 65), "name is 65 characters long; the limit is 64 characters"),
    ])
    func aNameOutsideTheLengthLimitIsRefusedAtItsPosition(_ name: String, _ message: String) throws {
        let error = try #require(Self.error(Self.yaml(name: name)), "'\(name)' was accepted")
        #expect(error.line == 6 && error.column == 11, "\(error)")
        #expect(error.message == message)
    }

    @Test(arguments: ["cou1", "Cou.1_x-y", "cou1@contoso.com", "7", String(repeating: "a", count: 64)])
    func aSafeUserNameIsAccepted(_ name: String) throws {
        let tenant = try TenantLoader.load(yaml: Self.yaml(name: name), file: "t.yaml")
        #expect(tenant.user(UserID(name)) != nil)
    }

    @Test(arguments: [(1, 8, 1), (10, 8, 1), (13, 8, 1), (14, 4, 1), (15, 1, 1)])
    func aCheapHashIsRefusedAtItsPositionWithoutShowingIt(_ ln: Int, _ r: Int, _ p: Int) throws {
        let hash = Self.phc(ln: ln, r: r, p: p)
        let error = try #require(Self.error(Self.yaml(hash: hash)), "ln=\(ln),r=\(r),p=\(p) was accepted")
        #expect(error.line == 7 && error.column == 19, "\(error)")
        #expect(error.message == "the passwordHash of 'cou1' is too cheap to guard a password (ln=\(ln), r=\(r), p=\(p); at least ln=14, r=8, p=1 is needed); make a new one with `hubsim tenant hash-password`")
        #expect(!error.description.contains("c2FsdHNhbHRz"))
    }

    @Test func theMinimumItselfIsAccepted() throws {
        #expect(Self.error(Self.yaml(hash: Self.phc(ln: 14, r: 8, p: 1))) == nil)
        #expect(Self.error(Self.yaml(hash: Self.phc(ln: 16, r: 16, p: 2))) == nil)
    }

    /// Tests that hash in-process at a low work factor say so; the rule for files stays.
    @Test func aCheaperMinimumIsAnExplicitParameter() throws {
        let cheap = Self.yaml(hash: Self.phc(ln: 10))
        #expect(Self.error(cheap) != nil)
        #expect(Self.error(cheap, minimumCost: ScryptCost(logN: 10, r: 8, p: 1)) == nil)
    }

    @Test func theShippedTenantsMeetTheMinimum() throws {
        for tenant in [try BundledAssets.tenant(), try BundledAssets.strictTenant()] {
            for user in tenant.users {
                let scrypt = try #require(user.passwordHash.scrypt)
                #expect(ScryptCost.minimum.isMet(by: scrypt), "\(user.id)")
                #expect(UserID.isValidName(user.id.name))
            }
        }
    }
}
