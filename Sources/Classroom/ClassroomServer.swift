import Foundation
import HubUI
import NIOCore
import NIOPosix
import NIOSSH
import Synchronization

/// What a class is: the lesson, where it listens, the code, the host key, its limits, and how
/// a trainee's child is started.
public struct ClassroomConfiguration: Sendable {
    public struct Limits: Sendable {
        /// `--max`: trainees at once.
        public var trainees = 100
        /// Connections still authenticating at once.
        public var unauthenticated = 32
        /// Seconds a connection has to give the class code.
        public var authenticationSeconds = 30
        public init() {}
    }

    /// How a trainee's child is started: its arguments (the first an absolute path) and its
    /// whole environment.
    public struct Launch: Sendable {
        public var arguments: [String]
        public var environment: [String: String]
        public init(arguments: [String], environment: [String: String]) {
            self.arguments = arguments
            self.environment = environment
        }
    }

    public var className: String
    public var listen: String
    public var port: Int
    public var code: ClassCode
    public var hostKey: HostKey
    public var limits = Limits()
    /// Keys let in without the class code (`--authorized-keys`); empty: the code only.
    public var authorizedKeys = AuthorizedKeys()
    /// The lead the class starts at (a restarted class's, from `ClassLeadFile`), and where
    /// each lead the trainer gives is kept (nil: not kept).
    public var lead: ClassLeadFile?
    public var leadPath: String?
    /// The child of a trainee, for their name, terminal type and kept environment.
    public var launch: @Sendable (TraineeName, String, [String: String]) -> Launch

    public init(className: String, listen: String, port: Int, code: ClassCode, hostKey: HostKey,
                launch: @escaping @Sendable (TraineeName, String, [String: String]) -> Launch) {
        self.className = className
        self.listen = listen
        self.port = port
        self.code = code
        self.hostKey = hostKey
        self.launch = launch
    }
}

/// What happens to a seat, for the trainer's console.
public enum SeatEvent: Sendable {
    /// Authenticated and admitted; the device is starting.
    case joined(String)
    /// What the trainee's device reports (`trainee/status`).
    case status(String, TraineeStatus)
    /// The trainee typed (reported at most once a second).
    case input(String)
    /// Left or dropped; the device is kept.
    case away(String)
    /// The device ended abnormally (one line why); it is kept.
    case crashed(String, String)
    /// The trainee's client has not taken its output for `ClassroomServer.notReadingSeconds`
    /// (its SSH window is full): the device waits on its own terminal.
    case notReading(String)
    /// The trainee's client reads again after `notReading`.
    case reading(String)
    /// A frame of the trainee the trainer watches (`watch`): their screen, cell for cell.
    case frame(String, CellGrid)
}

/// The classroom's SSH server (swift-nio-ssh): one event loop per core, a `TraineeChannel` per
/// session, the seats in a `ClassRegistry`. Loopback unless told otherwise (`--listen`).
public final class ClassroomServer: Sendable {
    public let configuration: ClassroomConfiguration
    let registry = ClassRegistry()
    let throttle = AttemptThrottle()
    let group: MultiThreadedEventLoopGroup
    private let channel = Mutex<(any Channel)?>(nil)
    private let boundPort = Mutex(0)
    private let logger: @Sendable (String) -> Void
    private let observer: @Sendable (SeatEvent) -> Void
    /// The trainer's lead, which a trainee joining late is given too; kept in the class folder.
    private let currentLead: Mutex<ClassLeadFile>

    /// The trainee the trainer's console mirrors, the one shown to the class, and the shown
    /// screen's last frame (for a trainee who joins during the show).
    private struct Screens {
        var watching: String?
        var showing: String?
        var shown: CellGrid?
    }

    private let screens = Mutex(Screens())

    /// Seconds a child may take to save and exit once its terminal has closed.
    static let reapSeconds = 5.0

    /// Seconds a trainee's channel stays full before the trainer's tile says "not reading":
    /// longer than a slow Wi-Fi hiccup, short enough that the trainer sees it before asking.
    static let notReadingSeconds = 5.0

    public init(configuration: ClassroomConfiguration, log: @escaping @Sendable (String) -> Void,
                events: @escaping @Sendable (SeatEvent) -> Void = { _ in }) {
        self.configuration = configuration
        self.logger = log
        self.observer = events
        currentLead = Mutex(configuration.lead ?? ClassLeadFile(lesson: configuration.className))
        group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, min(4, System.coreCount)))
    }

    func log(_ line: String) { logger(line) }
    func observe(_ event: SeatEvent) { observer(event) }

    var lead: ClassLead { currentLead.withLock { $0.lead } }

    /// The trainer's lead, to every trainee's device (`class/lead`), and kept in the class
    /// folder for a restart (a file that cannot be written is one line in the log).
    public func lead(_ lead: ClassLead) {
        let kept = currentLead.withLock { current in
            current = current.following(lead)
            return current
        }
        if let path = configuration.leadPath {
            do { try kept.write(to: path) } catch {
                log("the class's lead cannot be kept in \(path); a restart would start at step 0: check the class folder")
            }
        }
        let line = ControlLine.lead(lead)
        for seat in registry.allSeats { seat.order(.send(line)) }
    }

    /// One trainee's device back to the lesson's start (`class/reset`).
    public func reset(_ name: String) { registry.seat(name)?.order(.send(ControlLine.reset)) }

    /// The trainer answered a raised hand.
    public func lowerHand(_ name: String) { registry.seat(name)?.order(.send(ControlLine.lowerHand)) }

    /// The trainer mirrors `name`'s screen (nil: no one's): their child sends its frames
    /// (`class/watch`), which come back as `SeatEvent.frame`.
    public func watch(_ name: String?) {
        let old = screens.withLock { s in
            defer { s.watching = name }
            return s.watching
        }
        updateWatch(old)
        updateWatch(name)
    }

    /// Shows `name`'s screen, read-only, to every other trainee (`class/show`); nil ends the
    /// show. The shown trainee's child sends its frames while shown, and each goes to the class.
    public func show(_ name: String?) {
        let old = screens.withLock { s in
            defer { s.showing = name; s.shown = nil }
            return s.showing
        }
        updateWatch(old)
        updateWatch(name)
        let line = ControlLine.show(name: name, grid: nil), none = ControlLine.show(name: nil, grid: nil)
        for (trainee, seat) in registry.namedSeats { seat.order(.send(trainee == name ? none : line)) }
    }

    /// Tells `name`'s child whether its frames are wanted (mirrored or shown).
    private func updateWatch(_ name: String?) {
        guard let name else { return }
        let on = screens.withLock { $0.watching == name || $0.showing == name }
        registry.seat(name)?.order(.send(ControlLine.watch(on)))
    }

    /// A frame from `name`'s child: to the trainer's mirror, to the class when shown.
    func frame(_ name: String, _ grid: CellGrid) {
        let (mirrored, shown) = screens.withLock { s in
            if s.showing == name { s.shown = grid }
            return (s.watching == name, s.showing == name)
        }
        if mirrored { observe(.frame(name, grid)) }
        guard shown else { return }
        let line = ControlLine.show(name: name, grid: grid)
        for (trainee, seat) in registry.namedSeats where trainee != name { seat.order(.send(line)) }
    }

    /// What a trainee's child is told as it starts: the lead, the watch and show as they stand,
    /// and `note`, a line for them alone.
    func greeting(_ name: String, note: String? = nil) -> [String] {
        let (watched, showing, shown) = screens.withLock { s in
            (s.watching == name || s.showing == name, s.showing, s.shown)
        }
        var lines = [ControlLine.lead(lead)]
        if watched { lines.append(ControlLine.watch(true)) }
        if let showing, showing != name { lines.append(ControlLine.show(name: showing, grid: shown)) }
        if let note { lines.append(ControlLine.note(note)) }
        return lines
    }

    /// Ends one trainee's session; the device is kept.
    public func disconnect(_ name: String) {
        registry.seat(name)?.order(.disconnect("the trainer ended your session; your device is kept: \(joinCommand(name: name)) to come back"))
    }

    /// The port it listens on, once started.
    public var port: Int { boundPort.withLock { $0 } }

    /// The command a trainee types, for a line on their screen.
    func joinCommand(name: String) -> String {
        "'ssh -p \(port) \(name)@\(Self.joinAddresses(listen: configuration.listen)[0])'"
    }

    /// Binds and listens. A port in use or an address that is not this machine's is one line.
    public func start() throws(ClassroomProblem) {
        let hostKey = configuration.hostKey.sshKey
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.so_keepalive), value: 1)
            .childChannelOption(ChannelOptions.socket(IPPROTO_TCP, TCP_NODELAY), value: 1)
            // Keepalives end a half-open session (a laptop closed, Wi-Fi gone) within about a minute.
            .childChannelOption(ChannelOptions.socket(IPPROTO_TCP, TCP_KEEPIDLE), value: 30)
            .childChannelOption(ChannelOptions.socket(IPPROTO_TCP, TCP_KEEPINTVL), value: 10)
            .childChannelOption(ChannelOptions.socket(IPPROTO_TCP, TCP_KEEPCNT), value: 3)
            .childChannelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    let facts = ConnectionFacts(address: channel.remoteAddress?.ipAddress ?? "?")
                    var server = SSHServerConfiguration(hostKeys: [hostKey], userAuthDelegate: ClassCodeGate(connection: facts, server: self))
                    server.maxAuthAttempts = 10
                    let connectionGuard = ConnectionGuard(server: self, facts: facts)
                    // A server's NIOSSHHandler fires no event when it lets a client in; a client
                    // opens its session only once in, so that is when the deadline ends.
                    let boundGuard = NIOLoopBound(connectionGuard, eventLoop: channel.eventLoop)
                    let handler = NIOSSHHandler(role: .server(server), allocator: channel.allocator) { child, type in
                        guard type == .session else {
                            // Port forwarding, in either direction: refused.
                            return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
                        }
                        return child.eventLoop.makeCompletedFuture {
                            boundGuard.value.authenticated()
                            try child.pipeline.syncOperations.addHandler(TraineeChannel(server: self, facts: facts))
                        }
                    }
                    try channel.pipeline.syncOperations.addHandlers([handler, connectionGuard])
                }
            }
        do {
            let listening = try bootstrap.bind(host: configuration.listen, port: configuration.port).wait()
            channel.withLock { $0 = listening }
            boundPort.withLock { $0 = listening.localAddress?.port ?? configuration.port }
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            try? group.syncShutdownGracefully()
            throw ClassroomProblem("port \(configuration.port) on \(configuration.listen) is in use (another class?); choose another with --port")
        } catch {
            try? group.syncShutdownGracefully()
            throw ClassroomProblem("cannot listen on \(configuration.listen) port \(configuration.port): \(error); check --listen and --port")
        }
    }

    /// Names of the trainees connected now.
    public var connected: [String] { registry.connectedNames }

    /// Ends the class: every session gets `line`, every child saves and exits (killed after
    /// `reapSeconds` if it does not), then the server stops listening. Returns when all are gone.
    public func stop(line: String) {
        let seats = registry.close()
        _ = try? channel.withLock { $0 }?.close().wait()
        for seat in seats { seat.order(.end(line)) }
        let deadline = Self.monotonicSeconds() + Self.reapSeconds + 1
        while !registry.connectedNames.isEmpty && Self.monotonicSeconds() < deadline {
            usleep(20_000)
        }
        // The last lines reach the trainees before the connections close.
        usleep(100_000)
        try? group.syncShutdownGracefully()
    }

    static func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

extension ClassroomServer {
    /// The addresses trainees can reach the class at, for the join line: the one given to
    /// `--listen`, or for a wildcard (0.0.0.0, ::) every address of this machine but loopback
    /// (loopback when there is no other). Addresses, not a host name a room's network may not resolve.
    public static func joinAddresses(listen: String) -> [String] {
        guard listen == "0.0.0.0" || listen == "::" else { return [listen] }
        let devices = (try? System.enumerateDevices()) ?? []
        var found: [String] = []
        for device in devices {
            guard let address = device.address?.ipAddress, !address.hasPrefix("127."), address != "::1",
                  !address.lowercased().hasPrefix("fe80"), !found.contains(address) else { continue }
            if listen == "0.0.0.0", address.contains(":") { continue }
            found.append(address.contains(":") ? "[\(address)]" : address)
        }
        return found.isEmpty ? ["127.0.0.1"] : found
    }
}
