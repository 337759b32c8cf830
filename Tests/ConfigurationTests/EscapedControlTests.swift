import SessionEngine
import Testing
@testable import Configuration

/// A control character spelled as a YAML escape in a quoted value is decoded by libyaml and
/// would reach a screen, a log or a report raw: every file kind refuses it at the value's
/// line and column, whatever escape wrote it.
@Suite struct EscapedControlTests {
    /// Each escape form, as written in a double-quoted YAML scalar, and what it decodes to.
    static let escapes: [(written: String, scalar: UInt32)] = [
        ("\\e", 0x1B), ("\\0", 0x00), ("\\a", 0x07), ("\\t", 0x09), ("\\n", 0x0A), ("\\x7f", 0x7F),
        ("\\u009b", 0x9B), ("\\x9b", 0x9B), ("\\u0085", 0x85), ("\\N", 0x85), ("\\u2028", 0x2028),
        ("\\L", 0x2028), ("\\P", 0x2029), ("\\u202e", 0x202E), ("\\u2066", 0x2066), ("\\U0000200F", 0x200F),
    ]

    static func message(_ scalar: UInt32) -> String {
        "this value holds a control character (\\u{\(String(scalar, radix: 16, uppercase: true))}); text values allow printable characters only, no escape such as \\e, \\t or \\u009b: remove it"
    }

    static func tenantError(_ yaml: String) -> ConfigError? {
        do throws(ConfigError) { _ = try TenantLoader.load(yaml: yaml, file: "t.yaml"); return nil } catch { return error }
    }

    static func catalogueError(_ yaml: String) -> ConfigError? {
        do throws(ConfigError) { _ = try AppCatalogue.load(yaml: yaml, file: "apps.yaml"); return nil } catch { return error }
    }

    @Test(arguments: escapes.map(\.written))
    func aTenantDisplayNameWithAnEscapedControlIsRefused(written: String) throws {
        let scalar = try #require(Self.escapes.first { $0.written == written }?.scalar)
        let text = try BundledAssets.text("tenant.yaml")
        let yaml = text.replacingOccurrences(of: "displayName: CheckOut 1", with: "displayName: \"CheckOut\(written)1\"")
        #expect(yaml != text)
        let error = try #require(Self.tenantError(yaml), "\(written)")
        #expect(error == ConfigError(file: "t.yaml", line: 17, column: 18, message: Self.message(scalar)))
    }

    @Test(arguments: escapes.map(\.written))
    func aCatalogueValueWithAnEscapedControlIsRefused(written: String) throws {
        let scalar = try #require(Self.escapes.first { $0.written == written }?.scalar)
        let yaml = "apps:\n  - id: a\n    name: \"A\(written)\"\n    sdk: none\n"
        let error = try #require(Self.catalogueError(yaml), "\(written)")
        #expect(error == ConfigError(file: "apps.yaml", line: 3, column: 11, message: Self.message(scalar)))
    }

    /// Keys are text too.
    @Test func anEscapedControlInAKeyIsRefused() throws {
        let error = try #require(Self.catalogueError("apps:\n  - id: a\n    \"na\\eme\": A\n    sdk: none\n"))
        #expect(error == ConfigError(file: "apps.yaml", line: 3, column: 5, message: Self.message(0x1B)))
    }

    /// Printable text of any script, emoji sequences and combining marks still load.
    @Test func printableTextStillLoads() throws {
        let text = try BundledAssets.text("tenant.yaml")
        let yaml = text.replacingOccurrences(of: "displayName: CheckOut 1", with: "displayName: \"Ana 👩‍💻 🇫🇷 e\\u0301 漢字 \\u00e9\"")
        let tenant = try TenantLoader.load(yaml: yaml, file: "t.yaml")
        #expect(tenant.user("cou1")?.displayName == "Ana 👩‍💻 🇫🇷 e\u{301} 漢字 é")
    }

    /// Booleans are typed: a quoted "yes" is text, refused where a boolean is wanted, in the
    /// catalogue as in a scenario's override (`AppSetRules`, the same readers).
    @Test func aQuotedBooleanIsRefused() throws {
        let yaml = "apps:\n  - id: a\n    sdk: msal\n    backgroundCapability: \"yes\"\n"
        let error = try #require(Self.catalogueError(yaml))
        #expect(error == ConfigError(file: "apps.yaml", line: 4, column: 27,
                                     message: "backgroundCapability must be true or false without quotes (a quoted value is text), not \"yes\""))
        #expect(Self.catalogueError("apps:\n  - id: a\n    sdk: msal\n    backgroundCapability: yes\n") == nil)
    }
}
