import Foundation
import HubUI

/// A private tmux server (its own socket, no config) with one pane, as tmux's own `regress/`
/// tests use: send keys, poll `capture-pane -p` until the screen shows what is expected, and
/// always kill the server. Safe to use from tests running in parallel.
final class Tmux {
    struct Timeout: Error, CustomStringConvertible {
        var waitingFor: String
        var screen: String
        var description: String { "timed out waiting for \(waitingFor); screen was:\n\(screen)" }
    }

    struct CommandFailed: Error, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var output: String
        var description: String { "tmux \(arguments.joined(separator: " ")) exited \(status): \(output)" }
    }

    let socket: String
    private var killed = false

    /// Starts a server running `command` (through /bin/sh) in a `width`x`height` pane.
    init(command: String, width: Int = 80, height: Int = 24) throws {
        socket = "hubsim-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        // remain-on-exit keeps the pane (and its last screen) after the command exits, for the
        // assertions; set before the session exists so a command that exits at once is kept too.
        try run(["start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
                 "new-session", "-d", "-x", "\(width)", "-y", "\(height)", command])
    }

    deinit { kill() }

    /// Stops the server and everything in it.
    func kill() {
        guard !killed else { return }
        killed = true
        let socketPath = (try? run(["display-message", "-p", "#{socket_path}"]))?.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? run(["kill-server"])
        // The server leaves its socket file behind; tests run often.
        if let socketPath, socketPath.hasSuffix("/\(socket)") { unlink(socketPath) }
    }

    /// tmux key names (`Enter`, `F10`, `BTab`, …) or plain words, one argument each.
    func send(_ keys: String...) throws { try run(["send-keys", "-t", "0"] + keys) }

    /// Text sent as it is, byte for byte (`send-keys -l`).
    func type(_ text: String) throws { try run(["send-keys", "-t", "0", "-l", text]) }

    /// A left click at a cell (0-based), as an xterm SGR mouse press and release.
    func click(x: Int, y: Int) throws { try type("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m") }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pane's text now.
    func screen() throws -> String { try run(["capture-pane", "-p", "-t", "0"]) }

    /// The pane's text with its attributes as escape sequences (`capture-pane -e`).
    func styledScreen() throws -> String { try run(["capture-pane", "-p", "-e", "-t", "0"]) }

    /// The pid of the pane's first process (the command given to `init`).
    func panePID() throws -> Int32 {
        Int32(try run(["display-message", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// A pane format (`#{alternate_on}`, `#{pane_tty}`, …) evaluated now.
    func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What the terminal shows beyond its text: alternate screen, mouse reporting of any
    /// kind, application cursor keys; "0 0 0 0 0" for a terminal left as a shell expects it.
    func terminalModes() throws -> String { try format(Self.modesFormat) }

    /// The format `terminalModes` evaluates, for `waitUntilFormat`.
    static let modesFormat = "#{alternate_on} #{mouse_any_flag} #{mouse_standard_flag} #{mouse_button_flag} #{mouse_sgr_flag}"

    /// Polls the pane's formats until `predicate` holds, or throws after `timeout` seconds.
    @discardableResult
    func waitUntilFormat(_ format: String, _ description: String, timeout: Double = 20, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try self.format(format)
            if predicate(last) { return last }
            usleep(40_000) // polling interval, not a wait for the program
        }
        throw Timeout(waitingFor: description, screen: "\(format) = \(last)\n" + (try screen()))
    }

    /// Polls the screen until `predicate` holds, or throws after `timeout` seconds.
    @discardableResult
    func waitUntil(_ description: String, timeout: Double = 20, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            usleep(40_000) // polling interval, not a wait for the program
        }
        throw Timeout(waitingFor: description, screen: last)
    }

    /// Polls until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 20) throws -> String {
        try waitUntil("'\(text)'", timeout: timeout) { $0.contains(text) }
    }

    /// Where `text` first appears on the screen (0-based column and row), by display columns.
    func locate(_ text: String) throws -> (x: Int, y: Int)? {
        for (row, line) in try screen().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) {
                return (TextWidth.of(String(line[line.startIndex..<range.lowerBound])), row)
            }
        }
        return nil
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil // tests may run inside someone's tmux
        environment["TERM"] = environment["TERM"] ?? "xterm-256color"
        let result = try Subprocess.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, environment: environment)
        let text = result.stdout + result.stderr
        guard result.status == 0 || arguments.first == "kill-server" else {
            throw CommandFailed(arguments: arguments, status: result.status, output: text)
        }
        return text
    }
}
