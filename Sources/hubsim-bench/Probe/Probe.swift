import ArgumentParser
import BridgeProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `hubsim-bench probe [options] -- COMMAND ARGS`: a program measured in a pseudo-terminal as
/// a person's terminal runs it (Scripts/first-frame, Scripts/benchmark, Scripts/symbol-order).
/// Prints one JSON line: the options, the summary over the measured runs and each run. The
/// options and their defaults are those of the Python probe the scripts used before.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Run COMMAND in a pseudo-terminal and print one JSON line of what it cost.",
        discussion: """
            The time to its first byte and to its whole first frame (output quiet for --quiet ms), \
            bytes while idle, per step bytes and times, peak RSS, and each run's figures. Keys take \
            escapes: \\r Enter, \\t Tab, \\x1b Esc, \\xNN a byte. The steps (--keys, --type, \
            --resize) are taken in the order given; a 100x30 resize ends them unless one was asked \
            for or --no-resize is given.
            """
    )

    @Option(help: ArgumentHelp("The terminal's size (default: 80x24).", valueName: "COLSxROWS"), transform: ProbeOptions.size)
    var size = TerminalSize(columns: 80, rows: 24)
    @Option(help: ArgumentHelp("TERM of the program.", valueName: "T"))
    var term = "xterm-256color"
    @Option(help: ArgumentHelp("An entry of the program's environment (repeatable).", valueName: "K=V"))
    var env: [String] = []
    @Option(help: ArgumentHelp("Milliseconds without output after which a phase has settled.", valueName: "MS"))
    var quiet = 150.0
    @Option(name: .customLong("resize-quiet"), help: ArgumentHelp("The same for a resize step.", valueName: "MS"))
    var resizeQuiet = 1000.0
    @Option(help: ArgumentHelp("Seconds of idle reading after the start settled (0: none).", valueName: "S"))
    var idle = 2.0
    @Option(help: ArgumentHelp("Seconds a phase may take to settle.", valueName: "S"))
    var timeout = 5.0
    @Option(name: .customLong("max-time"), help: ArgumentHelp("Seconds a whole run may take.", valueName: "S"))
    var maxTime = 60.0
    @Option(help: ArgumentHelp("Unmeasured milliseconds of reading before each step.", valueName: "MS"))
    var gap = 0.0
    @Option(help: ArgumentHelp("A step: these keys in one write (repeatable).", valueName: "STR"))
    var keys: [String] = []
    @Option(help: ArgumentHelp("Steps: one write per character (repeatable).", valueName: "STR"))
    var type: [String] = []
    @Option(help: ArgumentHelp("A step: the terminal resized (repeatable).", valueName: "COLSxROWS"), transform: ProbeOptions.size)
    var resize: [TerminalSize] = []
    @Flag(name: .customLong("no-resize"), help: "No 100x30 resize after the steps.")
    var noResize = false
    @Option(help: ArgumentHelp("The key that quits the program, sent after the steps.", valueName: "KEY"))
    var quit: String?
    @Option(name: .customLong("quit-timeout"), help: ArgumentHelp("Seconds the quit may take.", valueName: "S"))
    var quitTimeout = 2.0
    @Option(help: ArgumentHelp("Measured runs.", valueName: "N"))
    var runs = 1
    @Option(help: ArgumentHelp("Runs before them, not measured.", valueName: "N"))
    var warmup = 0
    @Option(help: ArgumentHelp("Seconds between runs.", valueName: "S"))
    var pause = 0.2
    @Flag(name: .customLong("raw-keys"), help: "Keys as given, even while the program asks for application cursor keys.")
    var rawKeys = false
    @Flag(name: .customLong("no-answer"), help: "Leave the terminal's status and cursor-position queries unanswered.")
    var noAnswer = false
    @Flag(name: .customLong("no-per-run"), help: "Leave each run's own figures out of the report.")
    var noPerRun = false
    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The program and its arguments, after --.", valueName: "COMMAND"))
    var command: [String] = []

    func validate() throws {
        for (name, value) in [("--quiet", quiet), ("--resize-quiet", resizeQuiet), ("--idle", idle), ("--timeout", timeout),
                              ("--max-time", maxTime), ("--gap", gap), ("--quit-timeout", quitTimeout), ("--pause", pause)]
        where !(value >= 0) {
            throw ValidationError("\(name) is 0 or more, not \(value)")
        }
        guard warmup >= 0 else { throw ValidationError("--warmup is 0 or more, not \(warmup)") }
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        let program = command.first == "--" ? Array(command.dropFirst()) : command
        // The command is captured from the first input the options do not know, so `--help`
        // before `--` arrives here.
        if command.first == "--help" || command.first == "-h" { throw CleanExit.helpRequest(self) }
        if let first = program.first, command.first != "--", first.hasPrefix("-") {
            throw ValidationError("unknown option \(first)")
        }
        guard !program.isEmpty else { throw ValidationError("no command given (… -- COMMAND ARGS)") }
    }

    /// What the arguments ask for; `arguments` are those after `probe`, for the order of the steps.
    func options(arguments: [String]) -> ProbeOptions {
        var o = ProbeOptions()
        o.command = command.first == "--" ? Array(command.dropFirst()) : command
        o.size = (size.columns, size.rows)
        o.term = term
        o.environment = env
        o.quietMs = quiet
        o.resizeQuietMs = resizeQuiet
        o.idleSeconds = idle
        o.timeoutSeconds = timeout
        o.maxTimeSeconds = maxTime
        o.gapMs = gap
        o.steps = ProbeOptions.steps(keys: keys, type: type, resize: resize, order: ProbeOptions.stepOrder(in: arguments))
        o.noResize = noResize
        o.quit = quit.map(ProbeOptions.keyBytes)
        o.quitTimeoutSeconds = quitTimeout
        o.runs = runs
        o.warmup = warmup
        o.pauseSeconds = pause
        o.rawKeys = rawKeys
        o.noAnswer = noAnswer
        o.noPerRun = noPerRun
        return o
    }

    func run() throws {
        // The arguments after `probe`, for the order of the steps between their options.
        let arguments = Array(CommandLine.arguments.drop(while: { $0 != "probe" }).dropFirst())
        let options = options(arguments: arguments)
        let environment = ProbeReport.environment(inherited: ProcessInfo.processInfo.environment, term: options.term,
                                                  extra: options.environment)
        var runs: [JSONValue.Object] = []
        let total = options.warmup + options.runs
        for i in 0..<total {
            let run = ProbeRun.run(options, environment: environment)
            if i >= options.warmup { runs.append(run) }
            if i < total - 1, options.pauseSeconds > 0 { usleep(UInt32(options.pauseSeconds * 1_000_000)) }
        }
        print(ProbeReport.report(options, runs: runs).reportText)
    }
}

/// A terminal's size, `80x24`.
struct TerminalSize: Equatable {
    var columns: Int
    var rows: Int
}
