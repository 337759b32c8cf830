import ArgumentParser

// Being written in this session (see the issue that owns it).
struct TenantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tenant")
    func run() throws { throw ValidationError("'tenant' is not built yet") }
}
