import ArgumentParser
import Foundation

/// hubsim-bench: the budgets in Docs/performance.md, measured. `hubsim-bench [BENCHMARK]` runs
/// one benchmark or all of them; `probe` measures any program in a pseudo-terminal; the two
/// helpers Scripts/first-frame and the bridge benchmark start are subcommands too.
@main
struct HubsimBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hubsim-bench",
        abstract: "The budgets of Docs/performance.md, measured (release build).",
        subcommands: [Benchmarks.self, Probe.self, ClassroomBench.self, ClassroomLeadBench.self, ClassroomStormBench.self, AgedDevice.self, BridgeResponder.self],
        defaultSubcommand: Benchmarks.self
    )
}

/// One benchmark, or all of them in this order.
enum Benchmark: String, CaseIterable, ExpressibleByArgument {
    case engine, store, scenarios, recording, lesson, memory, views, frames, bridge, all

    /// The benchmarks `self` names, in the order they run.
    var members: [Benchmark] { self == .all ? Benchmark.allCases.filter { $0 != .all } : [self] }

    /// The lines of one benchmark (not `all`, whose members each print their own).
    func lines() async throws -> [String] {
        switch self {
        case .engine: return try engineBenchmark()
        case .store: return try storeBenchmark()
        case .scenarios: return try await scenarioBenchmark()
        case .recording: return try recordingBenchmark()
        case .lesson: return try lessonBenchmark()
        case .memory: return try await memoryBenchmark()
        case .views: return try viewsBenchmark()
        case .frames: return try framesBenchmark()
        case .bridge: return try bridgeBenchmark()
        case .all:
            var lines: [String] = []
            for member in members { lines += try await member.lines() }
            return lines
        }
    }
}

/// `hubsim-bench [BENCHMARK]`: each line as it is measured.
struct Benchmarks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run one benchmark, or all of them (the default)."
    )

    @Argument(help: "engine, store, scenarios, recording, lesson, memory, views, frames, bridge or all.")
    var benchmark: Benchmark = .all

    func run() async throws {
        do {
            // Printed as each benchmark ends, so a slow one shows the lines before it.
            for bench in benchmark.members { for line in try await bench.lines() { print(line) } }
        } catch {
            FileHandle.standardError.write(Data("hubsim-bench: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

/// `hubsim-bench classroom [COUNT…]`: a class over loopback ssh (ClassroomBench.swift), 1, 10
/// 30 and 100 trainees unless counts are given.
struct ClassroomBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classroom",
        abstract: "Join time, keystroke to echo, memory per trainee and the console's frame, for a class over loopback ssh."
    )

    @Argument(help: "Class sizes to measure, each 1 to 200 (default: 1 10 30 100).")
    var counts: [Int] = []

    func validate() throws {
        if let bad = counts.first(where: { !(1...200).contains($0) }) {
            throw ValidationError("a class size is 1 to 200 trainees, not \(bad)")
        }
    }

    func run() throws { try printLines { try classroomBenchmark(counts: counts.isEmpty ? [1, 10, 30, 100] : counts) } }
}

/// `hubsim-bench classroom-lead`: the trainer's "next step" pressed through a lesson while
/// trainees are connected; how long until each trainee's screen shows it (ClassroomLeadBench.swift).
struct ClassroomLeadBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classroom-lead",
        abstract: "The trainer leads a class through a lesson: key to every trainee's screen, and what the devices spend."
    )

    @Option(help: "Trainees connected, 1 to 200.")
    var trainees = 30

    @Option(help: "The lesson the class plays: a shipped lesson's name or a lesson file.")
    var lesson = "ws1-shift-change"

    func validate() throws {
        guard (1...200).contains(trainees) else { throw ValidationError("--trainees is 1 to 200, not \(trainees)") }
    }

    func run() throws { try printLines { try classroomLeadBenchmark(trainees: trainees, lesson: lesson) } }
}

/// `hubsim-bench classroom-storm`: one trainee's `ssh` killed again and again during a resize
/// storm while the others type (ClassroomStormBench.swift).
struct ClassroomStormBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classroom-storm",
        abstract: "Kill one trainee's ssh again and again during a resize storm; the others' echo before and during it."
    )

    @Option(help: "Times a victim's ssh is killed, 1 to 1000.")
    var kills = 100

    @Option(help: "Trainees connected, the victim one of them, 2 to 200.")
    var trainees = 30

    func validate() throws {
        guard (1...1000).contains(kills) else { throw ValidationError("--kills is 1 to 1000, not \(kills)") }
        guard (2...200).contains(trainees) else { throw ValidationError("--trainees is 2 to 200 (the victim and at least one other), not \(trainees)") }
    }

    func run() throws { try printLines { try classroomStormBenchmark(kills: kills, trainees: trainees) } }
}

/// `hubsim-bench aged-device STATE_HOME CYCLES`: a long-lived device for Scripts/first-frame.
struct AgedDevice: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aged-device",
        abstract: "Write a device after CYCLES check-out cycles under STATE_HOME/hubsim, and time its open and load."
    )

    @Argument(help: "The state folder (XDG_STATE_HOME) the device is written under.")
    var stateHome: String

    @Argument(help: "Check-out cycles, 0 or more.")
    var cycles: Int

    func validate() throws {
        guard cycles >= 0 else { throw ValidationError("CYCLES is a count of check-out cycles, 0 or more, not \(cycles)") }
    }

    func run() throws { try printLines { try agedDevice(stateHome: stateHome, cycles: cycles) } }
}

/// `hubsim-bench bridge-responder echo|hang`: the native child of `hubsim-bench bridge`
/// (BridgeBench.swift), started by the benchmark, not by a person.
struct BridgeResponder: ParsableCommand {
    enum Mode: String, CaseIterable, ExpressibleByArgument {
        case echo, hang
    }

    static let configuration = CommandConfiguration(
        commandName: "bridge-responder",
        abstract: "Answer the bridge's requests on standard input (the bridge benchmark's child).",
        shouldDisplay: false
    )

    @Argument(help: "echo: answer every request; hang: answer only initialize.")
    var mode: Mode = .echo

    func run() throws {
        let status = BridgeResponders.run(mode)
        if status != 0 { throw ExitCode(status) }
    }
}

/// The lines `body` gives, printed; its error as one line on standard error, exit 1.
func printLines(_ body: () throws -> [String]) throws {
    do {
        for line in try body() { print(line) }
    } catch {
        FileHandle.standardError.write(Data("hubsim-bench: \(error)\n".utf8))
        throw ExitCode.failure
    }
}
