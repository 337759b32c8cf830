import Foundation
import HubUI
import NIOCore
import NIOPosix
import NIOSSH
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `hubsim-bench classroom [COUNTS…]`: a real `hubsim classroom` on loopback (port 0, a class
/// folder of its own) and scripted trainees on swift-nio-ssh's client role, each with a
/// pseudo-terminal and a shell as OpenSSH asks for them. For each class size (1, 10, 30 and
/// 100 by default): join time (connect to the first frame), keystroke to echo (F1, all trainees
/// at once, 20 rounds: median and p99), memory (each trainee's hubsim child, and the classroom:
/// PSS, what the machine spends on it, with RSS beside it),
/// and the trainer's console frame at 100 tiles. Bounded: every wait has a deadline, and the
/// classroom is ended (SIGTERM) when the run ends.
func classroomBenchmark(counts: [Int]) throws -> [String] {
    var lines = ["classroom (loopback; scripted trainees on swift-nio-ssh's client):"]
    let hubsim = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("hubsim").path
    guard FileManager.default.isExecutableFile(atPath: hubsim) else { throw BenchError("no hubsim beside hubsim-bench at \(hubsim); build it first") }
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    defer { try? group.syncShutdownGracefully() }
    for count in counts {
        let classroom = try BenchClassroom(hubsim: hubsim)
        defer { classroom.end() }
        let port = try classroom.port()
        var trainees: [ScriptedTrainee] = []
        var joins: [Double] = []
        // Joined a few at a time, as a room does (and as `--max`'s authentication cap allows).
        for batch in stride(from: 0, to: count, by: 10) {
            let started = (batch..<min(count, batch + 10)).map { i in ScriptedTrainee(name: "t\(i)", port: port, group: group) }
            for trainee in started { joins.append(try trainee.waitForFirstFrame(timeout: 60)) }
            trainees += started
        }
        var echoes: [Double] = []
        for _ in 0..<20 {
            // Each round starts on a quiet screen (the last frame written whole), so that an echo
            // is the answer to this key, not the rest of the last one.
            for trainee in trainees { trainee.waitQuiet(0.05) }
            // F1: the help opens, then closes; every press redraws.
            for trainee in trainees { trainee.press("\u{1B}OP") }
            for trainee in trainees { if let latency = trainee.waitForEcho(timeout: 2) { echoes.append(latency) } }
        }
        // A key without its echo is a class that stopped answering: the load test fails.
        guard echoes.count >= trainees.count * 20 * 9 / 10 else {
            throw BenchError("\(count) trainees: only \(echoes.count) of \(trainees.count * 20) keys echoed within 2 s")
        }
        let memory = classroom.memory()
        let children = max(1, memory.children.count)
        let perTrainee = memory.children.map(\.pss).reduce(0, +) / children
        let perTraineeRSS = memory.children.map(\.rss).reduce(0, +) / children
        let total = memory.children.map(\.pss).reduce(0, +) + memory.classroom.pss
        echoes.sort()
        let p99 = echoes.isEmpty ? 0 : echoes[min(echoes.count - 1, Int(Double(echoes.count) * 0.99))]
        lines.append("  \(pad(count, 3)) trainee(s): join median \(ms(middle(joins))) ms, max \(ms(joins.max() ?? 0)) ms;"
            + " echo median \(ms(echoes.isEmpty ? 0 : middle(echoes))) ms, p99 \(ms(p99)) ms (\(echoes.count) keys);"
            + " memory (PSS) \(mb(perTrainee)) MB per trainee (RSS \(mb(perTraineeRSS)) MB), \(mb(total)) MB in all (classroom \(mb(memory.classroom.pss)) MB)")
        for trainee in trainees { trainee.close() }
    }
    lines.append("  the trainer's console, 100 tiles: " + consoleFrames())
    return lines
}

/// kB as MB with one decimal.
private func mb(_ kb: Int) -> String { String(format: "%.1f", Double(kb) / 1024) }

/// The console's frame with 100 trainees, at 80x24 and 200x60 (median of 200 renders).
private func consoleFrames() -> String {
    var console = ClassroomConsole(className: "bench", joinLine: "ssh -p 2222 NAME@127.0.0.1", lesson: ("Bench", 9), width: 200, height: 60)
    for i in 0..<100 {
        console.update(seat: TraineeSeat(name: "trainee\(i)", link: .connected(since: 0), lastInputSecond: i,
                                         status: TraineeStatus(step: i % 9, steps: 9, state: "checked out", user: "cou1", leaks: i % 3, lessonTitle: "Bench")))
    }
    console.tick(second: 300)
    var parts: [String] = []
    for (w, h) in [(80, 24), (200, 60)] {
        let clock = ContinuousClock()
        let frame = median(runs: 200) { seconds(clock.measure { _ = console.render(width: w, height: h) }) }
        parts.append("\(w)x\(h) \(verdict(ms: frame * 1000, target: 2))")
    }
    return parts.joined(separator: "; ")
}

/// `hubsim classroom` started for the bench, its output in a file.
final class BenchClassroom {
    let folder = NSTemporaryDirectory() + "hubsim-bench-class-\(getpid())-\(UUID().uuidString.prefix(6))"
    let pid: pid_t
    var output: String { (try? String(contentsOfFile: folder + ".out", encoding: .utf8)) ?? "" }

    init(hubsim: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, folder + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let arguments = [hubsim, "classroom", "--lesson", "ws1-shift-change", "--class-dir", folder, "--port", "0", "--max", "200"]
        var environment = ProcessInfo.processInfo.environment
        environment["HUBSIM_CLASS_CODE"] = ScriptedTrainee.code
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, hubsim, &actions, nil, argv, envp) == 0 else { throw BenchError("cannot start \(hubsim)") }
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


    func end() {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(15)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 && Date() < deadline { usleep(20_000) }
        if Date() >= deadline { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        if ProcessInfo.processInfo.environment["HUBSIM_BENCH_KEEP"] == nil {
            try? FileManager.default.removeItem(atPath: folder)
            unlink(folder + ".out")
        }
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

/// A trainee on swift-nio-ssh's client role: a session channel with a pseudo-terminal at 80x24
/// and a shell, the class code as the password, every byte's arrival timed.
private final class ScriptedTrainee: Sendable {
    static let code = "BENCH-2026"
    private struct State {
        var connectedAt = 0.0
        var firstFrameAt: Double?
        var received: [UInt8] = []
        var sentAt: Double?
        var echo: Double?
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

    func press(_ key: String) {
        let channel = state.withLock { s -> (any Channel)? in
            s.echo = nil
            s.sentAt = Self.now()
            return s.channel
        }
        guard let channel else { return }
        var buffer = channel.allocator.buffer(capacity: 4)
        buffer.writeString(key)
        channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)), promise: nil)
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
