import ArgumentParser
import Configuration
import Foundation
import SessionEngine

/// `hubsim`: the interactive simulator by default; `run`, `tenant` and `reset` for the rest.
public struct Hubsim: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hubsim",
        abstract: "A terminal simulator of a frontline shared device: the Hub, its check-out and check-in, and the managed apps reacting.",
        subcommands: [InteractiveCommand.self, RunCommand.self, LessonCommand.self, CompareCommand.self, TenantCommand.self, ResetCommand.self],
        defaultSubcommand: InteractiveCommand.self)

    /// Usage errors exit 2 (SPEC §6: 0 pass, 1 fail, 2 usage or file error), not
    /// ArgumentParser's 64, so CI can tell "the scenarios failed" from "the call was wrong".
    public init() {}

    public static func main() {
        StartupTrace.beginIfRequested()
        do {
            // The everyday command lines skip ArgumentParser (StartupPath.swift).
            if let launch = InteractiveLaunch(everydayArguments: Array(CommandLine.arguments.dropFirst())) {
                try launch.run()
            } else {
                var command = try parseAsRoot()
                try command.run()
            }
        } catch let error as ConfigError {
            // A malformed tenant or catalogue file: `file:line:column: problem`, exit 2.
            FileHandle.standardError.write(Data("hubsim: \(error)\n".utf8))
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((Self.printable(fullMessage(for: error)) + "\n").utf8))
                Foundation.exit(2)
            }
            // ArgumentParser echoes unknown options and bad values as given: a failure's
            // message is printed with control characters escaped (`\u{1B}`), never raw.
            // Help and version (status 0) are its own text, printed by it as usual.
            guard code != .success else { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((Self.printable(message) + "\n").utf8)) }
            Foundation.exit(code.rawValue)
        }
    }

    /// ArgumentParser's message (an error line, then usage lines) with the control
    /// characters of each line escaped, and its `Error: ` prefix replaced by `hubsim: `, the
    /// one every other message of hubsim starts with.
    static func printable(_ message: String) -> String {
        let text = message.hasPrefix("Error: ") ? "hubsim: " + message.dropFirst("Error: ".count) : message
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { PrintableText.escaped(String($0)) }.joined(separator: "\n")
    }
}
