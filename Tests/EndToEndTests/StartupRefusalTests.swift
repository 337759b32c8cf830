import Foundation
import FuzzSupport
import Testing

/// hubsim refuses to start its screen where it cannot work, with one line and exit 2,
/// instead of letting curses exit on its own or spin on a closed input.
@Suite("Start-up refusals", .offThePool)
struct StartupRefusalTests {
    /// Runs hubsim with stdin from /dev/null and output to files.
    func runHubsim(environment changes: [String: String?]) async throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in changes { environment[key] = value }
        return try await Subprocess.run([try HubsimBinary.path(), "--ephemeral"], environment: environment)
    }

    @Test func dumbTerminalExitsTwoWithOneLine() async throws {
        let result = try await runHubsim(environment: ["TERM": "dumb"])
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("\n"))
        #expect(result.stderr.dropLast().split(separator: "\n").count == 1)
        #expect(result.stderr.contains("TERM=dumb"))
        #expect(result.stdout.isEmpty)
    }

    @Test func nonTerminalInputExitsTwoWithOneLine() async throws {
        let result = try await runHubsim(environment: ["TERM": "xterm-256color"])
        #expect(result.status == 2)
        #expect(result.stderr.dropLast().split(separator: "\n").count == 1)
        #expect(result.stderr.contains("standard input is not a terminal"))
        #expect(result.stdout.isEmpty)
    }

    @Test func unsetTermExitsTwoWithOneLine() async throws {
        let result = try await runHubsim(environment: ["TERM": nil])
        #expect(result.status == 2)
        #expect(result.stderr.dropLast().split(separator: "\n").count == 1)
        #expect(result.stderr.contains("TERM is not set"))
    }

    /// The suite's test tenant (hashes of ln=4) is refused as too cheap unless
    /// `HUBSIM_TEST_TENANTS=1`: the binary holds every tenant file to the real cost, and only
    /// the suite's own variable lets its panes run on cheap hashes.
    @Test func theTestTenantIsRefusedWithoutTheTestVariable() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["HUBSIM_TEST_TENANTS"] = nil
        let refused = try await Subprocess.run([try HubsimBinary.path(), "tenant", "validate", HubsimPane.testTenant], environment: environment)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("too cheap to guard a password (ln=4, r=8, p=1; at least ln=14, r=8, p=1 is needed)"), "\(refused.stderr)")
        environment["HUBSIM_TEST_TENANTS"] = "1"
        let accepted = try await Subprocess.run([try HubsimBinary.path(), "tenant", "validate", HubsimPane.testTenant], environment: environment)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.hasPrefix("valid: "))
    }

    @Test func malformedTenantFileExitsTwoWithItsPosition() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-bad-tenant-\(getpid()).yaml")
        try Data("groups: [{id: G}\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await Subprocess.run([try HubsimBinary.path(), "--ephemeral", "--tenant", file.path],
                                        environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 2)
        #expect(result.stderr == "hubsim: \(file.path):2:1: invalid YAML: while parsing a flow sequence did not find expected ',' or ']'\n")
    }
}
