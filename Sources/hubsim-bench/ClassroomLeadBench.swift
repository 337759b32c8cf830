import Configuration
import Foundation
import Synchronization
import NIOPosix
import Platform
import Scenarios
#if canImport(Glibc)
import Glibc
#endif

/// `hubsim-bench classroom-lead`: how long the trainer's lead takes to reach every trainee's
/// screen. A real `hubsim classroom` runs on a pseudo-terminal of its own (its console takes the
/// trainer's keys from a terminal), scripted trainees join it over loopback ssh, and the
/// trainer's "next step" key (`n`) is pressed once per step of the lesson. For each press and
/// each trainee: the time from the key to the first byte of the trainee's new screen, and to
/// its last (the frame whole: no byte for 50 ms after it). Beside them, what the devices spent
/// during the lead: their CPU time (schedstat) and the sum of their peak RSS (VmHWM) before and
/// after. Bounded: every wait has a deadline, and the class is ended (SIGTERM) when the run ends.
func classroomLeadBenchmark(trainees count: Int, lesson: String) throws -> [String] {
    let hubsim = try hubsimBesideBench()
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    defer { try? group.syncShutdownGracefully() }
    let classroom = try ConsoleClassroom(hubsim: hubsim, lesson: lesson)
    defer { classroom.end() }
    let port = try classroom.port()
    let steps = try lessonSteps(lesson)
    let (trainees, _) = try ScriptedTrainee.join(count, port: port, group: group)
    defer { for trainee in trainees { trainee.close() } }
    let before = classroom.devices()
    var firstBytes: [Double] = [], wholeFrames: [Double] = [], perPress: [String] = []
    for press in 1...steps {
        // Every screen quiet first, so that what comes after the key is the lead's; then a
        // random moment, as a trainer's key comes: a fixed wait would fall in step with any
        // timer of the devices' (a look every 100 ms found the key always just missed).
        for trainee in trainees { trainee.waitQuiet(0.1) }
        usleep(UInt32.random(in: 0..<100_000))
        for trainee in trainees { trainee.expectAnswer() }
        classroom.press("n")
        var first: [Double] = [], whole: [Double] = []
        for trainee in trainees {
            guard let byte = trainee.waitForEcho(timeout: 10) else { continue }
            first.append(byte)
            whole.append(trainee.waitForFrameEnd(quiet: 0.05))
        }
        guard first.count == trainees.count else {
            throw BenchError("step \(press): \(trainees.count - first.count) of \(trainees.count) screens did not change within 10 s")
        }
        firstBytes += first
        wholeFrames += whole
        perPress.append("\(press): \(ms(middle(whole)))/\(ms(whole.max() ?? 0))")
    }
    let after = classroom.devices()
    // Each device keeps its step in its seat file: every one followed the lead to the end.
    let behind = (0..<count).filter { classroom.position(of: "t\($0)") != steps }
    guard behind.isEmpty else { throw BenchError("\(behind.count) device(s) did not reach step \(steps): t\(behind[0]) first") }
    let cpu = after.cpuSeconds - before.cpuSeconds
    // Then a second with nothing to do: how often the idle devices' frame loops woke anyway.
    for trainee in trainees { trainee.waitQuiet(0.1) }
    let asleep = classroom.wakeUps()
    usleep(1_000_000)
    let idleWakeUps = classroom.wakeUps() - asleep
    return [
        "classroom lead (loopback; \(count) scripted trainees on swift-nio-ssh's client; lesson \(lesson), \(steps) presses of n; \(machineLoad())):",
        "  key to each screen's first byte: median \(ms(middle(firstBytes))) ms, max \(ms(firstBytes.max() ?? 0)) ms (\(firstBytes.count) screens)",
        "  key to each screen whole:        median \(ms(middle(wholeFrames))) ms, max \(ms(wholeFrames.max() ?? 0)) ms",
        "  per press, screen whole median/max ms: " + perPress.joined(separator: "  "),
        "  the devices during the lead: CPU \(String(format: "%.2f", cpu)) s in all (\(ms(cpu / Double(count * steps))) ms a device a step);"
            + " sum of peak RSS (VmHWM) \(mb(before.peakKB)) MB after the joins, \(mb(after.peakKB)) MB after the lead"
            + " (largest device \(mb(after.largestPeakKB)) MB)",
        "  idle, a second after the lead: the devices' frame loops woke \(idleWakeUps) times in all (their main threads' voluntary context switches)",
    ]
}

/// The steps of a shipped lesson (by name) or a lesson file, as the classroom loads it.
private func lessonSteps(_ lesson: String) throws -> Int {
    let source: ScenarioSource
    if lesson.hasSuffix(".yaml") || lesson.hasSuffix(".yml") || lesson.contains("/") {
        source = .file(lesson)
    } else if let file = BundledAssets.lessonFiles().first(where: { $0.name == lesson }) {
        source = .bundled(file)
    } else {
        throw BenchError("lesson '\(lesson)' is not shipped (hubsim lesson --list) nor a file")
    }
    do throws(ConfigError) {
        return try ScenarioRunner(hasher: ScryptHasher(logN: 10)).lessons.load(source).steps.count
    } catch {
        throw BenchError(error.description)
    }
}

/// kB as MB with one decimal.
private func mb(_ kb: Int) -> String { String(format: "%.1f", Double(kb) / 1024) }

/// The console's screen, read and thrown away by a thread of its own until `stop`, so that the
/// console never waits for its terminal. The terminal is read only under the lock, and `stop`
/// closes it under the same lock: the thread never reads a closed descriptor.
final class ConsoleDrain: Sendable {
    private let state: Mutex<(terminal: PseudoTerminal, stopping: Bool)>

    init(_ terminal: PseudoTerminal) {
        state = Mutex((terminal, false))
        let thread = Thread { [self] in
            while state.withLock({ s in
                guard !s.stopping else { return false }
                _ = s.terminal.read(waitingAtMost: 50)
                return true
            }) {}
        }
        thread.name = "bench console"
        thread.start()
    }

    /// Stops the reading (within one 50 ms read) and closes the terminal's master.
    func stop() {
        state.withLock { s in
            s.stopping = true
            s.terminal.closeMaster()
        }
    }
}

/// `hubsim classroom` on a pseudo-terminal of the bench's, as the trainer runs it: the console
/// takes the trainer's keys, and `ConsoleDrain` reads its screen.
final class ConsoleClassroom {
    let folder = NSTemporaryDirectory() + "hubsim-bench-lead-\(getpid())-\(UUID().uuidString.prefix(6))"
    private let drain: ConsoleDrain
    private let master: Int32
    let pid: pid_t

    init(hubsim: String, lesson: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["HUBSIM_CLASS_CODE"] = ScriptedTrainee.code
        let command = [hubsim, "classroom", "--lesson", lesson, "--class-dir", folder, "--port", "0", "--max", "200"]
        let terminal = try PseudoTerminal(command: command, environment: environment.map { "\($0.key)=\($0.value)" }, columns: 80, rows: 24)
        master = terminal.master
        pid = terminal.pid
        drain = ConsoleDrain(terminal)
    }

    /// The class's log (`class.log` in its folder).
    var log: String { (try? String(contentsOfFile: folder + "/class.log", encoding: .utf8)) ?? "" }

    /// The port from the log's first line ("class NAME open on ADDRESS port N").
    func port() throws -> Int {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let range = log.range(of: " port "), let port = Int(log[range.upperBound...].prefix { $0.isNumber }) { return port }
            usleep(20_000)
        }
        throw BenchError("the classroom did not open: \(log)")
    }

    func press(_ key: String) {
        let bytes = Array(key.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// What each trainee's device (`hubsim lesson … --class-seat FOLDER/NAME.device`) has spent
    /// so far: CPU seconds (schedstat), and the sum and largest of their peak RSS (VmHWM, kB).
    func devices() -> (cpuSeconds: Double, peakKB: Int, largestPeakKB: Int) {
        var cpu = 0.0, peak = 0, largest = 0
        for pid in BenchClassroom.processes(withArgument: folder + "/t", containing: true) {
            let ns = BenchClassroom.read("/proc/\(pid)/schedstat").split(separator: " ").first.flatMap { Double($0) } ?? 0
            cpu += ns / 1e9
            let status = BenchClassroom.read("/proc/\(pid)/status")
            let hwm = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
                .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
            peak += hwm
            largest = max(largest, hwm)
        }
        return (cpu, peak, largest)
    }

    /// The times the devices' main threads (their frame loops) have slept and been woken so
    /// far: their voluntary context switches (proc(5)).
    func wakeUps() -> Int {
        BenchClassroom.processes(withArgument: folder + "/t", containing: true).reduce(0) { sum, pid in
            let status = BenchClassroom.read("/proc/\(pid)/task/\(pid)/status")
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return sum + (line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0)
        }
    }

    /// The step a trainee's device file keeps (`position`), nil when there is none.
    func position(of trainee: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: folder + "/\(trainee).device"),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["position"] as? Int
    }

    private var ended = false

    /// Ends the class as a trainer's Ctrl-C does (SIGTERM), killing it after 15 s; the folder
    /// is removed unless HUBSIM_BENCH_KEEP is set. Once.
    func end() {
        guard !ended else { return }
        ended = true
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(15)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 && Date() < deadline { usleep(20_000) }
        if Date() >= deadline { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        drain.stop()
        if ProcessInfo.processInfo.environment["HUBSIM_BENCH_KEEP"] == nil {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}
