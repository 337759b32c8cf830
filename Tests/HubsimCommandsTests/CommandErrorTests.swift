import ArgumentParser
import Configuration
import CursesTerminal
import Testing
@testable import HubsimCommands

/// The status a command ended with when it threw hubsim's `CommandError`; nil when it
/// succeeded or threw anything else (which `Hubsim.runCommandLine` would report differently).
func exitStatus<Result>(_ body: () throws -> Result) -> CommandError.Status? {
    do { _ = try body() } catch let error as CommandError { return error.status } catch { return nil }
    return nil
}

/// `exitStatus` of an async body (the commands that await a task group).
func awaitedExitStatus<Result>(_ body: () async throws -> Result) async -> CommandError.Status? {
    do { _ = try await body() } catch let error as CommandError { return error.status } catch { return nil }
    return nil
}

/// One error type for the command line, printed in one place with named statuses.
@Suite struct CommandErrorTests {
    @Test func theStatusesAreTheDocumentedNumbers() {
        #expect(CommandError.Status.failed.code == 1)
        #expect(CommandError.Status.usage.code == 2)
        #expect(CommandError.Status.terminal(.signal(2)).code == 130)
        #expect(CommandError.Status.terminal(.signal(15)).code == 143)
        #expect(CommandError.Status.terminal(.hangup).code == 129)
        #expect(CommandError.Status(report: 0) == nil)
        #expect(CommandError.Status(report: 1) == .failed)
        #expect(CommandError.Status(report: 2) == .usage)
    }

    @Test func aMessageIsPrefixedOnceAndItsControlCharactersEscaped() {
        let error = CommandError.usage("--junit 'a\u{1B}[2Jb': file exists; choose another path or add --force")
        #expect(error.status == .usage)
        #expect(error.printed == "hubsim: --junit 'a\\u{1B}[2Jb': file exists; choose another path or add --force")
        // Several lines stay several lines, each escaped.
        let lines = CommandError(.failed, message: "hubsim: one\u{7}\nhubsim: two")
        #expect(lines.printed == "hubsim: one\\u{7}\nhubsim: two")
        #expect(CommandError(.usage).printed.isEmpty)
    }

    @Test func everyErrorBecomesOneFailureWithAStatus() throws {
        let own = CommandError.failed("the device could not be saved")
        #expect(Hubsim.failure(for: own) == own)
        let file = ConfigError(file: "t.yaml", line: 3, column: 5, message: "unknown key 'x'")
        #expect(Hubsim.failure(for: file) == .usage("t.yaml:3:5: unknown key 'x'"))
        let validation = try #require(Hubsim.failure(for: ValidationError("unknown profile 'x'; valid: workspace-one, entra-ios")))
        #expect(validation == .usage("unknown profile 'x'; valid: workspace-one, entra-ios"))
        // A parse error of ArgumentParser's: one line, where to read more, status 2 (not 64).
        do { _ = try Hubsim.parseAsRoot(["run", "--pace"]) } catch {
            let failure = try #require(Hubsim.failure(for: error))
            #expect(failure.status == .usage)
            #expect(failure.message.hasPrefix("hubsim: Missing value for '--pace <seconds>'"), "\(failure.message)")
            #expect(!failure.message.contains("\n"))
        }
        // Help is not a failure: ArgumentParser prints it and exits 0.
        do { _ = try Hubsim.parseAsRoot(["--help"]) } catch { #expect(Hubsim.failure(for: error) == nil) }
    }

    @Test func theTerminalRefusalIsAUsageError() {
        // No terminal here (the suite runs with standard input from /dev/null in CI; under a
        // terminal TERM=dumb still refuses before curses is touched).
        let failure = exitStatus { _ = try CursesSession.started(environment: ["TERM": "dumb"]) }
        #expect(failure == .usage)
    }

    @Test func paceAndSizeAreRefusedWhereTheyWouldDoNothing() throws {
        for arguments in [["--ephemeral", "--pace", "1"], ["--ephemeral", "--cast", "x.cast", "--size", "100x30"]] {
            let command = try Hubsim.parseAsRoot(arguments)
            #expect(exitStatus { var command = command; try command.run() } == .usage, "\(arguments)")
        }
    }
}
