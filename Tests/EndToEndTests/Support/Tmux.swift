import Foundation
import FuzzSupport
import HubUI

/// A private tmux server (its own socket, no config) with one pane, as tmux's own `regress/`
/// tests use: send keys, read `capture-pane -p` until the screen shows what is expected, and
/// always kill the server. Safe to use from tests running in parallel. One server per test, not
/// per suite: with a suite's tests as sessions of one tmux 3.3a server, that server sometimes
/// died under the signal tests and took the suite's other tests with it.
///
/// A wait reads the screen again only when the server reports that something happened
/// (`PaneEvents`), with a slow re-read as a safety net, and gives up after `patience`
/// seconds with the screen it saw in the error.
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

    /// Seconds a wait gives the program: far more than any screen takes (a debug build on two
    /// busy cores draws its first frame in well under a second; a check-out on the shipped
    /// tenant pays ~0.4 s of scrypt), short enough that a failing test fails fast.
    static let patience = 15.0
    /// The safety net: how often a wait reads the screen when nothing is reported.
    static let rereadInterval = 0.5

    let socket: String
    /// The session: the target of every command.
    let session = "0"
    private var killed = false
    private var events: PaneEvents?

    /// Starts a server running `command` (through /bin/sh) in a `width`x`height` pane, once
    /// one of the suite's terminal `Slots` is free (the slot is given back by `kill`).
    init(command: String, width: Int = 80, height: Int = 24) async throws {
        socket = "hubsim-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        await Slots.terminals.acquire()
        do {
            // remain-on-exit keeps the pane (and its last screen) after the command exits, for the
            // assertions; set before the session exists so a command that exits at once is kept too.
            // The control client of `PaneEvents` sets no size of its own: it never resizes the window.
            try run(["start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
                     "new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)", command])
            events = try PaneEvents(socket: socket, session: session, environment: Self.environment)
        } catch {
            kill()
            throw error
        }
    }

    deinit { kill() }

    /// Stops the server and everything in it, and gives its slot back.
    func kill() {
        guard !killed else { return }
        killed = true
        defer { Slots.terminals.release() }
        let socketPath = (try? run(["display-message", "-p", "#{socket_path}"]))?.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? run(["kill-server"])
        events?.stop()
        // The server leaves its socket file behind; tests run often.
        if let socketPath, socketPath.hasSuffix("/\(socket)") { unlink(socketPath) }
    }

    /// tmux key names (`Enter`, `F10`, `BTab`, …) or plain words, one argument each.
    func send(_ keys: String...) throws { try run(["send-keys", "-t", session] + keys) }

    /// Text sent as it is, byte for byte (`send-keys -l`).
    func type(_ text: String) throws { try run(["send-keys", "-t", session, "-l", text]) }

    /// A left click at a cell (0-based), as an xterm SGR mouse press and release.
    func click(x: Int, y: Int) throws { try type("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m") }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pane's text now.
    func screen() throws -> String { try run(["capture-pane", "-p", "-t", session]) }

    /// The pane's text with its attributes as escape sequences (`capture-pane -e`).
    func styledScreen() throws -> String { try run(["capture-pane", "-p", "-e", "-t", session]) }

    /// The pid of the pane's first process (the command given to `init`).
    func panePID() throws -> Int32 {
        Int32(try run(["display-message", "-p", "-t", session, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// A pane format (`#{alternate_on}`, `#{pane_tty}`, …) evaluated now.
    func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", session, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What the terminal shows beyond its text: alternate screen, mouse reporting of any
    /// kind, application cursor keys; "0 0 0 0 0" for a terminal left as a shell expects it.
    func terminalModes() throws -> String { try format(Self.modesFormat) }

    /// The format `terminalModes` evaluates, for `waitUntilFormat`.
    static let modesFormat = "#{alternate_on} #{mouse_any_flag} #{mouse_standard_flag} #{mouse_button_flag} #{mouse_sgr_flag}"

    /// Evaluates `check` now and again after each event the server reports, until it gives a
    /// value; throws after `timeout` seconds with what `describe` says of the last try. Holds no
    /// thread while it waits (`Poll`).
    @discardableResult
    func wait<T>(_ description: String, timeout: Double = Tmux.patience, check: () throws -> T?,
                 describe: () throws -> String) async throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let mark = events?.mark ?? 0
            if let value = try check() { return value }
            let now = Date()
            guard now < deadline else { break }
            let next = min(deadline, now.addingTimeInterval(Self.rereadInterval))
            if let events {
                try await events.wait(after: mark, until: next)
            } else {
                try await Task.sleep(for: .seconds(max(0, next.timeIntervalSinceNow)))
            }
        }
        throw Timeout(waitingFor: "\(description) (\(Int(timeout)) s)", screen: try describe())
    }

    /// Waits until the pane's formats satisfy `predicate`, or throws after `timeout` seconds.
    @discardableResult
    func waitUntilFormat(_ format: String, _ description: String, timeout: Double = Tmux.patience, _ predicate: (String) -> Bool) async throws -> String {
        var last = ""
        return try await wait(description, timeout: timeout, check: {
            last = try self.format(format)
            return predicate(last) ? last : nil
        }, describe: { "\(format) = \(last)\n" + (try screen()) })
    }

    /// Waits until the screen satisfies `predicate`, or throws after `timeout` seconds.
    @discardableResult
    func waitUntil(_ description: String, timeout: Double = Tmux.patience, _ predicate: (String) -> Bool) async throws -> String {
        var last = ""
        return try await wait(description, timeout: timeout, check: {
            last = try screen()
            return predicate(last) ? last : nil
        }, describe: { last })
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = Tmux.patience) async throws -> String {
        try await waitUntil("'\(text)'", timeout: timeout) { $0.contains(text) }
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

    /// The environment of every tmux command: the runner's, outside any tmux.
    private static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil // tests may run inside someone's tmux
        environment["TERM"] = environment["TERM"] ?? "xterm-256color"
        return environment
    }()

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let result = try Subprocess.runBlocking(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, environment: Self.environment)
        let text = result.stdout + result.stderr
        guard result.status == 0 || arguments.first == "kill-server" else {
            throw CommandFailed(arguments: arguments, status: result.status, output: text)
        }
        return text
    }
}
