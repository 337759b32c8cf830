import Foundation
import Platform
import NIOPosix
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `hubsim-bench classroom-storm [--kills 100] [--trainees 30]`: one trainee's `ssh` killed
/// again and again during a resize storm while the rest of a class types. A real `hubsim
/// classroom` on loopback; all trainees but one are scripted (swift-nio-ssh's client, as in
/// `hubsim-bench classroom`) and press a key round after round the whole time; the last seat
/// is a victim: OpenSSH's `ssh -tt` on a pseudo-terminal of the bench's own, let in by an
/// ed25519 key the bench makes (`--authorized-keys`), whose terminal goes through a burst of
/// sizes (0x0 to 65535x65535, each forwarded as a window change) and whose `ssh` is killed
/// (SIGKILL) in the middle of it, while a frame is on its way.
///
/// It fails (one line naming what) when a scripted trainee's keys stop echoing (fewer than 90%
/// within 2 s during the storm), the classroom dies, its log does not say a victim
/// disconnected, a victim's device is not kept, a victim's `hubsim` child outlives its session
/// by more than the classroom's reap deadline, the classroom holds more descriptors after the
/// kills than before them, the class does not end on SIGTERM (within 15 s), or a process is
/// left behind. It prints the others' echo before and during the storm, and what the classroom
/// holds (descriptors, memory) before and after. Bounded: every wait has a deadline, the whole
/// run `runSeconds`; every process it starts is reaped; its folder is removed unless
/// HUBSIM_BENCH_KEEP is set.
func classroomStormBenchmark(kills: Int, trainees count: Int) throws -> [String] {
    let start = ClassroomStorm.now()
    let hubsim = try hubsimBesideBench()
    guard let ssh = ClassroomStorm.which("ssh"), ClassroomStorm.which("ssh-keygen") != nil else {
        throw BenchError("classroom-storm needs OpenSSH's ssh and ssh-keygen: install openssh-client")
    }
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    defer { try? group.syncShutdownGracefully() }
    let classroom = try BenchClassroom(hubsim: hubsim) { folder in
        let key = folder + "/victim_ed25519"
        try ClassroomStorm.runQuietly(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "hubsim-bench", "-f", key])
        try FileManager.default.copyItem(atPath: key + ".pub", toPath: folder + "/authorized_keys")
        return ["--authorized-keys", folder + "/authorized_keys"]
    }
    defer { classroom.end() }
    let storm = ClassroomStorm(classroom: classroom, ssh: ssh, port: try classroom.port())
    defer { storm.killVictim() }

    let (trainees, _) = try ScriptedTrainee.join(count - 1, port: storm.port, group: group)
    defer { for trainee in trainees { trainee.close() } }
    var quiet: [Double] = []
    // 20 quiet rounds first, as `hubsim-bench classroom` measures a class.
    for _ in 0..<20 {
        try ClassroomStorm.withinRun(since: start, "before the storm")
        quiet += ScriptedTrainee.round(trainees).compactMap { $0 }
    }
    guard quiet.count >= trainees.count * 20 * 9 / 10 else {
        throw BenchError("before the storm, only \(quiet.count) of \(trainees.count * 20) keys echoed within 2 s")
    }

    // What the classroom holds with the class joined, to compare after the kills.
    let before = (descriptors: classroom.descriptors, resident: BenchClassroom.resident("\(classroom.pid)") ?? 0)
    let rounds = EchoRounds(trainees)
    defer { _ = rounds.stop() }
    let began = ClassroomStorm.now()
    for kill in 0..<kills {
        try ClassroomStorm.withinRun(since: start, "after \(kill) of \(kills) kills")
        try storm.kill(kill)
    }
    let took = ClassroomStorm.now() - began
    let during = rounds.stop()
    let echoes = during.flatMap { $0.compactMap { $0 } }
    for (i, keys) in during.enumerated() {
        let echoed = keys.count { ($0 ?? .infinity) <= 2 }
        guard !keys.isEmpty, echoed * 10 >= keys.count * 9 else {
            throw BenchError("t\(i)'s keys stopped echoing during the storm: \(echoed) of \(keys.count) within 2 s")
        }
    }
    let worst = during.map { keys in Double(keys.count { ($0 ?? .infinity) <= 2 }) / Double(max(1, keys.count)) }.min() ?? 0
    let devices = try storm.finish()
    let after = (descriptors: classroom.descriptors, resident: BenchClassroom.resident("\(classroom.pid)") ?? 0)
    // A descriptor kept per kill (a relay, a pipe, a terminal not closed) adds up; a few may be
    // in flight (a scripted trainee's connection being registered).
    guard after.descriptors <= before.descriptors + 4 else {
        throw BenchError("the classroom holds \(after.descriptors) descriptors after \(kills) kills, \(before.descriptors) before them: one kept per kill?")
    }
    let load = machineLoad()
    guard classroom.end() else { throw BenchError("the classroom did not end within 15 s of SIGTERM after the storm (killed)") }
    try storm.nothingLeft()

    let keys = during.reduce(0) { $0 + $1.count }
    return [
        "classroom storm (loopback; \(trainees.count) scripted trainees typing on swift-nio-ssh's client, the last seat OpenSSH's ssh -tt, killed):",
        "  \(kills) kills in \(String(format: "%.1f", took)) s (victim's join median \(ms(middle(storm.joins))) ms;"
            + " \(storm.midFrame) killed while output was arriving); \(ClassroomStormPlan.cycle.count * 2) resizes a kill, 0x0 to 65535x65535",
        "  the others' echo, quiet: median \(ms(middle(quiet))) ms, p99 \(ms(percentile99(quiet))) ms (\(quiet.count) keys);"
            + " during the storm: median \(ms(echoes.isEmpty ? 0 : middle(echoes))) ms, p99 \(ms(percentile99(echoes))) ms"
            + " (\(grouped(keys)) keys; the worst trainee \(String(format: "%.1f", worst * 100))% within 2 s)",
        "  the classroom lived: descriptors \(before.descriptors) before, \(after.descriptors) after; resident"
            + " \(before.resident / 1024) MB before, \(after.resident / 1024) MB after",
        "  every kill logged as a disconnect; \(devices) devices kept; each child gone within"
            + " \(Int(ClassroomStorm.reapSeconds)) s; nothing left behind; \(load)",
    ]
}

/// `hubsim` beside this `hubsim-bench` (the two are built together).
func hubsimBesideBench() throws -> String {
    let hubsim = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("hubsim").path
    guard FileManager.default.isExecutableFile(atPath: hubsim) else { throw BenchError("no hubsim beside hubsim-bench at \(hubsim); build it first") }
    return hubsim
}

/// The victim's side of the storm: its `ssh` on a pseudo-terminal, the burst, the kill, and
/// what the classroom must show after each.
final class ClassroomStorm {
    /// The whole run's bound, from the start to the last kill (then the ends: the rounds, the
    /// reaps and the class's end have bounds of their own). Within `.ci/run`'s cut at 7 minutes
    /// with them, so that the bench, not the cut, ends the class and reaps every process.
    static let runSeconds = 240.0

    static func withinRun(since start: Double, _ when: String) throws {
        guard now() - start < runSeconds else { throw BenchError("the storm ran past its \(Int(runSeconds)) s, \(when)") }
    }
    /// A victim's join, from `ssh` started to its first frame.
    static let joinSeconds = 20.0
    /// The classroom's reap deadline (5 s after the child's terminal closes) with a margin.
    static let reapSeconds = 8.0

    let classroom: BenchClassroom
    let ssh: String
    let port: Int
    private(set) var joins: [Double] = []
    private(set) var midFrame = 0
    private var victim: PseudoTerminal?
    /// When each victim's `ssh` was last killed.
    private var killedAt: [String: Double] = [:]
    private var logged: [String: Int] = [:]

    init(classroom: BenchClassroom, ssh: String, port: Int) {
        self.classroom = classroom
        self.ssh = ssh
        self.port = port
    }

    /// One victim joins, its terminal is resized through the burst, and its `ssh` is killed at
    /// the plan's point; then the classroom must still run and log the disconnect.
    func kill(_ kill: Int) throws {
        let name = ClassroomStormPlan.victim(kill: kill)
        try childGone(name)
        let started = Self.now()
        var terminal = try PseudoTerminal(
            command: [ssh, "-tt", "-F", "/dev/null", "-p", "\(port)", "-i", classroom.folder + "/victim_ed25519",
                      "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
                      "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "\(name)@127.0.0.1"],
            environment: ["TERM=xterm-256color", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"], columns: 80, rows: 24)
        victim = terminal
        var output: [UInt8] = []
        // The first frame: the lesson's step line (as the scripted trainees wait for it).
        while !String(decoding: output, as: UTF8.self).contains("step 0") {
            guard !terminal.atEnd, Self.now() - started < Self.joinSeconds else {
                throw BenchError("kill \(kill): \(name) saw no first frame in \(Int(Self.joinSeconds)) s: \(Self.tail(output))")
            }
            output += terminal.read(waitingAtMost: 20)
        }
        joins.append(Self.now() - started)

        let point = ClassroomStormPlan.killPoint(kill: kill)
        for (i, size) in ClassroomStormPlan.sizes(kill: kill).enumerated() {
            terminal.resize(columns: size.columns, rows: size.rows)
            if i < point {
                _ = terminal.read(waitingAtMost: 2)
                continue
            }
            // Killed as soon as output comes: a frame is on its way.
            var arriving = false
            let wait = Self.now() + 0.3
            while !arriving && Self.now() < wait && !terminal.atEnd { arriving = !terminal.read(waitingAtMost: 10).isEmpty }
            if arriving { midFrame += 1 }
            break
        }
        Glibc.kill(terminal.pid, SIGKILL)
        terminal.reap()
        terminal.closeMaster()
        victim = nil
        killedAt[name] = Self.now()

        logged[name, default: 0] += 1
        let expected = logged[name]!
        let deadline = Self.now() + 10
        while ClassroomStormPlan.disconnections(of: name, in: classroom.log) < expected {
            guard classroom.isRunning else { throw BenchError("kill \(kill): the classroom died: \(Self.tail(Array(classroom.output.utf8)))") }
            guard Self.now() < deadline else {
                throw BenchError("kill \(kill): the class's log does not say \(name) disconnected: \(Self.tail(Array(classroom.log.utf8)))")
            }
            usleep(10_000)
        }
        guard classroom.isRunning else { throw BenchError("kill \(kill): the classroom died: \(Self.tail(Array(classroom.output.utf8)))") }
    }

    /// Waits until `name`'s last device child has exited, within the reap deadline of its kill.
    private func childGone(_ name: String) throws {
        guard let killed = killedAt[name] else { return }
        let device = classroom.folder + "/\(name).device"
        var waited = false
        while let pid = BenchClassroom.processes(withArgument: device).first {
            guard Self.now() - killed < Self.reapSeconds else {
                throw BenchError("\(name)'s hubsim child (pid \(pid)) still runs \(Int(Self.reapSeconds)) s after its ssh was killed")
            }
            waited = true
            usleep(10_000)
        }
        // Gone from /proc; the classroom frees the seat when it has reaped it (it looks every 20 ms).
        if waited { usleep(100_000) }
    }

    /// After the last kill: every victim's child gone, every device kept and readable. The
    /// number of devices.
    func finish() throws -> Int {
        var devices = 0
        for name in Set((0..<ClassroomStormPlan.victims).map { ClassroomStormPlan.victim(kill: $0) }) where killedAt[name] != nil {
            try childGone(name)
            let path = classroom.folder + "/\(name).device"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8), text.contains("\"trainee\":\"\(name)\"") else {
                throw BenchError("\(name)'s device is missing or unreadable after the kills (\(path))")
            }
            devices += 1
        }
        return devices
    }

    /// After the classroom has ended: no process of the class (its children, an `ssh`) and no
    /// child of the bench left.
    func nothingLeft() throws {
        let deadline = Self.now() + 5
        while true {
            let left = BenchClassroom.processes(withArgument: classroom.folder, containing: true) + BenchClassroom.children()
            if left.isEmpty { return }
            guard Self.now() < deadline else {
                let names = Set(left).sorted().map { "\($0) (\(BenchClassroom.read("/proc/\($0)/comm").trimmingCharacters(in: .whitespacesAndNewlines)))" }
                throw BenchError("processes left behind after the class ended: \(names.joined(separator: ", "))")
            }
            usleep(20_000)
        }
    }

    /// The victim's `ssh`, if one is running (a run that fails half-way): killed and reaped.
    func killVictim() {
        guard var terminal = victim else { return }
        Glibc.kill(terminal.pid, SIGKILL)
        terminal.reap()
        terminal.closeMaster()
        victim = nil
    }

    /// The last of `bytes` as one printable line.
    static func tail(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.suffix(300), as: UTF8.self).unicodeScalars.map { $0.value >= 0x20 && $0.value != 0x7F ? Character($0) : " " }
        return String(text).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    static func now() -> Double { ScriptedTrainee.now() }

    /// The program `name` on PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `arguments` (the first found on PATH) with no input or output; an error unless it succeeds.
    static func runQuietly(_ arguments: [String]) throws {
        let spawn = Spawn(descriptors: [(0, .open("/dev/null", flags: O_RDONLY)), (1, .open("/dev/null", flags: O_WRONLY)), (2, .duplicate(1))],
                          searchPath: true)
        var status: Int32 = 0
        guard let pid = try? spawn.start(arguments, environment: ProcessInfo.processInfo.environment),
              waitpid(pid, &status, 0) == pid, status == 0 else {
            throw BenchError("\(arguments[0]) failed: \(arguments.joined(separator: " "))")
        }
    }
}

/// The scripted trainees' rounds on a thread of their own while the storm runs: each trainee's
/// echoes, nil for a key not echoed.
final class EchoRounds: Sendable {
    private struct State {
        var running = true
        var finished = false
        var echoes: [[Double?]]
    }

    private let state: Mutex<State>
    private let stopped = Mutex(false)

    init(_ trainees: [ScriptedTrainee]) {
        state = Mutex(State(echoes: Array(repeating: [], count: trainees.count)))
        Thread.detachNewThread { [self] in
            while state.withLock({ $0.running }) {
                let round = ScriptedTrainee.round(trainees)
                state.withLock { s in for (i, echo) in round.enumerated() { s.echoes[i].append(echo) } }
            }
            state.withLock { $0.finished = true }
        }
    }

    /// Ends the rounds after the one under way (at most 2 s a trainee) and returns every echo.
    func stop() -> [[Double?]] {
        let first = stopped.withLock { was in
            defer { was = true }
            return !was
        }
        state.withLock { $0.running = false }
        // The thread ends after its round (each key waits at most 2 s): looked for every 10 ms.
        let deadline = Date().addingTimeInterval(120)
        while first, !state.withLock({ $0.finished }), Date() < deadline { usleep(10_000) }
        return state.withLock { $0.echoes }
    }
}
