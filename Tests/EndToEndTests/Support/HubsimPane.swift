import Foundation

/// Starts hubsim in a private tmux pane, inside a shell that afterwards prints the exit
/// status and the terminal modes that a curses program that died badly would leave wrong.
enum HubsimPane {
    /// The marker printed after hubsim exits: `EXIT=<status> MODES=<stty flags> END`.
    static let endMarker = "END"

    /// The test tenant (Tests/Tenants/cheap.yaml): the bundled tenant's groups, users and
    /// policy with hashes of scrypt ln=4, so a check-out costs microseconds instead of ~0.4 s
    /// in a debug build. Passed as a user passes a tenant; hubsim accepts hashes this cheap
    /// only under `HUBSIM_TEST_TENANTS=1`, which every pane of these tests sets.
    static let testTenant = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tenants/cheap.yaml").path

    /// `--tenant` with the test tenant, for tests whose subject is not the shipped tenant.
    static let cheapTenant = ["--tenant", testTenant]

    /// What every pane's hubsim gets: a terminal, UTF-8, and test tenants allowed.
    static let baseEnvironment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HUBSIM_TEST_TENANTS": "1"]

    /// The repository's root: where the README's commands are typed (`directory:`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// hubsim with `arguments` in a `width`x`height` pane, started in `directory` when given
    /// (relative paths in the arguments are read from there); `binary` another copy of it.
    static func start(arguments: [String] = ["--ephemeral"] + cheapTenant, width: Int = 80, height: Int = 24,
                      environment: [String: String] = [:], directory: String? = nil, binary: String? = nil) async throws -> Tmux {
        let binary = try binary ?? HubsimBinary.path()
        var env = baseEnvironment
        env.merge(environment) { _, new in new }
        let assignments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\(shellQuoted($0.value))" }.joined(separator: " ")
        let command = ([binary] + arguments).map(shellQuoted).joined(separator: " ")
        // The modes checked: canonical input, echo, signals, CR→NL on input, output processing.
        // `exec cat` keeps the pane alive (until the server is killed): tmux 3.3 can drop the
        // first lines of a pane whose process has already exited.
        // `swift test` sets NO_COLOR=1 for its children when not on a terminal: a pane gets
        // exactly the colour setting the test asks for.
        let cd = directory.map { "cd \(shellQuoted($0)) && " } ?? ""
        let script = """
            \(cd)env -u NO_COLOR \(assignments) \(command); echo "EXIT=$?"; \
            echo "MODES=$(stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo|isig|icrnl|opost)$' | tr '\\n' ' ')\(endMarker)"; \
            exec cat
            """
        return try await Tmux(command: "sh -c \(shellQuoted(script))", width: width, height: height)
    }

    /// The pid of hubsim: the only child of the pane's shell.
    static func hubsimPID(_ tmux: Tmux) throws -> Int32? {
        let shell = try tmux.panePID()
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    static func shellQuoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
