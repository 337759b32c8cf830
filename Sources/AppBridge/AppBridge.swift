import BridgeProtocol
import Dispatch
import SessionEngine
import Subprocess

/// The programs of one device: starts them at cold launch, sends them the device's events, answers
/// their calls against the device, and reports what they did back to it as engine events
/// (Docs/bridge-protocol.md).
///
/// The engine never waits for a program: a delivery to an external app is an `AppRequest` the
/// engine returns as an effect (`Applied.effects`), which the caller hands to `perform`, and
/// everything a program does comes back through the device's own events (`appAnswered`,
/// `appHung`, …). The children's standard output and error are read here, on the
/// caller's thread, as they come (`ChildProcess.readOutput`); their start and exit come from
/// background tasks through an `Inbox`. The device is changed only here, in
/// `exchange`/`settle`/`shutdown`, on the caller's thread (`SharedDevice` is a value passed `inout`), which is why the class is `@unchecked Sendable`:
/// one caller at a time, as with the device itself.
// unchecked: its tables are touched only by exchange, settle and shutdown, one caller at a time with the device it settles (passed inout); the children's tasks reach it only through the Inbox's Mutex
public final class AppBridge: DeviceEffectPerformer, @unchecked Sendable {
    private let options: BridgeOptions
    private let inbox = Inbox()
    /// Requests performed and not sent yet: they go at the next `exchange`, after what the
    /// programs said meanwhile (a process's end comes before its next launch).
    private var requested: [AppRequest] = []
    private var channels: [AppID: AppChannel] = [:]
    /// Process numbers to their app (reports name the process, not the app).
    private var owners: [Int: AppID] = [:]
    private var nextProcessNumber = 1

    public init(options: BridgeOptions = BridgeOptions()) { self.options = options }

    /// Why a program never got through `initialize`, in a line, the first time one did not: it
    /// exited (its status and last standard error line), gave no answer within the handshake's
    /// time limit, or refused the handshake. A program that cannot start fails every run alike,
    /// so a headless caller stops at the first (`hubsim check-app`).
    public private(set) var startFailure: String?

    // MARK: the public surface

    /// Applies `action` to the device and takes its effects, for a caller that drives the device
    /// itself (a headless run, a benchmark): nothing is left for the caller to perform.
    @discardableResult
    public func apply(_ action: DeviceAction, to device: inout SharedDevice) -> Applied {
        let applied = device.apply(action)
        perform(applied.effects)
        return applied
    }

    /// Takes the device's effects (the requests an action sent to programs) to send at the next
    /// `exchange` or `settle`, in order.
    public func perform(_ effects: [DeviceEffect]) {
        for case let .request(request) in effects { requested.append(request) }
    }

    /// Kills the process group of every program of every bridge in this process, and every
    /// process they started (Linux: found in /proc), at once and without waiting: for a command
    /// ended by a signal, which has no time for `shutdown`, and for the end of a command.
    public static func killEveryProgram() { ProcessGroups.killAll() }

    /// Makes this process the subreaper of its descendants (Linux), so that a daemon a program
    /// starts in a session of its own stays hubsim's to end. For hubsim's commands, once, before
    /// the first program starts; not for a process that starts other children it does not watch
    /// (a test runner), which would adopt their daemons too.
    public static func adoptOrphans() { ProcessGroups.adoptOrphans() }

    /// Everything ready, without waiting: takes the requests `perform` was given, starts processes for
    /// `.launch`, sends each app's next event when its previous one is answered, answers the programs'
    /// calls with `device.call(_:from:)`, reports answers, stderr lines, protocol errors, time-outs,
    /// exits, faults and undeliverable events, and answers pending `acquireToken` calls once the
    /// person finished the prompt. Returns whether it changed the device.
    @discardableResult public func exchange(_ device: inout SharedDevice) -> Bool {
        var changed = false
        for var report in inbox.take() {
            // What a program wrote before it ended comes before its end, whose report ends with
            // the last lines it logged.
            if case let .exited(status, _) = report.kind, let id = owners[report.process],
               let process = channels[id]?.process, process.number == report.process {
                changed = readOutput(of: id, atEnd: true, &device) || changed
                report.kind = .exited(status: status, lastLines: process.lastLines)
            }
            changed = handle(report, &device) || changed
        }
        for id in readyOutputs() { changed = readOutput(of: id, &device) || changed }
        let requests = requested
        requested = []
        if !requests.isEmpty { changed = true }
        // One the device dropped since (its process ended or faulted) is not sent.
        for request in requests where device.awaits(request) { accept(request, &device) }
        let now = Self.now()
        for id in channels.keys.sorted() { changed = advance(id, now: now, &device) || changed }
        return changed
    }

    /// Headless (scenarios, check-app, benchmarks): `exchange` until no event is awaited and no
    /// request is pending, blocking on the children's output (no polling sleeps), each event bounded
    /// by its app's time limit (a hung app is reported hung and `settle` returns).
    /// `cancellingPrompts`: nobody is at the device (check-app), so a program's sign-in prompt
    /// is cancelled as it comes up, as a person walking away would, and its `acquireToken`
    /// answered; otherwise the prompt waits for a step that answers it.
    public func settle(_ device: inout SharedDevice, cancellingPrompts: Bool = false) {
        while true {
            exchange(&device)
            if cancellingPrompts, let pending = device.pendingTokenRequest, pending.phase != .promptDismissed, channels[pending.app] != nil {
                _ = performing(&device) { $0.cancelTokenRequest() }
                continue
            }
            guard requested.isEmpty else { continue }
            guard channels.values.contains(where: \.isAwaited) else {
                if inbox.isEmpty { return }
                continue
            }
            waitForPrograms()
        }
    }

    /// Sleeps until a program writes to its standard output, a background task delivers something
    /// (a start, a standard error line, an exit), or the nearest time limit runs out.
    private func waitForPrograms() {
        inbox.wait(until: channels.values.compactMap(\.nextDeadline).min(), outputs: outputs)
    }

    /// The standard outputs and errors of the programs whose start was reported, while they can say more.
    private var outputs: [Int32] { watchedOutputs.map(\.fd) }

    private var watchedOutputs: [(id: AppID, fd: Int32)] {
        channels.keys.sorted().flatMap { id -> [(id: AppID, fd: Int32)] in
            guard let channel = channels[id], channel.pid != nil, let process = channel.process else { return [] }
            return process.outputFDs.map { (id, $0) }
        }
    }

    /// The apps whose programs wrote something not read yet (one `poll(2)` for all of them).
    private func readyOutputs() -> [AppID] {
        let watched = watchedOutputs
        var ready: [AppID] = []
        for (entry, readable) in zip(watched, Inbox.readable(watched.map(\.fd))) where readable && ready.last != entry.id {
            ready.append(entry.id)
        }
        return ready
    }

    /// Takes in what the app's program wrote, without waiting (`atEnd`: it ended, all of it).
    private func readOutput(of id: AppID, atEnd: Bool = false, _ device: inout SharedDevice) -> Bool {
        guard let channel = channels[id], let process = channel.process, channel.pid != nil else { return false }
        var changed = false
        for kind in process.readOutput(atEnd: atEnd) { changed = handle(ChildReport(process: process.number, kind: kind), &device) || changed }
        return changed
    }

    /// An event is awaited or a program's message is unread: the interactive loop polls again soon.
    public var isBusy: Bool {
        !inbox.isEmpty || channels.values.contains(where: \.isAwaited) || Inbox.readable(outputs).contains(true)
    }

    /// A program was reported hung and may still answer: the interactive loop looks now and
    /// then (not every few milliseconds: a hung program must not cost the Hub its idle).
    public var hasHungProgram: Bool {
        channels.values.contains { $0.process != nil && ($0.inFlight?.reportedHung == true || $0.handshake?.reportedHung == true) }
    }

    /// Seconds until the next time limit or grace period runs out (nil: none running).
    public var secondsUntilNextDeadline: Double? {
        guard let next = channels.values.compactMap(\.nextDeadline).min() else { return nil }
        let now = Self.now()
        return next > now ? Double(next - now) / 1e9 : 0
    }

    /// The running programs' process ids (the pane shows them).
    public var processIDs: [AppID: Int32] {
        var ids: [AppID: Int32] = [:]
        for (id, channel) in channels { if let pid = channel.pid, channel.process != nil { ids[id] = pid } }
        return ids
    }

    /// Ends every program (app/terminate, stdin closed, SIGTERM, then SIGKILL of its process group,
    /// each after `graceMilliseconds`), reaps them (no zombie), reports exits to the device.
    public func shutdown(_ device: inout SharedDevice) {
        exchange(&device)
        let now = Self.now()
        for id in channels.keys.sorted() {
            guard var channel = channels[id], let process = channel.process else { continue }
            channel.queue = []
            if channel.stop == nil {
                if channel.handshake == nil {
                    let rpcID = channel.takeRPCID()
                    process.send(RPCMessage.request(id: rpcID, method: .appTerminate, params: .object([:])))
                    channel.stop = .terminating(rpcID: rpcID, deadline: now + grace)
                } else {
                    process.closeInput()
                    channel.stop = .inputClosed(deadline: now + grace)
                }
            }
            channels[id] = channel
        }
        settleStops(&device)
    }

    /// Ends every program at once (SIGKILL to its process group and to what it started), and
    /// reports the exits to the device: for a caller that gave up on them (`startFailure`).
    public func killNow(_ device: inout SharedDevice) {
        exchange(&device)
        let now = Self.now()
        for id in channels.keys.sorted() {
            guard var channel = channels[id], let process = channel.process else { continue }
            process.sendSignal(.kill, group: true)
            channel.queue = []
            channel.stop = .killed(deadline: now + grace)
            channels[id] = channel
        }
        settleStops(&device)
    }

    /// Same, without a device to report to (a signal's exit path): best effort, never blocks > 2 s.
    public func shutdownNow() {
        let live = channels.values.compactMap(\.process)
        guard !live.isEmpty else { return }
        var waiting = Set(live.map(\.number))
        for process in live { process.closeInput(); process.sendSignal(.terminate) }
        let start = Self.now()
        let half: UInt64 = 1_000_000_000
        var killed = false
        while !waiting.isEmpty {
            let now = Self.now()
            if !killed, now >= start + half {
                for process in live where waiting.contains(process.number) { process.sendSignal(.kill, group: true) }
                killed = true
            }
            if now >= start + 2 * half { break }
            inbox.wait(until: killed ? start + 2 * half : start + half)
            for report in inbox.take() {
                if case .exited = report.kind { waiting.remove(report.process) }
            }
        }
        for id in channels.keys { channels[id] = AppChannel(id: id) }
        owners = [:]
    }

    // MARK: events from the device

    private func accept(_ request: AppRequest, _ device: inout SharedDevice) {
        var channel = channels[request.app] ?? AppChannel(id: request.app)
        defer { channels[request.app] = channel }
        if request.event == .launch {
            if let old = channel.process {
                // A cold launch while the old process is still ending: it goes now, and what it
                // was still asked is dropped (the device must not wait for it).
                old.sendSignal(.kill, group: true)
                owners[old.number] = nil
                channel = AppChannel(id: request.app)
            }
            for stale in device.app(request.app)?.process?.awaiting ?? [] where stale.serial < request.serial {
                device.appMissed(request.app, serial: stale.serial, why: "the app's process was replaced")
            }
            let exits = device.app(request.app)?.process?.exitsInARow ?? 0
            if channel.givenUp || exits >= options.maxExitsInARow {
                channel.givenUp = true
                device.appMissed(request.app, serial: request.serial,
                                 why: "ended \(exits) times in a row: not started again until hubsim restarts")
                return
            }
            guard let app = device.app(request.app)?.definition, let command = app.external, !command.exec.isEmpty else {
                device.appMissed(request.app, serial: request.serial, why: "no command to start")
                return
            }
            start(&channel, app: app, command: command, profile: device.profile.id)
            channel.queue = [request]
            return
        }
        guard channel.process != nil, channel.stop == nil else {
            device.appMissed(request.app, serial: request.serial, why: "not running")
            return
        }
        // A hung program that is swiped away is not asked again: it is ended (as iOS ends an
        // app that does not respond), and what waited behind the hung event is dropped.
        if request.event == .terminate, channel.inFlight?.reportedHung == true || channel.handshake?.reportedHung == true {
            for waiting in channel.queue + [request] { device.appMissed(request.app, serial: waiting.serial, why: "the app is hung") }
            channel.handshake = nil
            beginStop(&channel)
            return
        }
        channel.queue.append(request)
    }

    private func start(_ channel: inout AppChannel, app: AppDefinition, command: ExternalProgram, profile: ProfileID) {
        let number = nextProcessNumber
        nextProcessNumber += 1
        let process = ChildProcess(
            number: number, executable: resolve(command.exec[0], executable: true), arguments: Array(command.exec.dropFirst()),
            environment: command.environment, workingDirectory: command.workingDirectory.map { resolve($0, executable: false) } ?? options.baseDirectory,
            limits: ChildProcess.Limits(maxLineBytes: options.maxLineBytes, floodMessagesPerSecond: options.floodMessagesPerSecond),
            inbox: inbox)
        owners[number] = app.id
        channel.process = process
        channel.pid = nil
        channel.stop = nil
        channel.outputClosed = nil
        channel.faulted = false
        channel.inFlight = nil
        channel.pendingTokens = []
        channel.warningsInARow = 0
        channel.nextRPCID = 1
        let rpcID = channel.takeRPCID()
        process.send(RPCMessage.request(id: rpcID, method: .initialize, params: ProtocolMapping.initializeParams(app: app, profile: profile)))
        // The handshake also waits for the program to start (an interpreter, a JVM on a busy machine):
        // the app's time limit plus the grace period.
        let limit = command.timeout + options.graceMilliseconds
        channel.handshake = (rpcID, Self.now() + UInt64(limit) * 1_000_000, false)
    }

    /// A relative program path or folder is the scenario's or catalogue's (`baseDirectory`); a bare
    /// program name is looked up in PATH.
    private func resolve(_ path: String, executable: Bool) -> String {
        if path.hasPrefix("/") { return path }
        if executable, !path.contains("/") { return path }
        guard let base = options.baseDirectory else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    // MARK: what the programs said

    private func handle(_ report: ChildReport, _ device: inout SharedDevice) -> Bool {
        guard let id = owners[report.process], var channel = channels[id], channel.process?.number == report.process else {
            return false
        }
        defer { channels[id] = channel }
        switch report.kind {
        case let .started(pid):
            channel.pid = pid
            device.appStarted(id, pid: pid)
        case let .stderr(line):
            device.appWrote(id, line)
        case let .message(message):
            handle(message, &channel, &device)
        case let .fault(reason):
            fault(&channel, reason, &device)
        case .outputClosed:
            // Its exit usually follows at once, and says how it ended; one that goes on running
            // without a way to answer is stopped when the grace period ends (not "hung").
            if channel.stop == nil, !channel.faulted { channel.outputClosed = Self.now() + grace }
        case let .exited(status, lastLines):
            // Ending after app/terminate (answered or not) is what was asked for.
            let expected = channel.stop != nil || channel.inFlight?.request.event == .terminate
            if channel.handshake != nil, !expected, !channel.faulted, startFailure == nil {
                let last = lastLines.last { !$0.isEmpty }.map { ": " + SharedDevicePrintable.clip($0, to: 200) } ?? ""
                startFailure = "\(status) before answering initialize\(last)"
            }
            if !channel.faulted {
                performing(&device) { $0.appExited(id, status: status, lastLines: lastLines, expected: expected) }
            }
            owners[report.process] = nil
            channel.process = nil
            channel.pid = nil
            channel.handshake = nil
            channel.inFlight = nil
            channel.queue = []
            channel.stop = nil
            channel.pendingTokens = []
            channel.outputClosed = nil
        }
        return true
    }

    private func handle(_ message: RPCMessage, _ channel: inout AppChannel, _ device: inout SharedDevice) {
        guard let process = channel.process, !channel.faulted else { return }
        switch message {
        case let .invalid(id, error):
            process.send(RPCMessage.error(id: id, error))
            warn(&channel, error.message, &device)
        case let .request(id, method, params):
            switch ProtocolMapping.call(method: method, params: params) {
            case let .failure(error):
                if let id { process.send(RPCMessage.error(id: id, error)) }
                // The answer goes to the call it answers; the pane's line names the call.
                warn(&channel, error.code == BridgeErrorCode.invalidParams.rawValue ? "\(SharedDevicePrintable.clip(method)): \(error.message)" : error.message, &device)
            case let .success(call):
                channel.warningsInARow = 0
                let answer = performing(&device) { $0.call(call, from: channel.id) }
                guard let id else { return }  // a notification: run, never answered
                switch answer {
                case .success(.pending): channel.pendingTokens.append(id)
                case let .success(result): process.send(RPCMessage.result(id: id, ProtocolMapping.json(result)))
                case let .failure(error): process.send(RPCMessage.error(id: id, ProtocolMapping.rpcError(error)))
                }
            }
        case let .response(id, result, error):
            answered(id: id, result: result, error: error, &channel, &device)
        }
    }

    private func answered(id: JSONValue, result: JSONValue?, error: RPCError?, _ channel: inout AppChannel, _ device: inout SharedDevice) {
        guard case let .int(rpcID) = id else {
            warn(&channel, "an answer to no request (id \(id.text))", &device)
            return
        }
        if let handshake = channel.handshake, handshake.rpcID == rpcID {
            channel.handshake = nil
            if let error {
                startFailure = startFailure ?? "initialize failed: \(SharedDevicePrintable.clip(error.message, to: 200))"
                fault(&channel, "initialize failed: \(error.message)", &device)
                return
            }
            let version = result?["protocolVersion"]?.stringValue ?? "none"
            guard version == ProtocolMapping.version else {
                let reason = "speaks bridge protocol \(SharedDevicePrintable.clip(version, to: 20)), hubsim speaks \(ProtocolMapping.version)"
                startFailure = startFailure ?? reason
                fault(&channel, reason, &device)
                return
            }
            if case let .array(names)? = result?["callbacks"] {
                device.appImplements(channel.id, optionalCallbacks: names.compactMap(\.stringValue))
            }
            // A late handshake needs no word to the device: the launch goes now, and its answer clears *hung*.
            channel.warningsInARow = 0
            return
        }
        if let inFlight = channel.inFlight, inFlight.rpcID == rpcID {
            channel.inFlight = nil
            channel.warningsInARow = 0
            performing(&device) { $0.appAnswered(channel.id, serial: inFlight.request.serial, method: ProtocolMapping.method(of: inFlight.request.event).name) }
            if let error { device.appWrote(channel.id, "answered \(inFlight.request.event.name) with error \(error.code): \(error.message)") }
            if inFlight.request.event == .terminate { beginStop(&channel) }
            return
        }
        if case let .terminating(stopID, _) = channel.stop, stopID == rpcID {
            beginStop(&channel)
            return
        }
        warn(&channel, "an answer to no request (id \(rpcID))", &device)
    }

    private func warn(_ channel: inout AppChannel, _ problem: String, _ device: inout SharedDevice) {
        channel.warningsInARow += 1
        device.appWarned(channel.id, problem)
        if channel.warningsInARow >= options.maxWarningsInARow {
            fault(&channel, "\(channel.warningsInARow) protocol errors in a row (last: \(problem))", &device)
        }
    }

    /// The program broke the protocol past what is forgiven: the device is told, the process stopped.
    private func fault(_ channel: inout AppChannel, _ reason: String, _ device: inout SharedDevice) {
        guard !channel.faulted else { return }
        channel.faulted = true
        performing(&device) { $0.appFaulted(channel.id, reason: reason) }
        channel.process?.sendSignal(.kill, group: true)
        channel.handshake = nil
        channel.inFlight = nil
        channel.queue = []
        channel.pendingTokens = []
        channel.stop = .killed(deadline: Self.now() + grace)
    }

    // MARK: sending and time limits

    private func advance(_ id: AppID, now: UInt64, _ device: inout SharedDevice) -> Bool {
        guard var channel = channels[id], let process = channel.process else { return false }
        defer { channels[id] = channel }
        var changed = false
        if !channel.pendingTokens.isEmpty, let answer = device.interactiveTokenResult(of: id) {
            for rpcID in channel.pendingTokens {
                switch answer {
                case let .success(result): process.send(RPCMessage.result(id: rpcID, ProtocolMapping.json(result)))
                case let .failure(error): process.send(RPCMessage.error(id: rpcID, ProtocolMapping.rpcError(error)))
                }
            }
            channel.pendingTokens = []
        }
        if let stop = channel.stop {
            if now >= stop.deadline { advanceStop(&channel, stop, now: now, &device) }
            return changed
        }
        if let closed = channel.outputClosed {
            if now >= closed {
                fault(&channel, "closed its standard output and went on running: it can answer nothing more", &device)
                changed = true
            }
            return changed
        }
        if var handshake = channel.handshake {
            if !handshake.reportedHung, now >= handshake.deadline, let launch = channel.queue.first {
                handshake.reportedHung = true
                channel.handshake = handshake
                let limit = (device.app(id)?.definition.external?.timeout ?? ExternalProgram.defaultTimeoutMilliseconds) + options.graceMilliseconds
                startFailure = startFailure ?? "no answer to initialize in \(Self.seconds(limit)) s"
                device.appHung(id, serial: launch.serial)
                changed = true
            }
            return changed
        }
        if var inFlight = channel.inFlight {
            // While the person has the program's sign-in prompt, the program waits for hubsim, not
            // the other way round: its time limit starts again when the prompt is answered.
            if !channel.pendingTokens.isEmpty {
                let timeout = device.app(id)?.definition.external?.timeout ?? ExternalProgram.defaultTimeoutMilliseconds
                inFlight.deadline = now + UInt64(timeout) * 1_000_000
                channel.inFlight = inFlight
                return changed
            }
            if !inFlight.reportedHung, now >= inFlight.deadline {
                inFlight.reportedHung = true
                channel.inFlight = inFlight
                device.appHung(id, serial: inFlight.request.serial)
                changed = true
                // A program that does not answer app/terminate is ended all the same.
                if inFlight.request.event == .terminate { beginStop(&channel) }
            }
            return changed
        }
        if !channel.queue.isEmpty {
            let request = channel.queue.removeFirst()
            let rpcID = channel.takeRPCID()
            process.send(RPCMessage.request(id: rpcID, method: ProtocolMapping.method(of: request.event), params: ProtocolMapping.params(of: request.event)))
            let timeout = device.app(id)?.definition.external?.timeout ?? ExternalProgram.defaultTimeoutMilliseconds
            channel.inFlight = AppChannel.InFlight(rpcID: rpcID, request: request, deadline: now + UInt64(timeout) * 1_000_000)
        }
        return changed
    }

    /// After `app/terminate`: standard input closed; the next steps run on time limits.
    private func beginStop(_ channel: inout AppChannel) {
        channel.queue = []
        channel.process?.closeInput()
        channel.stop = .inputClosed(deadline: Self.now() + grace)
    }

    private func advanceStop(_ channel: inout AppChannel, _ stop: AppChannel.Stop, now: UInt64, _ device: inout SharedDevice) {
        switch stop {
        case .terminating:
            beginStop(&channel)
        case .inputClosed:
            channel.process?.sendSignal(.terminate)
            channel.stop = .signalled(deadline: now + grace)
        case .signalled:
            channel.process?.sendSignal(.kill, group: true)
            channel.stop = .killed(deadline: now + grace)
        case .killed(_, false):
            // The exit report is on its way (a killed process is always reaped): wait once more.
            channel.stop = .killed(deadline: now + grace, late: true)
        case .killed(_, true):
            // A process the kernel cannot end (stuck in the kernel): hubsim stops waiting for it.
            if !channel.faulted {
                performing(&device) { $0.appExited(channel.id, status: "did not end after SIGKILL", lastLines: [], expected: true) }
            }
            if let number = channel.process?.number { owners[number] = nil }
            channel = AppChannel(id: channel.id)
        }
    }

    /// Blocks until every stop under way ended with the process's exit.
    private func settleStops(_ device: inout SharedDevice) {
        while channels.values.contains(where: { $0.process != nil }) {
            exchange(&device)
            guard channels.values.contains(where: { $0.process != nil }) else { return }
            waitForPrograms()
        }
    }

    /// Runs a program's call or a report on the device; what it sent to programs in turn (a
    /// sign-out's notification to the other apps) goes out with the rest.
    @discardableResult
    private func performing<T>(_ device: inout SharedDevice, _ event: (inout SharedDevice) -> T) -> T {
        let (result, sent) = device.sendingRequests(event)
        requested += sent
        return result
    }

    private var grace: UInt64 { UInt64(options.graceMilliseconds) * 1_000_000 }

    /// Milliseconds as seconds in a line: `3`, `2.5`.
    static func seconds(_ milliseconds: Int) -> String {
        let whole = "\(milliseconds / 1000)"
        var digits = String(milliseconds % 1000 + 1000).dropFirst()
        while digits.last == "0" { digits = digits.dropLast() }
        return digits.isEmpty ? whole : whole + "." + digits
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
