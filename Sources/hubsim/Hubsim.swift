import ArgumentParser

/// `hubsim`: the interactive simulator by default; `run`, `tenant` and `reset` for the rest.
@main
struct Hubsim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hubsim",
        abstract: "A terminal simulator of a frontline shared device: the Hub, its check-out and check-in, and the managed apps reacting.",
        subcommands: [InteractiveCommand.self, RunCommand.self, TenantCommand.self, ResetCommand.self],
        defaultSubcommand: InteractiveCommand.self)
}
