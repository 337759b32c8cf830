import ArgumentParser

// Being written in this session (see the issue that owns it).
struct InteractiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "interactive")
    func run() throws { throw ValidationError("'interactive' is not built yet") }
}
