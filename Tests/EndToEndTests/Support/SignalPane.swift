import Foundation

/// hubsim in a pane whose shell records the terminal's modes (`stty -a`) before and after,
/// for the signal tests: `BEFORE=<flags>|`, then after hubsim `EXIT=<status>` and
/// `AFTER=<flags>|END`.
enum SignalPane {
    /// The flags compared: canonical input, echo, signals, CR→NL, output processing and XON/XOFF
    /// flow control.
    static let flagsCommand = "stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo|isig|icrnl|opost|ixon)$' | tr '\\n' ' '"

    struct Report {
        var status: String
        var before: [String]
        var after: [String]
        var screen: String
    }

    static func start(arguments: [String], environment: [String: String] = [:]) async throws -> Tmux {
        let binary = try HubsimBinary.path()
        var env = HubsimPane.baseEnvironment
        env.merge(environment) { _, new in new }
        let assignments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\(HubsimPane.shellQuoted($0.value))" }.joined(separator: " ")
        let command = ([binary] + arguments).map(HubsimPane.shellQuoted).joined(separator: " ")
        let script = """
            echo "BEFORE=$(\(flagsCommand))|"; env -u NO_COLOR \(assignments) \(command); echo "EXIT=$?"; \
            echo "AFTER=$(\(flagsCommand))|\(HubsimPane.endMarker)"; exec cat
            """
        return try await Tmux(command: "sh -c \(HubsimPane.shellQuoted(script))", width: 100, height: 30)
    }

    /// Waits until hubsim has drawn its first frame in the alternate screen (its handlers are
    /// installed before that).
    static func waitForFirstFrame(_ tmux: Tmux) async throws {
        try await tmux.waitUntilFormat("#{alternate_on}", "the alternate screen", timeout: HubDriver.patience) { $0 == "1" }
        try await HubDriver(tmux: tmux).waitFor("Enroll this device")
    }

    /// Waits for the shell's report after hubsim exited.
    static func report(_ tmux: Tmux) async throws -> Report {
        let screen = try await tmux.waitFor("|" + HubsimPane.endMarker, timeout: HubDriver.patience)
        func flags(after label: String) -> [String] {
            (screen.components(separatedBy: label).last?.components(separatedBy: "|").first ?? "")
                .split(separator: " ").map(String.init).sorted()
        }
        let status = screen.components(separatedBy: "EXIT=").last?.prefix { $0.isNumber } ?? ""
        return Report(status: String(status), before: flags(after: "BEFORE="), after: flags(after: "AFTER="), screen: screen)
    }

    /// The flags of the pane's terminal now, read from outside (`stty -F`).
    static func flagsNow(_ tmux: Tmux) throws -> [String] {
        let tty = try tmux.format("#{pane_tty}")
        let result = try Subprocess.runBlocking(["sh", "-c", "stty -F \(HubsimPane.shellQuoted(tty)) -a"], environment: ProcessInfo.processInfo.environment)
        return result.stdout.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" })
            .map(String.init).filter { ["ixon", "-ixon", "icanon", "-icanon", "echo", "-echo"].contains($0) }.sorted()
    }
}
