import Foundation
import SessionEngine
import Testing
@testable import Configuration

/// Limits for tenant and catalogue files (Docs/qa.md, Docs/reliability.md): every number has a range, every
/// size a limit, and every refusal is one line at its own position that quotes nothing but
/// the value at fault, with control characters escaped.
@Suite struct LimitsTests {
    /// The bundled tenant with one policy line replaced.
    static func tenant(policy line: String, replacing old: String) throws -> String {
        let text = try BundledAssets.text("tenant.yaml")
        let replaced = text.replacingOccurrences(of: old, with: line)
        #expect(replaced != text, "the bundled tenant no longer holds '\(old)'")
        return replaced
    }

    static func error(_ yaml: String) -> ConfigError? {
        do throws(ConfigError) {
            _ = try TenantLoader.load(yaml: yaml, file: "t.yaml")
            return nil
        } catch { return error }
    }

    @Test(arguments: [
        ("inactivityTimeout: 9223372036854775807", "inactivityTimeout: 300 ", 25, 22,
         "inactivityTimeout must be between 1 and 315,360,000 seconds (got 9223372036854775807)"),
        ("inactivityTimeout: 9.3e15 ", "inactivityTimeout: 300 ", 25, 22,
         "inactivityTimeout must be between 1 and 315,360,000 seconds (got 9.3e15)"),
        ("inactivityTimeout: 0 ", "inactivityTimeout: 300 ", 25, 22,
         "inactivityTimeout must be between 1 and 315,360,000 seconds (got 0)"),
        ("inactivityTimeout: 1.5 ", "inactivityTimeout: 300 ", 25, 22,
         "inactivityTimeout must be a whole number between 1 and 315,360,000 seconds (got 1.5)"),
        ("inactivityTimeout: soon ", "inactivityTimeout: 300 ", 25, 22,
         "inactivityTimeout must be a whole number between 1 and 315,360,000 seconds (got soon)"),
        ("lockoutSeconds: 9223372036854775807", "lockoutSeconds: 60", 27, 19,
         "lockoutSeconds must be between 0 and 315,360,000 seconds (got 9223372036854775807)"),
        ("lockoutSeconds: -1", "lockoutSeconds: 60", 27, 19, "lockoutSeconds must be between 0 and 315,360,000 seconds (got -1)"),
        ("failedAttemptLimit: 0 ", "failedAttemptLimit: 5 ", 26, 23, "failedAttemptLimit must be between 1 and 1,000 (got 0)"),
        ("failedAttemptLimit: 1e300", "failedAttemptLimit: 5 ", 26, 23, "failedAttemptLimit must be between 1 and 1,000 (got 1e300)"),
    ])
    func policyNumbersHaveRanges(line: String, old: String, row: Int, column: Int, message: String) throws {
        let error = try #require(Self.error(try Self.tenant(policy: line, replacing: old)))
        #expect(error == ConfigError(file: "t.yaml", line: row, column: column, message: message))
    }

    /// The largest durations load, and the engine runs a check-out, an inactivity lock and a
    /// lockout with them without trapping.
    @Test func theLargestDurationsLoad() throws {
        var yaml = try Self.tenant(policy: "inactivityTimeout: 315360000", replacing: "inactivityTimeout: 300 ")
        yaml = yaml.replacingOccurrences(of: "lockoutSeconds: 60", with: "lockoutSeconds: 315360000")
        let tenant = try TenantLoader.load(yaml: yaml, file: "t.yaml")
        #expect(tenant.policy.inactivityTimeout == 315_360_000 && tenant.policy.lockoutDuration == 315_360_000)
    }

    /// `tenant validate` and the app read the file through the same loader, so what validate
    /// refuses never reaches a check-out (9.3e15 once passed validate, then crashed).
    @Test func aTenantFileOutOfRangeIsRefusedByPath() throws {
        let path = NSTemporaryDirectory() + "hubsim-limits-\(UUID().uuidString).yaml"
        try Self.tenant(policy: "inactivityTimeout: 9.3e15 ", replacing: "inactivityTimeout: 300 ").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ConfigError(file: path, line: 25, column: 22,
                                    message: "inactivityTimeout must be between 1 and 315,360,000 seconds (got 9.3e15)")) {
            try TenantLoader.load(path: path)
        }
    }

    // MARK: files

    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "hubsim-limits-\(UUID().uuidString).yaml"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFileOverOneMebibyteIsRefusedWithoutReadingIt() throws {
        let path = NSTemporaryDirectory() + "hubsim-limits-\(UUID().uuidString).yaml"
        // 54 MB as a sparse file: only `fstat` can tell its size without reading it.
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(truncate(path, 54_000_000) == 0)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: ConfigError(file: path, line: 1, column: 1, message:
            "the tenant file is 54,000,000 bytes; files hubsim reads are limited to 1 MiB (1,048,576 bytes): split it into smaller files")) {
            try TenantLoader.load(path: path)
        }
        #expect(clock.now - start < .seconds(1))
    }

    @Test func exactlyOneMebibyteIsReadAndOneByteMoreIsNot() throws {
        let fits = try Self.temporaryFile([UInt8](repeating: UInt8(ascii: "#"), count: Limits.fileBytes))
        let over = try Self.temporaryFile([UInt8](repeating: UInt8(ascii: "#"), count: Limits.fileBytes + 1))
        defer { for p in [fits, over] { try? FileManager.default.removeItem(atPath: p) } }
        #expect(try ConfigFile.text(at: fits, what: "the file").utf8.count == Limits.fileBytes)
        #expect(throws: ConfigError(file: over, line: 1, column: 1, message:
            "the file is 1,048,577 bytes; files hubsim reads are limited to 1 MiB (1,048,576 bytes): split it into smaller files")) {
            try ConfigFile.text(at: over, what: "the file")
        }
    }

    @Test(arguments: [
        ("/dev/null", "cannot read the tenant file: it is not a regular file (a device, pipe or socket); give the path of a YAML file"),
        ("/", "cannot read the tenant file: it is a directory; give the path of a YAML file"),
        ("/nonexistent/t.yaml", "cannot read the tenant file: no such file or directory"),
        ("", "cannot read the tenant file: the path is empty; give the path of a YAML file"),
    ])
    func whatIsNotARegularFileSaysSo(path: String, message: String) {
        #expect(throws: ConfigError(file: path, line: 1, column: 1, message: message)) { try TenantLoader.load(path: path) }
    }

    @Test func aFileThatIsNotUTF8IsRefusedAtItsFirstBadByte() throws {
        let path = try Self.temporaryFile(Array("tenant: T\ngroups:\n  - id: G\u{e9}".utf8) + [0xFF, 0x0A])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ConfigError(file: path, line: 3, column: 11, message: "the file is not UTF-8 text here (save it as UTF-8)")) {
            try TenantLoader.load(path: path)
        }
    }

    // MARK: characters, keys, nesting

    @Test(arguments: [
        ("tenant: x\ngroups:\n  - id: A\u{0}B\n", 3, 10, "a control character (\\u{0}) is not allowed in a YAML file: remove it"),
        ("tenant: x\u{1B}[2J\n", 1, 10, "a control character (\\u{1B}) is not allowed in a YAML file: remove it"),
        ("\r\n\r\ntenant: \u{7}\n", 3, 9, "a control character (\\u{7}) is not allowed in a YAML file: remove it"),
    ])
    func aControlCharacterIsReportedWhereItIs(yaml: String, line: Int, column: Int, message: String) throws {
        let error = try #require(Self.error(yaml))
        #expect(error == ConfigError(file: "t.yaml", line: line, column: column, message: message))
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    /// The duplicate is reported at the second key, by name only: Yams' own message quoted
    /// the whole file, password hashes included.
    @Test func aDuplicateKeyIsReportedAtTheDuplicateWithoutTheFile() throws {
        let text = try BundledAssets.text("tenant.yaml")
        let yaml = text.replacingOccurrences(of: "promptForGroupID: true\n", with: "promptForGroupID: true\ntenant: Another\n")
        let error = try #require(Self.error(yaml))
        #expect(error == ConfigError(file: "t.yaml", line: 7, column: 1, message: "'tenant' is given twice in the same mapping (first at line 5): keep one"))
        #expect(!error.description.contains("$scrypt") && !error.description.contains("\n"))
    }

    @Test(arguments: [
        ("groups:\n  - {id: G, id: H}\n", 2, 13, "'id' is given twice in the same mapping (first at line 2): keep one"),
        ("groups:\n  - id: G\n    name: x\n    id: H\n", 4, 5, "'id' is given twice in the same mapping (first at line 2): keep one"),
        ("policy:\n  lockoutSeconds: 1\n  \"lockoutSeconds\": 2\n", 3, 3, "'lockoutSeconds' is given twice in the same mapping (first at line 2): keep one"),
    ])
    func duplicateKeysInBlockAndFlowMappings(yaml: String, line: Int, column: Int, message: String) throws {
        #expect(Self.error(yaml) == ConfigError(file: "t.yaml", line: line, column: column, message: message))
    }

    @Test func aTabInAnIndentationIsNamed() throws {
        let error = try #require(Self.error("tenant: a\r\ngroups:\r\n\t- id: G\r\n"))
        #expect(error == ConfigError(file: "t.yaml", line: 3, column: 1, message: "invalid YAML: line 3 is indented with a tab; indent with spaces only"))
    }

    @Test func nestingIsLimited() throws {
        // 17 levels: the limit is 16.
        let deep = "tenant: " + String(repeating: "[", count: 16) + String(repeating: "]", count: 16) + "\n"
        let error = try #require(Self.error(deep))
        #expect(error.description == "t.yaml:1:\(9 + 15): lists and mappings are nested more than 16 levels deep here, the limit: hubsim files need far fewer")
        // libyaml's own limit (1,000) gives the same message, at its position, and no crash.
        let deeper = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let libyaml = try #require(Self.error(deeper))
        #expect(libyaml.message.hasPrefix("lists and mappings are nested more than 16 levels deep here"))
        #expect(libyaml.line == 1 && libyaml.file == "t.yaml")
    }

    @Test func listsAreLimited() throws {
        let users = String(repeating: "  - x\n", count: Limits.entries + 1)
        let error = try #require(Self.error("groups: [{id: G}]\nusers:\n" + users))
        #expect(error == ConfigError(file: "t.yaml", line: 3, column: 3, message:
            "this list or mapping has 10,001 entries; the limit is 10,000 (steps of a scenario, users, apps, any list): split it into several files"))
    }

    @Test func aliasesCannotExpandPastTheLimit() throws {
        // The "billion laughs": nine levels of ten aliases each.
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 { yaml += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let error = try #require(Self.error(yaml))
        #expect(error.message == "the file expands to more than 200,000 values (through aliases such as *name), the limit: write the values out or use fewer aliases")
    }

    @Test func lengthsAreLimited() throws {
        let long = String(repeating: "n", count: 65)
        let name = try #require(Self.error("groups: [{id: G}]\nusers:\n  - name: \(long)\n"))
        #expect(name == ConfigError(file: "t.yaml", line: 3, column: 11, message: "name is 65 characters long; the limit is 64 characters"))
        let key = try #require(Self.error("\(long): 1\n"))
        #expect(key == ConfigError(file: "t.yaml", line: 1, column: 1, message: "this key is 65 characters long; keys are limited to 64 characters"))
        let value = String(repeating: "v", count: 4_097)
        let huge = try #require(Self.error("tenant: \(value)\n"))
        #expect(huge == ConfigError(file: "t.yaml", line: 1, column: 9, message:
            "this value is 4,097 characters long; values are limited to 4,096 characters (key sequences) or 1,000 (other text)"))
        let catalogue = Result { () throws(ConfigError) in try AppCatalogue.load(yaml: "apps:\n  - id: \(long)\n    sdk: none\n", file: "apps.yaml") }
        #expect(throws: ConfigError(file: "apps.yaml", line: 2, column: 9, message: "id is 65 characters long; the limit is 64 characters")) { try catalogue.get() }
    }

    @Test func aTextValueIsLimitedToAThousandCharacters() throws {
        let error = try #require(Self.error("groups: [{id: G}]\nusers:\n  - {name: a, passwordHash: \"\(String(repeating: "t", count: 1_001))\"}\n"))
        #expect(error == ConfigError(file: "t.yaml", line: 3, column: 29, message: "passwordHash is 1,001 characters long; the limit is 1,000 characters"))
        let group = try #require(Self.error("groups: [{id: G, name: \(String(repeating: "g", count: 65))}]\n"))
        #expect(group == ConfigError(file: "t.yaml", line: 1, column: 24, message: "name is 65 characters long; the limit is 64 characters"))
        let name = try #require(Self.error(try Self.tenant(policy: "tenant: \(String(repeating: "n", count: 65))", replacing: "tenant: Frontline Retail")))
        #expect(name == ConfigError(file: "t.yaml", line: 5, column: 9, message: "tenant is 65 characters long; the limit is 64 characters"))
        #expect(name.line == 5)
    }

    // MARK: messages

    @Test func messagesEscapeControlCharacters() {
        #expect(PrintableText.escaped("a\u{1B}[31mb\u{7}\n\u{202E}") == "a\\u{1B}[31mb\\u{7}\\u{A}\\u{202E}")
        #expect(PrintableText.escaped("plain – text ✓") == "plain – text ✓")
        #expect(PrintableText.quoted(String(repeating: "x", count: 50), limit: 5) == "xxxxx…")
        let error = ConfigError(file: "t\u{1B}.yaml", line: 1, column: 2, message: "unknown app '\u{7}'")
        #expect(error.description == "t\\u{1B}.yaml:1:2: unknown app '\\u{7}'")
    }

    @Test func fileProblemsAreInPlainWords() {
        #expect(FileProblem.words(errno: ENOENT) == "no such file or directory")
        #expect(FileProblem.words(errno: EACCES) == "permission denied")
        #expect(FileProblem.words(errno: EISDIR) == "is a directory")
        #expect(FileProblem.words(for: CocoaError(.fileReadNoSuchFile)) == "no such file or directory")
        #expect(FileProblem.words(for: CocoaError(.fileReadNoPermission)) == "permission denied")
        #expect(FileProblem.words(for: CocoaError(.fileWriteOutOfSpace)) == "no space left on the device")
        #expect(FileProblem.words(for: CocoaError(.fileReadUnknown)) == "it could not be read (is it a directory or a device?)")
        #expect(FileProblem.words(for: CocoaError(.fileWriteUnknown)) == "it could not be written (is the path a directory, or the disk full?)")
        #expect(FileProblem.words(for: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOTDIR))) == "not a directory")
    }
}
