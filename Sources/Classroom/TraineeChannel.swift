import Foundation
import NIOCore
import NIOPosix
import NIOSSH

/// One trainee's SSH session channel: what sshd does for a shell, and no more. A pseudo-terminal
/// request and a shell start the trainee's `hubsim` child (`TraineeProcess`); the bytes are
/// relayed both ways as they come (`ChildTerminal` on the other side), never parsed; a window
/// change is forwarded, clamped. `exec` and subsystems are refused with a line, and so is a
/// shell without a pseudo-terminal; environment requests are kept only for the terminal's
/// locale and `NO_COLOR` (`TERM` comes with the pseudo-terminal request).
///
/// Flow control both ways: the child's output is read only while the trainee's channel can
/// take it (a client that stops reading fills its SSH window, and then its child waits on its
/// own terminal, touching nobody else), and the trainee's input only while the child's
/// terminal can take it (a flood waits in the trainee's own SSH window).
final class TraineeChannel: ChannelDuplexHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    let server: ClassroomServer
    private let facts: ConnectionFacts
    private var context: ChannelHandlerContext?
    private var terminal: (term: String, width: Int, height: Int)?
    private var environment: [String: String] = [:]
    private var process: TraineeProcess?
    private var child: ChildTerminal?
    private var pipe: ControlPipe?
    /// When the trainee's last key was reported (monotonic seconds).
    private var inputReported = 0.0
    private var name: TraineeName?
    /// The seat is this session's (released when the child has gone).
    private var seated = false
    private var pendingRead = false
    /// The line the session ends with when the classroom ends it (the class is over).
    private var endingLine: String?
    private var ended = false
    /// Counts the times the trainee's channel filled, so a check scheduled for one stall is
    /// not taken for the next.
    private var stalls = 0
    /// The trainer was told this trainee is not reading.
    private var toldNotReading = false

    init(server: ClassroomServer, facts: ConnectionFacts) {
        self.server = server
        self.facts = facts
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    // MARK: requests

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            terminal = (Self.terminalType(request.term), request.terminalCharacterWidth, request.terminalRowHeight)
            reply(request.wantReply, true)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            let kept = Self.keeps(request.name) && Self.isPlain(request.value)
            if kept { environment[request.name] = request.value }
            reply(request.wantReply, kept)
        case let request as SSHChannelRequestEvent.ShellRequest:
            reply(request.wantReply, true)
            startShell()
        case let request as SSHChannelRequestEvent.ExecRequest:
            // Accepted, so that OpenSSH shows the line (on a refused request it ends at once).
            reply(request.wantReply, true)
            refuse("a class runs no commands: connect with \(server.joinCommand(name: facts.user ?? "NAME")) and nothing after it")
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(request.wantReply, true)
            refuse("a class has no \(LogText.name(request.subsystem)) subsystem: connect with \(server.joinCommand(name: facts.user ?? "NAME"))")
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            process?.resize(width: request.terminalCharacterWidth, height: request.terminalRowHeight)
        case let event as ChannelEvent where event == .inputClosed:
            // The trainee's side closed its input: the session is over.
            context.close(promise: nil)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func reply(_ wanted: Bool, _ success: Bool) {
        guard wanted, let context else { return }
        if success {
            context.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            context.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }

    /// The trainee's environment requests kept: the locale (a non-UTF-8 one gets ASCII
    /// drawings) and `NO_COLOR`.
    static func keeps(_ variable: String) -> Bool {
        variable == "LANG" || variable == "NO_COLOR" || (variable.hasPrefix("LC_") && variable.count <= 20)
    }

    static func isPlain(_ value: String) -> Bool {
        value.utf8.count <= 64 && value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// The pseudo-terminal's type as curses will look it up; anything odd becomes `xterm-256color`.
    static func terminalType(_ term: String) -> String {
        let plain = !term.isEmpty && term.utf8.count <= 64
            && term.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x2E || $0 == 0x2B || $0 == 0x5F }
        return plain ? term : "xterm-256color"
    }

    // MARK: the shell

    private func startShell() {
        guard child == nil, !ended else { return }
        guard let terminal else {
            refuse("a class needs a terminal: connect from a terminal with \(server.joinCommand(name: facts.user ?? "NAME")) (add -t if a script runs it)")
            return
        }
        guard let user = facts.user, let name = TraineeName(user) else {
            refuse("\(LogText.name(facts.user ?? "")) cannot be a trainee's name: use \(TraineeName.rule), as in \(server.joinCommand(name: "ana"))")
            return
        }
        self.name = name
        let bound = NIOLoopBound(self, eventLoop: context!.eventLoop)
        let loop = context!.eventLoop
        switch server.registry.admit(name.text, max: server.configuration.limits.trainees, order: { order in
            loop.execute { bound.value.perform(order) }
        }) {
        case .admitted: seated = true
        case .taken:
            server.log("\(name) from \(facts.address): refused, already connected")
            refuse("'\(name)' is connected already: leave there first (q), or ask the trainer to disconnect it")
            return
        case let .full(max):
            server.log("\(name) from \(facts.address): refused, the class is full")
            refuse("the class is full (\(max) trainees); ask the trainer")
            return
        case .closed:
            refuse("the class is over")
            return
        }
        let launch = server.configuration.launch(name, terminal.term, environment)
        let process: TraineeProcess
        do throws(TraineeProcess.Failure) {
            process = try TraineeProcess(arguments: launch.arguments, environment: launch.environment,
                                         width: terminal.width, height: terminal.height)
        } catch {
            server.log("\(name): \(error)")
            release()
            refuse("your device could not start (\(error)); tell the trainer")
            return
        }
        self.process = process
        server.registry.started(name.text, pid: process.pid)
        let size = TraineeProcess.clamp(width: terminal.width, height: terminal.height)
        server.log("\(name) joined from \(facts.address) (\(size.width)x\(size.height))")
        server.observe(.joined(name.text))
        let child = ChildTerminal(trainee: self)
        self.child = child
        let pipe = ControlPipe(trainee: self)
        self.pipe = pipe
        let boundPipe = NIOLoopBound(pipe, eventLoop: loop)
        NIOPipeBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(boundPipe.value) }
            }
            .takingOwnershipOfDescriptor(inputOutput: process.pipe)
            .whenSuccess { _ in
                for line in bound.value.server.greeting(name.text, note: bound.value.facts.note) { bound.value.send(line) }
            }
        let boundChild = NIOLoopBound(child, eventLoop: loop)
        NIOPipeBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(boundChild.value) }
            }
            .takingOwnershipOfDescriptor(inputOutput: process.master)
            .whenComplete { result in
                if case .failure = result {
                    // The relay could not start: the child is ended like a hung-up one.
                    process.closeMaster()
                    bound.value.childEnded()
                }
            }
    }

    /// A one-line refusal on the trainee's screen (standard error), then the session ends.
    private func refuse(_ line: String) {
        guard let context, !ended else { return }
        ended = true
        var buffer = context.channel.allocator.buffer(capacity: line.utf8.count + 32)
        buffer.writeString("hubsim classroom: " + line + "\r\n")
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
        finish(status: 2)
    }

    /// The exit status, then the channel closed.
    private func finish(status: Int) {
        guard let context else { return }
        let channel = context.channel
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    // MARK: relay, trainee → child

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard message.type == .channel, case let .byteBuffer(bytes) = message.data else { return }
        child?.write(bytes)
        let now = ClassroomServer.monotonicSeconds()
        if let name, now - inputReported >= 1 {
            inputReported = now
            server.observe(.input(name.text))
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        child?.flush()
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        if child?.isWritable ?? true { context.read() } else { pendingRead = true }
    }

    /// The child's terminal can take input again.
    func resumeReading() {
        guard pendingRead, let context else { return }
        pendingRead = false
        context.read()
    }

    // MARK: relay, child → trainee

    var isWritable: Bool { context?.channel.isWritable ?? true }

    func fromChild(_ bytes: ByteBuffer) {
        guard let context, !ended else { return }
        context.write(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: nil)
    }

    func flushToTrainee() { context?.flush() }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stalls += 1
            child?.resumeReading()
            if toldNotReading, let name {
                toldNotReading = false
                server.log("\(name) reads again")
                server.observe(.reading(name.text))
            }
        } else {
            stalls += 1
            let stall = stalls
            let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .milliseconds(Int64(ClassroomServer.notReadingSeconds * 1000))) {
                bound.value.stillFull(stall)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    /// The channel that filled at `stall` is still full: the trainer's tile says so.
    private func stillFull(_ stall: Int) {
        guard stall == stalls, !ended, !toldNotReading, let name, let context, !context.channel.isWritable else { return }
        toldNotReading = true
        server.log("\(name) is not reading: their screen waits, the others go on")
        server.observe(.notReading(name.text))
    }

    // MARK: ends

    /// The trainee's connection is gone (they closed it, it dropped, or it was killed): the
    /// child's terminal is closed, so it sees a hang-up, saves and exits; its seat is freed
    /// once it has (`childEnded`).
    func channelInactive(context: ChannelHandlerContext) {
        ended = true
        if let name, child != nil { server.log("\(name) disconnected") }
        child?.close()
        process?.releaseControl()
        if process == nil { release() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// What the classroom asks of this seat.
    func perform(_ order: SeatOrder) {
        switch order {
        case let .send(line): send(line)
        case let .end(line), let .disconnect(line):
            // The child is asked to save and exit; the line is the session's last.
            endingLine = line
            if let process { process.signal(SIGTERM) } else { context?.close(promise: nil) }
        }
    }

    func send(_ line: String) { pipe?.send(line) }

    /// A line from the child's control pipe.
    func fromPipe(_ line: Substring) {
        guard let name, let (method, params) = ControlLine.parse(line) else { return }
        switch method {
        case "trainee/status":
            if let status = ControlLine.decodeStatus(line) { server.observe(.status(name.text, status)) }
        case "trainee/frame":
            if let grid = ControlLine.decodeFrame(params) { server.frame(name.text, grid) }
        default:
            break
        }
    }

    /// The child's terminal closed: the child exited or is about to. Reaped (a child that
    /// outlives its terminal by `reapSeconds` is killed), then the session ends with a line
    /// saying what happened and that the device is kept.
    func childEnded() {
        guard let process else { release(); return }
        child = nil
        pipe?.close()
        pipe = nil
        process.releaseControl()
        pollExit(process, tries: Int(ClassroomServer.reapSeconds * 50))
    }

    /// Reaps the child, looking every 20 ms; after `tries`, kills it (SIGKILL) and reaps that.
    private func pollExit(_ process: TraineeProcess, tries: Int) {
        if let status = process.reap() {
            reaped(status)
            return
        }
        if tries == 0 { process.signal(SIGKILL) }
        guard let loop = context?.eventLoop else { return }
        let bound = NIOLoopBound(self, eventLoop: loop)
        loop.scheduleTask(in: .milliseconds(20)) { bound.value.pollExit(process, tries: max(-1, tries - 1)) }
    }

    private func reaped(_ status: Int32) {
        let exited = status & 0x7F == 0
        let code = Int(exited ? (status >> 8) & 0xFF : 128 + Int32(status & 0x7F))
        let who = name.map(\.text) ?? "?"
        let line: String
        if let endingLine {
            line = endingLine
        } else if exited && code == 0 {
            line = "you left; your device is kept: \(server.joinCommand(name: who)) to come back"
            if !ended { server.log("\(who) left") }
        } else if !exited && (status & 0x7F == SIGHUP || status & 0x7F == SIGTERM) {
            // A hang-up or the end of the class: the child saved and died of the signal, as asked.
            line = "your device is kept: \(server.joinCommand(name: who)) to come back"
        } else {
            let how = exited ? "exited with status \(code)" : "stopped by signal \(status & 0x7F)"
            line = "your device \(how); it is kept at your last step: \(server.joinCommand(name: who)) to go on"
            server.log("\(who)'s device \(how)")
            server.observe(.crashed(who, "device \(how)"))
        }
        if exited && code == 0 || !exited && (status & 0x7F == SIGHUP || status & 0x7F == SIGTERM) {
            server.observe(.away(who))
        }
        release()
        guard let context, !ended else { return }
        ended = true
        var buffer = context.channel.allocator.buffer(capacity: line.utf8.count + 32)
        buffer.writeString("\r\nhubsim classroom: " + line + "\r\n")
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(buffer))), promise: nil)
        finish(status: code)
    }

    private func release() {
        guard seated, let name else { return }
        seated = false
        server.registry.release(name.text)
    }
}

/// The child's side of the relay: the pseudo-terminal's master, read while the trainee's
/// channel can take what it reads.
final class ChildTerminal: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let trainee: TraineeChannel
    private var context: ChannelHandlerContext?
    private var pendingRead = false
    private var closed = false

    init(trainee: TraineeChannel) { self.trainee = trainee }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    var isWritable: Bool { context?.channel.isWritable ?? true }

    func write(_ bytes: ByteBuffer) { context?.write(wrapOutboundOut(bytes), promise: nil) }
    func flush() { context?.flush() }

    func close() {
        guard !closed else { return }
        closed = true
        context?.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        trainee.fromChild(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        trainee.flushToTrainee()
    }

    func read(context: ChannelHandlerContext) {
        if trainee.isWritable { context.read() } else { pendingRead = true }
    }

    func resumeReading() {
        guard pendingRead, let context else { return }
        pendingRead = false
        context.read()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { trainee.resumeReading() }
    }

    /// EIO: every descriptor of the slave is closed, the child is gone.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed = true
        self.context = nil
        trainee.childEnded()
    }
}

/// The classroom's end of a child's control pipe: lines in (`trainee/status`, `trainee/frame`),
/// lines out (`class/lead`, `class/reset`, `class/watch`, `class/show`).
final class ControlPipe: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let trainee: TraineeChannel
    private var context: ChannelHandlerContext?
    private var splitter = LineSplitter()

    init(trainee: TraineeChannel) { self.trainee = trainee }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func send(_ line: String) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: line.utf8.count)
        buffer.writeString(line)
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }

    func close() { context?.close(promise: nil) }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        for line in splitter.feed(buffer.readableBytesView) { trainee.fromPipe(line) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }

    func channelInactive(context: ChannelHandlerContext) { self.context = nil }
}
