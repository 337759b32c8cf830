import Foundation
import Testing

/// hubsim refuses to start its screen where it cannot work, with one line and exit 2,
/// instead of letting curses exit on its own or spin on a closed input.
@Suite("Start-up refusals")
struct StartupRefusalTests {
    /// Runs hubsim with stdin from /dev/null and output to files.
    func runHubsim(environment changes: [String: String?]) throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in changes { environment[key] = value }
        return try Subprocess.run([try HubsimBinary.path(), "--ephemeral"], environment: environment)
    }

    @Test func dumbTerminalExitsTwoWithOneLine() throws {
        let result = try runHubsim(environment: ["TERM": "dumb"])
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("\n"))
        #expect(result.stderr.dropLast().split(separator: "\n").count == 1)
        #expect(result.stderr.contains("TERM=dumb"))
        #expect(result.stdout.isEmpty)
    }

    @Test func nonTerminalInputExitsTwoWithOneLine() throws {
        let result = try runHubsim(environment: ["TERM": "xterm-256color"])
        #expect(result.status == 2)
        #expect(result.stderr.dropLast().split(separator: "\n").count == 1)
        #expect(result.stderr.contains("standard input is not a terminal"))
        #expect(result.stdout.isEmpty)
    }

    @Test func unsetTermExitsTwoWithOneLine() throws {
        let result = try runHubsim(environment: ["TERM": nil])
        #expect(result.status == 2)
        #expect(result.stderr.dropLast().split(separator: "\n").count == 1)
        #expect(result.stderr.contains("TERM is not set"))
    }

    @Test func malformedTenantFileExitsTwoWithItsPosition() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-bad-tenant-\(getpid()).yaml")
        try Data("groups: [{id: G}\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Subprocess.run([try HubsimBinary.path(), "--ephemeral", "--tenant", file.path],
                                        environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 2)
        #expect(result.stderr == "hubsim: \(file.path):2:1: invalid YAML: while parsing a flow sequence did not find expected ',' or ']'\n")
    }
}
