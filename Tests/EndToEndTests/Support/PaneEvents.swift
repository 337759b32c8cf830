import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the tmux server reports as it happens, so a test waits on events, not on a clock.
///
/// A control-mode client (`tmux -C attach`, "Control Mode" in tmux's wiki) attached to the
/// session writes a line for each notification: `%output` whenever the pane's program writes,
/// `%window-renamed`, `%exit`, … A wait reads the screen once, then sleeps until the next
/// notification instead of starting a tmux client every few milliseconds to poll. The lines
/// themselves are not parsed: any of them means the screen may have changed. A wait is a
/// continuation the reader thread resumes at the next report: it holds no thread and costs no
/// CPU while nothing happens.
final class PaneEvents: @unchecked Sendable {
    private struct State {
        /// Reads of the client's output so far.
        var count = 0
        /// The waits for the next report, by a number of their own.
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        var lastWait = 0
    }

    /// Written by the reader thread and by the waits.
    private let state = Mutex(State())
    private let pid: pid_t
    /// The write end of the client's standard input: closing it detaches the client.
    private var input: Int32

    /// Attaches a control client to `session` of the server at `socket`.
    init(socket: String, session: String, environment: [String: String]) throws {
        var toClient: [Int32] = [-1, -1], fromClient: [Int32] = [-1, -1]
        // Close-on-exec: a process another test spawns later must not inherit our ends (an
        // inherited write end would keep the reader from ever seeing the end of file).
        guard pipe(&toClient) == 0, pipe(&fromClient) == 0 else {
            throw Subprocess.SpawnFailed(program: "pipe", errno: errno)
        }
        for fd in toClient + fromClient { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toClient[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromClient[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        do {
            pid = try Subprocess.spawn(["tmux", "-L", socket, "-f", "/dev/null", "-C", "attach-session", "-t", session],
                                       environment: environment, actions: &actions)
        } catch {
            [toClient[0], toClient[1], fromClient[0], fromClient[1]].forEach { close($0) }
            throw error
        }
        close(toClient[0])
        close(fromClient[1])
        input = toClient[1]
        let output = fromClient[0]
        let thread = Thread { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard let self else { break }
                let woken = self.state.withLock { state in
                    state.count += 1
                    defer { state.waiting = [:] }
                    return Array(state.waiting.values)
                }
                for wait in woken { wait.resume() }
                if n <= 0 { break }   // the client exited: the server is gone
            }
            close(output)
        }
        thread.start()
    }

    /// A mark to wait past: take it before reading the screen, so nothing reported while
    /// the screen was read is missed.
    var mark: Int { state.withLock { $0.count } }

    /// Returns once something is reported after `mark` and the pane has then been quiet for
    /// `quiet` seconds (a frame often comes in several writes: a screen read after the first
    /// would see half of it), or at `deadline`.
    func wait(after mark: Int, until deadline: Date, quiet: Double = 0.03) async throws {
        try Task.checkCancellation()
        await report(after: mark, within: deadline.timeIntervalSinceNow)
        var seen = self.mark
        guard seen != mark else { return }
        while Date() < deadline {
            await report(after: seen, within: min(quiet, deadline.timeIntervalSinceNow))
            let now = self.mark
            if now == seen { return }
            seen = now
        }
    }

    /// Returns at the first report after `mark`, or after `seconds`.
    private func report(after mark: Int, within seconds: Double) async {
        guard seconds > 0 else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.report(after: mark) }
            group.addTask { try? await Task.sleep(for: .seconds(seconds)) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns at the first report after `mark`, or once the task is cancelled.
    private func report(after mark: Int) async {
        let id = state.withLock { state in
            state.lastWait += 1
            return state.lastWait
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    guard state.count == mark, !Task.isCancelled else { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
        }
    }

    /// Detaches the client and reaps it (after the server is killed it has exited already).
    func stop() {
        guard input >= 0 else { return }
        close(input)
        input = -1
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }

    deinit { stop() }
}
