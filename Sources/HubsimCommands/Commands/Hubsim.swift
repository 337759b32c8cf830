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

    /// Usage errors exit 2 (Docs/qa.md: 0 pass, 1 fail, 2 usage or file error), not
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

    /// ArgumentParser's refusal (an `Error: ` line, then usage lines) as one line like every
    /// other message of hubsim: `hubsim: ` and the problem, control characters escaped, and
    /// where to read more (`see 'hubsim run --help'`) when the problem does not say already.
    static func printable(_ message: String) -> String {
        guard message.hasPrefix("Error: ") else {
            return message.split(separator: "\n", omittingEmptySubsequences: false).map { PrintableText.escaped(String($0)) }.joined(separator: "\n")
        }
        let lines = message.split(separator: "\n")
        var line = "hubsim: " + lines[0].dropFirst("Error: ".count)
        // ArgumentParser's last line reads "  See 'hubsim run --help' for more information.";
        // a problem of ours says what to do after a ';' already.
        if !line.contains(";"), !line.contains("--help"), let see = lines.last(where: { $0.contains("--help") }),
           let open = see.firstIndex(of: "'"), let close = see[see.index(after: open)...].firstIndex(of: "'") {
            line += "; see \(see[open...close])"
        }
        return PrintableText.escaped(line)
    }
}
