import ArgumentParser
import Configuration
import Foundation
import SessionEngine

/// `hubsim`: the interactive simulator by default; `run`, `tenant` and `reset` for the rest.
public struct Hubsim: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hubsim",
        abstract: "A terminal simulator of a frontline shared device: the Hub, its check-out and check-in, and the managed apps reacting.",
        subcommands: [InteractiveCommand.self, RunCommand.self, CheckAppCommand.self, LessonCommand.self, ClassroomCommand.self, RaceCommand.self, CompareCommand.self, TenantCommand.self, ResetCommand.self],
        defaultSubcommand: InteractiveCommand.self)

    public init() {}

    /// Every failure ends here: printed once (`CommandError.write`) and exited with its
    /// status by name (`CommandError.Status`: usage 2, not ArgumentParser's 64, so CI can tell "the
    /// scenarios failed" from "the call was wrong").
    /// On the main thread (the interactive session and every command run there, as before); the
    /// commands that run scenarios or check-app cells side by side await their task group here.
    @MainActor
    public static func runCommandLine() async {
        StartupTrace.beginIfRequested()
        do {
            // The everyday command lines skip ArgumentParser (StartupPath.swift).
            let arguments = Array(CommandLine.arguments.dropFirst())
            if let launch = InteractiveLaunch(everydayArguments: arguments) {
                try launch.run()
            } else if arguments.starts(with: ["check-app", "merge"]) {
                // Parsed on its own: CheckAppMergeCommand says why.
                do {
                    var merge = try CheckAppMergeCommand.parseAsRoot(Array(arguments.dropFirst(2)))
                    try merge.run()
                } catch where failure(for: error) == nil {
                    CheckAppMergeCommand.exit(withError: error)
                }
            } else {
                try await run(try parseAsRoot())
            }
        } catch {
            if let help = help(for: error) {
                print(help)
                Foundation.exit(0)
            }
            // Help and version (status 0) are ArgumentParser's own text, printed by it as usual.
            guard let failure = failure(for: error, arguments: Array(CommandLine.arguments.dropFirst())) else { exit(withError: error) }
            failure.write()
            Foundation.exit(failure.status.code)
        }
    }

    /// Runs a parsed command: awaited when it is async (the commands whose work runs side by side
    /// in a task group), on the main thread either way.
    @MainActor
    static func run(_ command: sending any ParsableCommand) async throws {
        if var command = command as? any AsyncParsableCommand {
            try await command.run()
        } else {
            var command = command
            try command.run()
        }
    }

    /// Any error a command line ends with, as hubsim reports it; nil for a request for help
    /// or the version. A malformed tenant or catalogue file is `file:line:column: problem`
    /// (status 2); ArgumentParser's refusals and `ValidationError`s are one line (`printable`),
    /// status 2; anything else status 1.
    /// `arguments` are the command line's (after `hubsim`): a first word that is no command
    /// gets the nearest command's name (`chek-app`: "Did you mean 'check-app'?"), as a
    /// mistyped option gets ArgumentParser's nearest option.
    static func failure(for error: any Error, arguments: [String] = []) -> CommandError? {
        if let failure = error as? CommandError { return failure }
        if let error = error as? ConfigError { return .usage("\(error)") }
        let code = exitCode(for: error)
        guard code != .success else { return nil }
        let message = fullMessage(for: error)
        if let refusal = ChoiceRefusal(message) {
            return CommandError(.usage, message: PrintableText.escaped("hubsim: " + refusal.text))
        }
        if let word = arguments.first, !word.hasPrefix("-"), message.hasPrefix("Error: Unexpected argument '\(word)'") {
            let nearest = CommandName.nearest(to: word, among: commandNames).map { ". Did you mean '\($0)'?" } ?? ""
            return CommandError(.usage, message: PrintableText.escaped("hubsim: Unexpected argument '\(word)'\(nearest); see 'hubsim --help'"))
        }
        return CommandError(code == .validationFailure ? .usage : .failed, message: printable(message))
    }

    /// The words a command line may begin with: every command's name, and `help`.
    static var commandNames: [String] { configuration.subcommands.map { $0.configuration.commandName ?? "" } + ["help"] }

    /// `hubsim --help` and `hubsim help`: ArgumentParser's help of the root lists the commands
    /// only, while a bare `hubsim` is the interactive simulator, whose options are the ones
    /// people type most. So the root's help shows them too, from their one declaration
    /// (`InteractiveCommand`), in place of the root's own `--help` line; nil for any other error.
    static func help(for error: any Error, columns: Int? = nil) -> String? {
        guard exitCode(for: error) == .success, fullMessage(for: error) == helpMessage(for: Hubsim.self) else { return nil }
        return rootHelp(columns: columns)
    }

    static func rootHelp(columns: Int? = nil) -> String {
        let root = helpMessage(for: Hubsim.self, columns: columns)
        let interactive = helpMessage(for: InteractiveCommand.self, columns: columns)
        guard let rootOptions = section("OPTIONS:", of: root), let options = section("OPTIONS:", of: interactive),
              root.contains("USAGE: hubsim <subcommand>\n") else { return root }
        return root
            .replacingOccurrences(of: "USAGE: hubsim <subcommand>\n", with: """
                USAGE: hubsim [<options>]               (the interactive simulator)
                       hubsim <subcommand> [<options>]  (see 'hubsim help <subcommand>')

                """)
            .replacingOccurrences(of: rootOptions, with: options)
    }

    /// The section of a help text that begins with `header`, to the blank line that ends it.
    private static func section(_ header: String, of help: String) -> String? {
        guard let start = help.range(of: "\n" + header + "\n") else { return nil }
        let rest = help[start.upperBound...]
        let end = rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex
        return String(help[start.lowerBound..<end])
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
