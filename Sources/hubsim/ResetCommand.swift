import ArgumentParser

// Being written in this session (see the issue that owns it).
struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reset")
    func run() throws { throw ValidationError("'reset' is not built yet") }
}
