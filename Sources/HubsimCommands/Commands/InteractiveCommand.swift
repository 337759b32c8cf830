import ArgumentParser
import Configuration

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

    @Option(name: .customLong("app"), help: ArgumentHelp(
        "Your own program as an app (repeatable): NAME=COMMAND or NAME:SDK=COMMAND (SDK: workspace-one, msal or none; default: the profile's). The command is split on spaces, no shell; it runs here and speaks Docs/bridge-protocol.md. Its pane comes last.",
        valueName: "name=command"))
    var app: [String] = []

    @Flag(name: .customLong("no-confirm"),
          help: "Take wipes, sign-outs and quitting without the confirmation dialog (QA; the Hub's log-out still asks).")
    var noConfirm = false

    /// What was asked for, as the launch runs it.
    var launch: InteractiveLaunch {
        var launch = InteractiveLaunch(choice: options.choice, record: record, cast: output.cast, force: output.force, confirms: !noConfirm)
        // Each value was checked by `validate`.
        launch.addedApps = app.compactMap { try? CommandLineApp.parse($0) }
        return launch
    }

    /// A `--app` that cannot be used is refused before anything starts, in one line.
    func validate() throws {
        for value in app {
            do throws(CommandLineAppError) { _ = try CommandLineApp.parse(value) } catch { throw ValidationError(error.message) }
        }
    }

    func run() throws {
        // The cast of a terminal session takes the terminal's size and the person's pace.
        try output.refuseUnusedPaceAndSize(headless: false, headlessWay: "hubsim run FILE --cast")
        try launch.run()
    }
}
