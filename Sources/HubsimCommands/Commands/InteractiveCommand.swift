import ArgumentParser

/// `hubsim interactive`, and `hubsim` with options: the Hub and the app panes on this
/// terminal. Parsing only; `InteractiveLaunch` runs it.
struct InteractiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interactive",
        abstract: "The interactive simulator: the Hub beside every managed app (the default command).")

    @OptionGroup var options: DeviceOptions

    @Option(help: ArgumentHelp("Record what you do as a scenario YAML file (secrets are never written; checked at start, an existing file only with --force).", valueName: "file"))
    var record: String?

    @Option(help: ArgumentHelp("Record what the terminal shows as an asciicast v2 file, for asciinema's players (secrets are never drawn; checked at start, an existing file only with --force).", valueName: "file"))
    var cast: String?

    @Flag(help: "Let --record and --cast replace an existing file (never a directory, device or other special file).")
    var force = false

    @Flag(name: .customLong("no-confirm"),
          help: "Take wipes, sign-outs and quitting without the confirmation dialog (QA; the Hub's log-out still asks).")
    var noConfirm = false

    /// What was asked for, as the launch runs it.
    var launch: InteractiveLaunch {
        InteractiveLaunch(choice: options.choice, record: record, cast: cast, force: force, confirms: !noConfirm)
    }

    func run() throws {
        try launch.run()
    }
}
