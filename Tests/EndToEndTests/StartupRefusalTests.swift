import Foundation
import Testing

/// hubsim refuses to start its screen where it cannot work, with one line and exit 2,
/// instead of letting curses exit on its own or spin on a closed input.
@Suite("Start-up refusals")
struct StartupRefusalTests {
    struct Result { var status: Int32; var stderr: String; var stdout: String }

    /// Runs hubsim with stdin from /dev/null and pipes for output.
    func runHubsim(environment changes: [String: String?]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try HubsimBinary.path())
        process.arguments = ["--ephemeral"]
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in changes { environment[key] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stderr: String(decoding: errData, as: UTF8.self),
                      stdout: String(decoding: outData, as: UTF8.self))
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
}
