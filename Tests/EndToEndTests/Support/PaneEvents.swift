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
/// themselves are not parsed: any of them means the screen may have changed. A wait looks at
/// the count of reports every few milliseconds (`Poll`): cheap, and it holds no thread.
final class PaneEvents: @unchecked Sendable {
    /// Reads of the client's output so far, counted by the reader thread.
    private let count = Mutex(0)
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
                self.count.withLock { $0 += 1 }
                if n <= 0 { break }   // the client exited: the server is gone
            }
            close(output)
        }
        thread.start()
    }

    /// A mark to wait past: take it before reading the screen, so nothing reported while
    /// the screen was read is missed.
    var mark: Int { count.withLock { $0 } }

    /// Returns once something is reported after `mark` and the pane has then been quiet for
    /// `quiet` seconds (a frame often comes in several writes: a screen read after the first
    /// would see half of it), or at `deadline`.
    func wait(after mark: Int, until deadline: Date, quiet: Double = 0.03) async throws {
        guard try await Poll.until(deadline, { self.mark != mark }) else { return }
        var seen = self.mark
        while Date() < deadline {
            try await Task.sleep(for: .seconds(max(0, min(quiet, deadline.timeIntervalSinceNow))))
            let now = self.mark
            if now == seen { return }
            seen = now
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
