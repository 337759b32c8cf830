import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SessionEngine
import Subprocess
import Synchronization

/// One running program: started through swift-subprocess in a session of its own (its own
/// process group, no controlling terminal: it can neither read the terminal nor be hit by
/// the terminal's signals).
///
/// Its standard input, output and error are hubsim's own pipes (`ChildPipes`): the caller's
/// thread writes events into the program and reads its answers and log lines itself
/// (`readOutput`, through an `OutputReader` and a `LogReader`), with no thread between them. A
/// background task reports the start and the exit to the `Inbox`, and sends the signals the
/// caller's thread puts in a stream, so the caller never blocks on a child.
final class ChildProcess: Sendable {
    /// Distinguishes this process from the app's earlier and later ones in the inbox.
    let number: Int
    private let control: AsyncStream<Control>.Continuation
    private let pipes: ChildPipes?
    private let readers: Mutex<Readers>

    private struct Readers {
        var output: OutputReader
        var log: LogReader
    }

    struct Control: Sendable {
        var signal: Signal
        var group: Bool
    }

    struct Limits: Sendable {
        var maxLineBytes: Int
        var floodMessagesPerSecond: Int
        /// Standard error lines kept for the exit report.
        var lastLines = 5
        var longestStderrLine = 4096
        /// Standard error lines shown per second; the rest are counted.
        var stderrLinesPerSecond = 100
    }


    /// Starts the program at once. `executable` is a path (with a `/`) or a name looked up in PATH.
    init(number: Int, executable: String, arguments: [String], environment: [EnvironmentVariable],
         workingDirectory: String?, limits: Limits, inbox: Inbox) {
        self.number = number
        let (controlStream, controlContinuation) = AsyncStream<Control>.makeStream()
        control = controlContinuation
        let pipes = ChildPipes()
        self.pipes = pipes
        readers = Mutex(Readers(output: OutputReader(limits: limits), log: LogReader(limits: limits)))
        guard let pipes else {
            inbox.post(ChildReport(process: number, kind: .exited(status: "could not start: no pipe for its standard input and output (too many open files)", lastLines: [])))
            controlContinuation.finish()
            return
        }
        let childInput = pipes.childInput, childOutput = pipes.childOutput, childError = pipes.childError
        let mark = ProcessGroups.newMark()
        var overrides: [Environment.Key: String?] = [:]
        let changes = ChildEnvironment.overrides(inherited: ChildEnvironment.inheritedNames(), entry: environment, mark: mark)
        for (name, value) in changes { overrides[Environment.Key(stringLiteral: name)] = value }
        var platform = PlatformOptions()
        // A session of its own: a process group hubsim can kill whole (grandchildren too),
        // and no controlling terminal to write escape sequences to or read keys from.
        platform.createSession = true
        let exe: Executable = executable.contains("/") ? .path(.init(executable)) : .name(executable)
        let env = Environment.inherit.updating(overrides)
        let cwd: String? = workingDirectory
        Task(executorPreference: BridgeExecutor.shared) {
            let exitReported = Mutex(false)
            let spawned = Mutex<pid_t?>(nil)
            defer {
                if let pid = spawned.withLock({ $0 }) { ProcessGroups.reaped(pid) }
                ProcessGroups.release(mark)
            }
            do {
                _ = try await run(
                    exe, arguments: Arguments(arguments), environment: env,
                    workingDirectory: cwd.map { .init($0) }, platformOptions: platform,
                    input: .fileDescriptor(.init(rawValue: childInput), closeAfterSpawningProcess: true),
                    output: .fileDescriptor(.init(rawValue: childOutput), closeAfterSpawningProcess: true),
                    error: .fileDescriptor(.init(rawValue: childError), closeAfterSpawningProcess: true)
                ) { execution in
                    let pid = execution.processIdentifier.value
                    spawned.withLock { $0 = pid }
                    ProcessGroups.started(pid, mark: mark)
                    inbox.post(ChildReport(process: number, kind: .started(pid: execution.processIdentifier.value)))
                    await withTaskGroup(of: Bool.self) { group in
                        group.addTask {
                            for await c in controlStream {
                                try? execution.send(signal: c.signal, toProcessGroup: c.group)
                                // The last step of ending a program ends what it started too: a
                                // daemon that kept its standard output would keep it open.
                                if c.group, c.signal == .kill { ProcessGroups.endDescendants(of: pid, mark: mark) }
                            }
                            return false
                        }
                        // Done when the process ended (the caller reads its output, so the end is
                        // watched for, not read).
                        await withCheckedContinuation { ended in ExitWatch.start(pid: pid, mark: mark) { ended.resume() } }
                        // Nothing of the app outlives its process (a grandchild it left behind, a
                        // daemon in a session of its own); the leader is not reaped yet, so its
                        // group id is still its own.
                        try? execution.send(signal: .kill, toProcessGroup: true)
                        ProcessGroups.endDescendants(of: pid, mark: mark)
                        group.cancelAll()
                    }
                    // Reported from here, not after `run` returns: `run` finishes its clean-up on
                    // Swift's global pool, which a caller blocked in `settle` may be holding.
                    let status = ExitStatus.peek(pid)
                    ProcessGroups.ended(pid)
                    exitReported.withLock { $0 = true }
                    // The last lines are the caller's: it reads the standard error.
                    inbox.post(ChildReport(process: number, kind: .exited(status: status, lastLines: [])))
                    return status
                }
            } catch where !exitReported.withLock({ $0 }) {
                inbox.post(ChildReport(process: number, kind: .exited(status: "could not start: \(error)", lastLines: [])))
            } catch {
                // The exit was reported; only swift-subprocess's clean-up failed after it.
            }
            controlContinuation.finish()
        }
    }

    /// Writes a line to the program's standard input now, from the caller's thread (after what
    /// waits before it, if the program is slow to read).
    func send(_ line: String) { pipes?.send(Array((line + "\n").utf8)) }
    /// Closes the program's standard input (after `app/terminate`), after what was sent.
    func closeInput() { pipes?.closeInput() }
    func sendSignal(_ signal: Signal, group: Bool = false) { control.yield(Control(signal: signal, group: group)) }

    /// What the program wrote since the last call, without waiting (the caller's thread): its
    /// log lines first (what it logged before an answer comes before the answer), then its
    /// messages. `atEnd`: the process ended; everything left is taken.
    func readOutput(atEnd: Bool = false) -> [ChildReport.Kind] {
        guard let pipes else { return [] }
        return readers.withLock { r in (atEnd ? r.log.end(pipes) : r.log.read(pipes)) + r.output.read(pipes) }
    }

    /// Its standard output and error while there is more to read: for the caller to `poll(2)`.
    var outputFDs: [Int32] {
        guard let pipes else { return [] }
        let (output, log) = readers.withLock { ($0.output.finished, $0.log.finished) }
        return (output ? [] : [pipes.fd(.output)].compactMap { $0 }) + (log ? [] : [pipes.fd(.error)].compactMap { $0 })
    }

    /// The last lines of its standard error, for the exit report.
    var lastLines: [String] { readers.withLock { $0.log.lastLines } }
}

/// Watches a program for its end, without reaping it (`WNOWAIT`: swift-subprocess takes its
/// status), and then ends what it started at once: a daemon that kept the program's standard
/// output open would otherwise hide the end from the readers. One thread per program, asleep in
/// `waitid` (a queue of its own: libdispatch gives a blocked serial queue a new thread), which
/// then calls `ended`.
enum ExitWatch {
    static func start(pid: pid_t, mark: String, ended: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "hubsim.app-exit").async {
            defer { ended() }
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
                guard errno == EINTR else { return }  // reaped already: nothing to attribute to it
            }
            ProcessGroups.endDescendants(of: pid, mark: mark)
        }
    }
}
