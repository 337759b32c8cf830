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
/// the terminal's signals), with its three streams handled on background tasks.
///
/// Standard output is cut into lines (at most `maxLineBytes` held), each parsed into an
/// `RPCMessage` there, off the caller's thread; standard error into log lines, the last few
/// kept for the exit report. Everything goes to the `Inbox`. Writes and signals come from the
/// caller's thread through two streams, so the caller never blocks on a child.
final class ChildProcess: Sendable {
    /// Distinguishes this process from the app's earlier and later ones in the inbox.
    let number: Int
    private let outgoing: AsyncStream<Outgoing>.Continuation
    private let control: AsyncStream<Control>.Continuation

    enum Outgoing: Sendable {
        case line(String)
        /// Close the program's standard input (after `app/terminate`).
        case close
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
        let (outStream, outContinuation) = AsyncStream<Outgoing>.makeStream()
        let (controlStream, controlContinuation) = AsyncStream<Control>.makeStream()
        outgoing = outContinuation
        control = controlContinuation
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
            let lastLines = LastLines()
            let spawned = Mutex<pid_t?>(nil)
            defer {
                if let pid = spawned.withLock({ $0 }) { ProcessGroups.reaped(pid) }
                ProcessGroups.release(mark)
            }
            do {
                _ = try await run(
                    exe, arguments: Arguments(arguments), environment: env,
                    workingDirectory: cwd.map { .init($0) }, platformOptions: platform,
                    input: .inputWriter, output: .sequence, error: .sequence
                ) { execution in
                    let pid = execution.processIdentifier.value
                    spawned.withLock { $0 = pid }
                    ProcessGroups.started(pid, mark: mark)
                    ExitWatch.start(pid: pid, mark: mark)
                    inbox.post(Delivery(process: number, kind: .started(pid: execution.processIdentifier.value)))
                    await withTaskGroup(of: Bool.self) { group in
                        group.addTask {
                            await Self.readMessages(execution.standardOutput, limits: limits, number: number, inbox: inbox)
                            return true
                        }
                        group.addTask {
                            await Self.readLog(execution.standardError, limits: limits, number: number, inbox: inbox, last: lastLines)
                            return true
                        }
                        group.addTask {
                            for await item in outStream {
                                switch item {
                                case let .line(text):
                                    do { _ = try await execution.standardInputWriter.write(Array((text + "\n").utf8)) } catch { return false }
                                case .close:
                                    try? await execution.standardInputWriter.finish()
                                    return false
                                }
                            }
                            return false
                        }
                        group.addTask {
                            for await c in controlStream {
                                try? execution.send(signal: c.signal, toProcessGroup: c.group)
                                // The last step of ending a program ends what it started too: a
                                // daemon that kept its standard output would keep the readers open.
                                if c.group, c.signal == .kill { ProcessGroups.endDescendants(of: pid, mark: mark) }
                            }
                            return false
                        }
                        // Done when both readers are: the process ended (or closed its output).
                        var readersDone = 0
                        for await isReader in group where isReader {
                            readersDone += 1
                            if readersDone == 2 { break }
                        }
                        // Nothing of the app outlives its process (a grandchild it left behind, a
                        // daemon in a session of its own); the leader is not reaped yet, so its
                        // group id is still its own. Killing first also ends a write blocked on a
                        // child that stopped reading.
                        try? execution.send(signal: .kill, toProcessGroup: true)
                        ProcessGroups.endDescendants(of: pid, mark: mark)
                        group.cancelAll()
                    }
                    // Reported from here, not after `run` returns: `run` finishes its clean-up on
                    // Swift's global pool, which a caller blocked in `settle` may be holding.
                    let status = ExitStatus.peek(pid)
                    ProcessGroups.ended(pid)
                    lastLines.exitReported.withLock { $0 = true }
                    inbox.post(Delivery(process: number, kind: .exited(status: status, lastLines: lastLines.lines.withLock { $0 })))
                    return status
                }
            } catch where !lastLines.exitReported.withLock({ $0 }) {
                inbox.post(Delivery(process: number, kind: .exited(status: "could not start: \(error)",
                                                                    lastLines: lastLines.lines.withLock { $0 })))
            } catch {
                // The exit was reported; only swift-subprocess's clean-up failed after it.
            }
            outContinuation.finish()
            controlContinuation.finish()
        }
    }

    func send(_ line: String) { outgoing.yield(.line(line)) }
    func closeInput() { outgoing.yield(.close) }
    func sendSignal(_ signal: Signal, group: Bool = false) { control.yield(Control(signal: signal, group: group)) }

    // MARK: reading

    private static func readMessages(_ output: SubprocessOutputSequence, limits: Limits, number: Int, inbox: Inbox) async {
        var splitter = LineSplitter(limit: limits.maxLineBytes)
        var windowStart = ContinuousClock.now
        var begun = 0, all = 0
        var fault: String?
        func take(_ line: [UInt8]) {
            guard fault == nil else { return }
            let message = RPCMessage(line: line)
            let now = ContinuousClock.now
            if now - windowStart > .seconds(1) { windowStart = now; begun = 0; all = 0 }
            all += 1
            // A flood counts what the program begins; its answers to hubsim are one per event
            // sent, so they count only against a far higher bound that keeps the inbox finite.
            if case .response = message {} else { begun += 1 }
            if begun > limits.floodMessagesPerSecond || all > limits.floodMessagesPerSecond * 20 {
                fault = "flood: more than \(limits.floodMessagesPerSecond) messages in a second"
                return
            }
            inbox.post(Delivery(process: number, kind: .message(message)))
        }
        do {
            for try await buffer in output {
                let ok = buffer.withUnsafeBytes { splitter.feed($0, take) }
                if !ok { fault = "a line over \(limits.maxLineBytes) bytes" }
                if let fault {
                    inbox.post(Delivery(process: number, kind: .fault(fault)))
                    return
                }
            }
        } catch {}
        splitter.finish(take)
        if let fault { inbox.post(Delivery(process: number, kind: .fault(fault))) } else { inbox.post(Delivery(process: number, kind: .outputClosed)) }
    }

    private static func readLog(_ errors: SubprocessOutputSequence, limits: Limits, number: Int, inbox: Inbox, last: LastLines) async {
        var splitter = LineSplitter(limit: limits.longestStderrLine)
        var windowStart = ContinuousClock.now
        var shown = 0, skipped = 0
        func summarize() {
            if skipped > 0 { inbox.post(Delivery(process: number, kind: .stderr("… \(skipped) more lines of standard error not shown"))) }
            skipped = 0
        }
        func take(_ line: [UInt8]) {
            let text = String(decoding: line, as: UTF8.self)
            last.lines.withLock { lines in
                lines.append(text)
                if lines.count > limits.lastLines { lines.removeFirst(lines.count - limits.lastLines) }
            }
            // The pane's log is a person's to read: a chatty program's lines are counted, not kept.
            let now = ContinuousClock.now
            if now - windowStart > .seconds(1) { summarize(); windowStart = now; shown = 0 }
            shown += 1
            if shown > limits.stderrLinesPerSecond { skipped += 1 } else { inbox.post(Delivery(process: number, kind: .stderr(text))) }
        }
        do {
            for try await buffer in errors {
                _ = buffer.withUnsafeBytes { splitter.feed($0, take) }
            }
        } catch {}
        splitter.finish(take)
        summarize()
    }
}

/// The last lines of a program's standard error, for its exit report, and whether that report went.
final class LastLines: Sendable {
    let lines = Mutex<[String]>([])
    let exitReported = Mutex(false)
}

/// Watches a program for its end, without reaping it (`WNOWAIT`: swift-subprocess takes its
/// status), and then ends what it started at once: a daemon that kept the program's standard
/// output open would otherwise hide the end from the readers. One thread per program, asleep in
/// `waitid` (a queue of its own: libdispatch gives a blocked serial queue a new thread).
enum ExitWatch {
    static func start(pid: pid_t, mark: String) {
        DispatchQueue(label: "hubsim.app-exit").async {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
                guard errno == EINTR else { return }  // reaped already: nothing to attribute to it
            }
            ProcessGroups.endDescendants(of: pid, mark: mark)
        }
    }
}
