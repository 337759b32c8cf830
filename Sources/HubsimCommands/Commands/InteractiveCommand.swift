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

    @OptionGroup var output: CastOptions

    @Flag(name: .customLong("no-confirm"),
          help: "Take wipes, sign-outs and quitting without the confirmation dialog (QA; the Hub's log-out still asks).")
    var noConfirm = false

    /// What was asked for, as the launch runs it.
    var launch: InteractiveLaunch {
        InteractiveLaunch(choice: options.choice, record: record, cast: output.cast, force: output.force, confirms: !noConfirm)
    }

    func run() throws {
        // The cast of a terminal session takes the terminal's size and the person's pace.
        try output.refuseUnusedPaceAndSize(headless: false, headlessWay: "hubsim run FILE --cast")
        try launch.run()
    }
}
