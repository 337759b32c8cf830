import ArgumentParser

// Being written in this session (see the issue that owns it).
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run")
    func run() throws { throw ValidationError("'run' is not built yet") }
}
