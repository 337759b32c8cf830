import Foundation
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion with posix_spawn and waitpid. Foundation's `Process` is not
/// used: under parallel tests on Linux its `waitUntilExit` can miss the child's exit and hang.
enum Subprocess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// From the start to the end of the program, as the thread waiting in `waitpid` saw it:
        /// without the wait for a slot before it, nor the wait for a test thread after it (a
        /// loaded pool can resume the polling test long after the exit).
        var seconds: Double
    }

    struct SpawnFailed: Error, CustomStringConvertible {
        var program: String
        var errno: Int32
        var description: String { "cannot run \(program): \(String(cString: strerror(errno)))" }
    }

    /// Runs `arguments[0]` (searched in PATH) with stdin from /dev/null to its end; output is
    /// collected through files, not pipes, so a daemon that inherits them (tmux's server) cannot
    /// block us. Waits for the exit without holding a thread (`Poll`): hubsim's commands run
    /// for seconds. At most `Slots.programs` run at once.
    static func run(_ arguments: [String], environment: [String: String]) async throws -> Result {
        try await Slots.programs.holding {
            let files = try OutputFiles(arguments, environment: environment)
            defer { files.remove() }
            let exit = ChildExit(of: files.pid, startedAt: files.started)
            while exit.ended == nil { try await Task.sleep(for: Poll.interval) }
            let (status, at) = exit.ended ?? (0, Date())
            return files.result(status: status, endedAt: at)
        }
    }

    /// `run` for a command that answers in milliseconds (tmux's own: send-keys, capture-pane,
    /// …): the caller's thread waits in `waitpid`, which keeps `Tmux`'s commands synchronous.
    static func runBlocking(_ arguments: [String], environment: [String: String]) throws -> Result {
        let files = try OutputFiles(arguments, environment: environment)
        defer { files.remove() }
        var status: Int32 = 0
        while waitpid(files.pid, &status, 0) == -1 && errno == EINTR {}
        return files.result(status: status, endedAt: Date())
    }

    /// A started program whose standard output and error go to two temporary files.
    private struct OutputFiles {
        let outPath: String, errPath: String
        let pid: pid_t
        let started = Date()

        init(_ arguments: [String], environment: [String: String]) throws {
            let base = NSTemporaryDirectory() + "hubsim-e2e-\(getpid())-\(UUID().uuidString)"
            outPath = base + ".out"
            errPath = base + ".err"
            do {
                pid = try Subprocess.spawn(arguments, environment: environment, output: outPath, errors: errPath)
            } catch {
                unlink(outPath)
                unlink(errPath)
                throw error
            }
        }

        /// The exit status (128 + the signal for a program killed by one) and both outputs.
        func result(status: Int32, endedAt: Date) -> Result {
            let exitStatus = ChildExit.shellStatus(status)
            func read(_ path: String) -> String {
                String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            }
            return Result(status: exitStatus, stdout: read(outPath), stderr: read(errPath), seconds: endedAt.timeIntervalSince(started))
        }

        func remove() {
            unlink(outPath)
            unlink(errPath)
        }
    }

    /// Starts `arguments[0]` (searched in PATH) with standard input from /dev/null and its
    /// outputs to the files `output` and `errors` (made 0600); `blocking` as below.
    static func spawn(_ arguments: [String], environment: [String: String], output: String, errors: String,
                      blocking: [Int32] = []) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        return try spawn(arguments, environment: environment, actions: &actions, blocking: blocking)
    }

    /// Starts `arguments[0]` (searched in PATH) with `actions` setting up its descriptors and
    /// returns its pid; the caller waits for it.
    /// `blocking`: signals the child starts with blocked, as a parent's thread may leave them.
    static func spawn(_ arguments: [String], environment: [String: String],
                      actions: inout posix_spawn_file_actions_t, blocking: [Int32] = []) throws -> pid_t {
        // Nothing but the three standard descriptors: a file another test has open for writing
        // at that moment (a script it is about to run) must not stay open in a long-lived tmux
        // server or client, or running that script fails with "Text file busy" (ETXTBSY).
        // glibc ignores a close of a descriptor that is not open by then.
        for fd in ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap({ Int32($0) }) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        // The test runner's threads block signals (libdispatch workers do), and a spawned
        // child inherits that mask: a tmux server that never sees SIGCHLD cannot finish
        // `kill-server`, and the panes it leaves behind live on. Start from a clean slate.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t(), allSignals = sigset_t()
        sigemptyset(&mask)
        for signal in blocking { sigaddset(&mask, signal) }
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw SpawnFailed(program: arguments[0], errno: spawned) }
        return pid
    }
}
