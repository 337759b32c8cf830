import Foundation
import Platform
import NIOCore
import NIOPosix
import NIOSSH
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// The pieces `hubsim-bench classroom` (ClassroomBench.swift) and `hubsim-bench classroom-storm`
// (ClassroomStormBench.swift) share: the classroom they start and the scripted trainees.

/// `hubsim classroom` started for the bench, its output in a file.
final class BenchClassroom {
    let folder = NSTemporaryDirectory() + "hubsim-bench-class-\(getpid())-\(UUID().uuidString.prefix(6))"
    let pid: pid_t
    var output: String { (try? String(contentsOfFile: folder + ".out", encoding: .utf8)) ?? "" }

    /// Starts `hubsim classroom` with `extra` arguments, which are made once the class folder
    /// exists (a file in it, such as `--authorized-keys`).
    init(hubsim: String, extra: (String) throws -> [String] = { _ in [] }) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let extraArguments = try extra(folder)
        // Signals as a shell starts it (`Spawn`): this thread blocks most signals (the Swift
        // runtime's), and a blocked SIGTERM would never end the class.
        let arguments = [hubsim, "classroom", "--lesson", "ws1-shift-change", "--class-dir", folder, "--port", "0", "--max", "200"] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["HUBSIM_CLASS_CODE"] = ScriptedTrainee.code
        let pid: pid_t
        do throws(Spawn.Failure) { pid = try Spawn.quiet(output: folder + ".out").start(arguments, environment: environment) } catch {
            throw BenchError("\(error)")
        }
        self.pid = pid
    }

    func port() throws -> Int {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let range = output.range(of: "ssh -p "), let port = Int(output[range.upperBound...].prefix { $0.isNumber }) { return port }
            usleep(20_000)
        }
        throw BenchError("the classroom did not open: \(output)")
    }

    /// The class's log (`class.log` in its folder).
    var log: String { (try? String(contentsOfFile: folder + "/class.log", encoding: .utf8)) ?? "" }

    /// Whether the classroom still runs: not a zombie (it is reaped only by `end`).
    var isRunning: Bool {
        let stat = Self.read("/proc/\(pid)/stat")
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first.map { $0 != "Z" && $0 != "X" } ?? false
    }

    /// Processes (from /proc, this one's children or not) one of whose arguments is
    /// `argument`, or contains it when `containing`.
    static func processes(withArgument argument: String, containing: Bool = false) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), pid != getpid() else { return nil }
            let arguments = read("/proc/\(entry)/cmdline").split(separator: "\0")
            return arguments.contains { containing ? $0.contains(argument) : $0 == argument } ? pid : nil
        }
    }

    /// This process's children that are left (running, or exited and not reaped).
    static func children() -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry) else { return nil }
            let stat = read("/proc/\(entry)/stat")
            // pid (comm) state ppid …: the parent is the second field after the name.
            guard let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == getpid() ? pid : nil
        }
    }

    /// The classroom's open descriptors (its /proc fd folder).
    var descriptors: Int { ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count }

    /// Each trainee's child and the classroom, in kB: PSS (its own pages, and its share of the
    /// pages it shares, smaps_rollup) and RSS (every page it maps, shared or not).
    func memory() -> (children: [Footprint], classroom: Footprint) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var children: [Footprint] = []
        for entry in entries where Int32(entry) != nil {
            guard Self.read("/proc/\(entry)/cmdline").contains(folder + "/t") else { continue }
            if let footprint = Footprint(pid: entry) { children.append(footprint) }
        }
        return (children, Footprint(pid: "\(pid)") ?? Footprint(pss: 0, rss: 0))
    }

    /// A /proc file whole, with read(2): they report a size of 0, which file APIs that trust
    /// the size take for empty.
    static func read(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func resident(_ pid: String) -> Int? {
        let status = read("/proc/\(pid)/status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    private var endedBySignal: Bool?

    /// Ends the class as a trainer's Ctrl-C does (SIGTERM: every session ends, every device is
    /// saved), killing it after 15 s; whether it ended by itself. Its folder is removed unless
    /// HUBSIM_BENCH_KEEP is set. Once; a second call returns the first's answer.
    @discardableResult
    func end() -> Bool {
        if let endedBySignal { return endedBySignal }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(15)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 && Date() < deadline { usleep(20_000) }
        let byItself = Date() < deadline
        if !byItself { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        endedBySignal = byItself
        if ProcessInfo.processInfo.environment["HUBSIM_BENCH_KEEP"] == nil {
            try? FileManager.default.removeItem(atPath: folder)
            unlink(folder + ".out")
        }
        return byItself
    }
}

/// A trainee on swift-nio-ssh's client role: a session channel with a pseudo-terminal at 80x24
/// and a shell, the class code as the password, every byte's arrival timed.
final class ScriptedTrainee: Sendable {
    static let code = "BENCH-2026"
    private struct State {
        var connectedAt = 0.0
        var firstFrameAt: Double?
        var received: [UInt8] = []
        var sentAt: Double?
        var echo: Double?
        /// When the last answer was asked for (a key sent, or another's key expected).
        var markedAt = 0.0
        var channel: (any Channel)?
        var lastByteAt = 0.0
    }

    private let state = Mutex(State())
    private let signal = NSCondition()

    init(name: String, port: Int, group: MultiThreadedEventLoopGroup) {
        state.withLock { $0.connectedAt = Self.now() }
        let trainee = self
        ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSHHandler(
                        role: .client(.init(userAuthDelegate: SimplePasswordDelegate(username: name, password: Self.code),
                                            serverAuthDelegate: AnyHostKey())),
                        allocator: channel.allocator, inboundChildChannelInitializer: nil))
                }
            }
            .connect(host: "127.0.0.1", port: port)
            .flatMap { channel in
                channel.eventLoop.makeCompletedFuture {
                    let ssh = try channel.pipeline.syncOperations.handler(type: NIOSSHHandler.self)
                    let promise = channel.eventLoop.makePromise(of: (any Channel).self)
                    ssh.createChannel(promise, channelType: .session) { child, _ in
                        child.eventLoop.makeCompletedFuture { try child.pipeline.syncOperations.addHandler(TraineeTerminal(trainee: trainee)) }
                    }
                    return promise.futureResult
                }.flatMap { $0 }
            }
            .whenSuccess { child in trainee.state.withLock { $0.channel = child } }
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    func received(_ bytes: [UInt8]) {
        let now = Self.now()
        state.withLock { s in
            s.lastByteAt = now
            if s.firstFrameAt == nil {
                s.received += bytes
                // "step 0" (the class line or the lesson panel): the first frame is on the trainee's screen.
                if String(decoding: s.received, as: UTF8.self).contains("step 0") { s.firstFrameAt = now; s.received = [] }
            }
            if let sent = s.sentAt, s.echo == nil { s.echo = now - sent }
        }
        signal.lock(); signal.broadcast(); signal.unlock()
    }

    private func wait(timeout: Double, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        signal.lock()
        defer { signal.unlock() }
        while !done() { if !signal.wait(until: deadline) { return done() } }
        return true
    }

    /// Seconds from connecting to the first frame.
    func waitForFirstFrame(timeout: Double) throws -> Double {
        guard wait(timeout: timeout, until: { state.withLock { $0.firstFrameAt != nil } }) else {
            throw BenchError("a trainee saw no first frame in \(Int(timeout)) s")
        }
        return state.withLock { $0.firstFrameAt! - $0.connectedAt }
    }

    /// Waits until no byte has come for `quiet` seconds (at most 2 s).
    func waitQuiet(_ quiet: Double) {
        let deadline = Self.now() + 2
        while Self.now() < deadline, Self.now() - state.withLock({ $0.lastByteAt }) < quiet { usleep(5_000) }
    }

    /// `count` trainees t0, t1, … joined a few at a time, as a room does (and as `--max`'s
    /// authentication cap allows), and each one's seconds from connecting to the first frame.
    static func join(_ count: Int, port: Int, group: MultiThreadedEventLoopGroup) throws -> (trainees: [ScriptedTrainee], joins: [Double]) {
        var trainees: [ScriptedTrainee] = []
        var joins: [Double] = []
        for batch in stride(from: 0, to: count, by: 10) {
            let started = (batch..<min(count, batch + 10)).map { i in ScriptedTrainee(name: "t\(i)", port: port, group: group) }
            for trainee in started { joins.append(try trainee.waitForFirstFrame(timeout: 60)) }
            trainees += started
        }
        return (trainees, joins)
    }

    /// One round for every trainee at once: each on a quiet screen (the last frame written
    /// whole, so that an echo is the answer to this key, not the rest of the last one), then
    /// F1 (the help opens, then closes: every press redraws); each one's echo in seconds, nil
    /// when none came while it was waited for (2 s).
    static func round(_ trainees: [ScriptedTrainee]) -> [Double?] {
        for trainee in trainees { trainee.waitQuiet(0.05) }
        for trainee in trainees { trainee.press("\u{1B}OP") }
        return trainees.map { $0.waitForEcho(timeout: 2) }
    }

    func press(_ key: String) {
        let channel = state.withLock { s -> (any Channel)? in
            s.echo = nil
            s.sentAt = Self.now()
            s.markedAt = s.sentAt!
            return s.channel
        }
        guard let channel else { return }
        var buffer = channel.allocator.buffer(capacity: 4)
        buffer.writeString(key)
        channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)), promise: nil)
    }

    /// From now, the next byte is the answer to a key someone else pressed (the trainer's lead):
    /// `waitForEcho` and `waitForFrameEnd` count from here.
    func expectAnswer() {
        let now = Self.now()
        state.withLock { s in
            s.echo = nil
            s.sentAt = now
            s.markedAt = now
        }
    }

    /// Seconds from the last key (or `expectAnswer`) to the last byte of the screen that
    /// answered it: the bytes stop for `quiet` seconds (waited for at most 2 s).
    func waitForFrameEnd(quiet: Double) -> Double {
        waitQuiet(quiet)
        return state.withLock { $0.lastByteAt - $0.markedAt }
    }

    /// Seconds from the last key to the first byte after it; nil when none came in time.
    func waitForEcho(timeout: Double) -> Double? {
        _ = wait(timeout: timeout, until: { state.withLock { $0.echo != nil } })
        return state.withLock { s in
            defer { s.sentAt = nil }
            return s.echo
        }
    }

    func close() { state.withLock { $0.channel }?.parent?.close(promise: nil) }
}

/// The bench trusts the classroom it started.
private struct AnyHostKey: NIOSSHClientServerAuthenticationDelegate {
    func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
        validationCompletePromise.succeed(())
    }
}

/// The session channel: a pseudo-terminal and a shell asked for once it is open, every byte
/// handed to the trainee.
private final class TraineeTerminal: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    let trainee: ScriptedTrainee

    init(trainee: ScriptedTrainee) { self.trainee = trainee }

    func handlerAdded(context: ChannelHandlerContext) {
        let modes = SSHTerminalModes([:])
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: false, term: "xterm-256color", terminalCharacterWidth: 80, terminalRowHeight: 24,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: modes), promise: nil)
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ShellRequest(wantReply: false), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case let .byteBuffer(buffer) = unwrapInboundIn(data).data else { return }
        trainee.received(Array(buffer.readableBytesView))
    }
}

/// A process's memory in kB. PSS is what a trainee costs the machine: the pages only it uses,
/// and a share of those it shares with the other trainees and the classroom (the same `hubsim`
/// binary, mapped read-only once); RSS counts every shared page again in every process.
struct Footprint {
    var pss: Int
    var rss: Int

    init(pss: Int, rss: Int) { self.pss = pss; self.rss = rss }

    init?(pid: String) {
        let rollup = BenchClassroom.read("/proc/\(pid)/smaps_rollup").split(separator: "\n")
        func field(_ name: String) -> Int? {
            rollup.first { $0.hasPrefix(name + ":") }.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
        }
        guard let pss = field("Pss"), let rss = field("Rss") else { return nil }
        self.init(pss: pss, rss: rss)
    }
}
