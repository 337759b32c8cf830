import BridgeProtocol
import Testing
@testable import hubsim_bench

/// A scripted program's output: bytes that arrive at given times (ms), then perhaps the end.
/// The clock moves only as the probe waits.
struct ScriptedOutput: ProbeOutput {
    var arrivals: [(at: Double, bytes: Int)]
    var endsAt: Double?
    var clock = 0.0

    func now() -> Double { clock }

    var atEnd: Bool { endsAt.map { clock >= $0 } ?? false }

    mutating func read(waitingAtMost milliseconds: Double) -> [UInt8] {
        if let next = arrivals.first, next.at <= clock + milliseconds {
            clock = max(clock, next.at)
            arrivals.removeFirst()
            return [UInt8](repeating: 0x41, count: next.bytes)
        }
        if let end = endsAt, end <= clock + milliseconds, end > clock {
            clock = end
            return []
        }
        clock += max(milliseconds, 0.001)
        return []
    }
}

@Suite struct ProbeOptionsTests {
    /// The arguments Scripts/first-frame passes: they parse as the Python probe read them.
    @Test func theFirstFrameScriptsArgumentsParse() throws {
        let o = try ProbeOptions.parse(["--runs", "31", "--warmup", "2", "--idle", "0", "--no-resize", "--env", "A=b=c",
                                        "--quit", "\u{1b}[21~", "--", "/bin/hubsim", "--ephemeral"])
        #expect(o.runs == 31 && o.warmup == 2 && o.idleSeconds == 0 && o.noResize)
        #expect(o.environment == ["A=b=c"] && o.quit == [0x1b] + Array("[21~".utf8))
        #expect(o.command == ["/bin/hubsim", "--ephemeral"] && o.plannedSteps.isEmpty)
        #expect(o.size == (80, 24) && o.quietMs == 150 && o.term == "xterm-256color")
    }

    @Test func typeMakesOneStepPerCharacterAndAResizeComesLast() throws {
        let o = try ProbeOptions.parse(["--keys", "FRONTLINE\\r", "--type", "ab\\t", "--", "x"])
        #expect(o.plannedSteps == [
            .key(label: "FRONTLINE\\r", bytes: Array("FRONTLINE\r".utf8)), .key(label: "a", bytes: [0x61]),
            .key(label: "b", bytes: [0x62]), .key(label: "\\t", bytes: [9]), .resize(columns: 100, rows: 30),
        ])
        #expect(try ProbeOptions.parse(["--resize", "120x40", "--", "x"]).plannedSteps == [.resize(columns: 120, rows: 40)])
    }

    /// The steps of the three options play in the order given, not option by option.
    @Test func stepsOfDifferentOptionsKeepTheirOrder() throws {
        let o = try ProbeOptions.parse(["--resize", "90x20", "--keys", "a", "--resize=120x40", "--type", "b", "--keys", "c", "--", "x", "--keys", "d"])
        #expect(o.plannedSteps == [
            .resize(columns: 90, rows: 20), .key(label: "a", bytes: [0x61]), .resize(columns: 120, rows: 40),
            .key(label: "b", bytes: [0x62]), .key(label: "c", bytes: [0x63]),
        ])
        #expect(o.command == ["x", "--keys", "d"])
    }

    /// The command may come without `--`; its own options are its own.
    @Test func theCommandMayComeWithoutTheSeparator() throws {
        let o = try ProbeOptions.parse(["--runs", "2", "/bin/cat", "-u", "--runs", "9"])
        #expect(o.runs == 2 && o.command == ["/bin/cat", "-u", "--runs", "9"])
    }

    @Test func keysTakePythonStyleEscapes() {
        #expect(ProbeOptions.keyBytes("\\x1b[B\\r") == [0x1b, 0x5b, 0x42, 13])
        #expect(ProbeOptions.keyBytes("\u{1b}[21~") == [0x1b] + Array("[21~".utf8))
        #expect(ProbeOptions.keyBytes("a\\\\b\\q") == Array("a\\b\\q".utf8))
        #expect(ProbeOptions.keyBytes("é\\x7f") == [0xc3, 0xa9, 0x7f])
        #expect(ProbeOptions.label(of: "\u{1b}") == "\\x1b" && ProbeOptions.label(of: "é") == "é")
    }

    @Test func mistakesAreUsageErrors() {
        #expect(throws: ProbeOptions.UsageError.self) { try ProbeOptions.parse(["--runs", "3"]) }
        #expect(throws: ProbeOptions.UsageError.self) { try ProbeOptions.parse(["--bogus", "--", "x"]) }
        #expect(throws: ProbeOptions.UsageError.self) { try ProbeOptions.parse(["--size", "80", "--", "x"]) }
        #expect(throws: ProbeOptions.UsageError.self) { try ProbeOptions.parse(["--runs", "0", "--", "x"]) }
        #expect(throws: ProbeOptions.UsageError.self) { try ProbeOptions.parse(["--idle"]) }
        #expect(throws: ProbeOptions.UsageError.self) { try ProbeOptions.parse(["--idle", "-1", "--", "x"]) }
        // One line a person can act on, naming the option.
        do {
            _ = try ProbeOptions.parse(["--size", "80", "--", "x"])
        } catch {
            #expect("\(error)" == "The value '80' is invalid for '--size <COLSxROWS>': a size looks like COLSxROWS, e.g. 80x24 (each 1 to 1000): 80")
        }
    }
}

/// The command line of `hubsim-bench`: every invocation Docs/performance.md and Scripts/* use.
@Suite struct HubsimBenchCommandTests {
    @Test func aBenchmarkByNameOrAllOfThem() throws {
        let all = try HubsimBench.parseAsRoot([])
        #expect((all as? Benchmarks)?.benchmark == .all)
        let frames = try HubsimBench.parseAsRoot(["frames"])
        #expect((frames as? Benchmarks)?.benchmark == .frames)
        #expect(Benchmark.all.members.count == 9 && !Benchmark.all.members.contains(.all))
        #expect(throws: (any Error).self) { try HubsimBench.parseAsRoot(["frame"]) }
    }

    @Test func theHelpersTakeTheirArguments() throws {
        let aged = try #require(try HubsimBench.parseAsRoot(["aged-device", "/tmp/state", "10000"]) as? AgedDevice)
        #expect(aged.stateHome == "/tmp/state" && aged.cycles == 10_000)
        #expect(throws: (any Error).self) { try HubsimBench.parseAsRoot(["aged-device", "/tmp/state"]) }
        #expect(throws: (any Error).self) { try HubsimBench.parseAsRoot(["aged-device", "/tmp/state", "ten"]) }
        let hang = try #require(try HubsimBench.parseAsRoot(["bridge-responder", "hang"]) as? BridgeResponder)
        #expect(hang.mode == .hang)
        #expect((try HubsimBench.parseAsRoot(["bridge-responder"]) as? BridgeResponder)?.mode == .echo)
        #expect(try HubsimBench.parseAsRoot(["probe", "--runs", "3", "--", "dialog"]) is Probe)
    }
}

@Suite struct ProbePhasesTests {
    /// The start-up: the first byte, and the whole frame as the last byte before a quiet window.
    @Test func aStartUpSettlesAtItsLastByteBeforeTheQuietWindow() {
        var output = ScriptedOutput(arrivals: [(10, 100), (30, 50), (400, 7)])
        let f = ProbePhases.settle(&output, from: 0, needFirst: true, quietMs: 150, timeoutMs: 5000, runDeadline: 60000)
        #expect(f == PhaseFigures(bytes: 150, chunks: 2, firstByteMs: 10, settleMs: 30, settled: true))
        #expect(output.now() == 180)  // noticed one window after the last byte
    }

    @Test func aStepThatWritesNothingSettlesAfterOneWindow() {
        var output = ScriptedOutput(arrivals: [], clock: 1000)
        let f = ProbePhases.settle(&output, from: 1000, needFirst: false, quietMs: 150, timeoutMs: 5000, runDeadline: 60000)
        #expect(f == PhaseFigures(bytes: 0, chunks: 0, firstByteMs: nil, settleMs: 0, settled: true))
    }

    @Test func outputThatNeverStopsDoesNotSettle() {
        var output = ScriptedOutput(arrivals: (1...100).map { (Double($0) * 100, 1) })
        let f = ProbePhases.settle(&output, from: 0, needFirst: true, quietMs: 150, timeoutMs: 1000, runDeadline: 60000)
        #expect(!f.settled && f.bytes == 10 && f.firstByteMs == 100 && f.settleMs == 1000)
    }

    @Test func aProgramThatEndsSilentDidNotStart() {
        var silent = ScriptedOutput(arrivals: [], endsAt: 50)
        let f = ProbePhases.settle(&silent, from: 0, needFirst: true, quietMs: 150, timeoutMs: 5000, runDeadline: 60000)
        #expect(!f.settled && f.firstByteMs == nil && f.settleMs == 0)
        // One that wrote and then ended has settled at its last byte.
        var wrote = ScriptedOutput(arrivals: [(20, 5)], endsAt: 40)
        let g = ProbePhases.settle(&wrote, from: 0, needFirst: true, quietMs: 150, timeoutMs: 5000, runDeadline: 60000)
        #expect(g.settled && g.settleMs == 20)
    }

    @Test func idleReadingCountsWhatArrivesInItsWindow() {
        var output = ScriptedOutput(arrivals: [(100, 3), (900, 4), (2500, 5)])
        let idle = ProbePhases.readFor(&output, milliseconds: 2000, runDeadline: 60000)
        #expect(idle.bytes == 7 && idle.chunks == 2)
    }
}

@Suite struct TerminalRepliesTests {
    @Test func queriesAreAnsweredOnceEvenWhenSplitAcrossReads() {
        var replies = TerminalReplies()
        #expect(replies.observe(Array("ab\u{1b}[".utf8)) == [])
        #expect(replies.observe(Array("6nxy".utf8)) == Array("\u{1b}[1;1R".utf8))
        #expect(replies.observe(Array("z".utf8)) == [])
        #expect(replies.observe(Array("\u{1b}[c\u{1b}[>0c\u{1b}[5n".utf8)) == Array("\u{1b}[?62;22c\u{1b}[>0;0;0c\u{1b}[0n".utf8))
        #expect(replies.queriesAnswered == 4)
        var silent = TerminalReplies()
        #expect(silent.observe(Array("\u{1b}[6n".utf8), answering: false) == [])
    }

    @Test func arrowKeysFollowApplicationCursorMode() {
        var replies = TerminalReplies()
        let down: [UInt8] = [0x1b, 0x5b, 0x42]
        #expect(replies.keyBytes(down) == down)
        _ = replies.observe(Array("\u{1b}[?1".utf8))
        _ = replies.observe(Array("h".utf8))
        #expect(replies.applicationCursor && replies.keyBytes(down) == [0x1b, 0x4f, 0x42])
        #expect(replies.keyBytes([0x1b] + Array("[21~".utf8)) == [0x1b] + Array("[21~".utf8))
        _ = replies.observe(Array("\u{1b}[?1l".utf8))
        #expect(!replies.applicationCursor)
    }
}

@Suite struct ProbeReportTests {
    @Test func mediansAreStatisticsMedians() {
        #expect(ProbeReport.median([3, 1, 2]) == 2 && ProbeReport.median([4, 1, 2, 3]) == 2.5)
    }

    @Test func theSummaryTakesMedianMinAndMaxOfEachFigure() {
        var a = JSONValue.Object(), b = JSONValue.Object()
        a["startup_first_byte_ms"] = .double(4.5); b["startup_first_byte_ms"] = .double(5.5)
        a["idle_bytes"] = .int(0); b["idle_bytes"] = .int(0)
        a["vmhwm_kb"] = .int(11000); b["vmhwm_kb"] = .null
        a["exit"] = .string("quit"); b["exit"] = .string("quit")
        a["startup_settled"] = .bool(true); b["startup_settled"] = .bool(false)
        var step = JSONValue.Object()
        step["kind"] = .string("key"); step["label"] = .string("a"); step["bytes"] = .int(3); step["first_byte_ms"] = .null
        step["settle_ms"] = .double(0.5); step["settled"] = .bool(true)
        a["steps"] = .array([.object(step)]); b["steps"] = .array([.object(step)])
        let s = ProbeReport.summary([a, b])
        #expect(s["startup_first_byte_ms"]?.reportText == #"{"median":5.0,"min":4.5,"max":5.5}"#)
        #expect(s["idle_bytes"]?.reportText == #"{"median":0,"min":0,"max":0}"#)
        #expect(s["vmhwm_kb"]?.reportText == #"{"median":11000,"min":11000,"max":11000}"#)
        #expect(s["steps"]?.reportText == #"[{"kind":"key","label":"a","bytes":{"median":3,"min":3,"max":3},"first_byte_ms":null,"settle_ms":{"median":0.5,"min":0.5,"max":0.5},"unsettled_runs":0}]"#)
        #expect(s["exits"]?.reportText == #"{"quit":2}"# && s["startup_unsettled_runs"] == .int(1))
        #expect(s["cpu_ms"] == nil)
    }

    @Test func procStatusFieldsAndTheChildsEnvironment() {
        #expect(ProbeReport.statusField("VmHWM", in: "Name:\thubsim\nVmHWM:\t   11236 kB\nVmRSS:\t  9000 kB\n") == 11236)
        #expect(ProbeReport.statusField("VmHWM", in: "Name:\thubsim\n") == nil)
        let env = ProbeReport.environment(inherited: ["LINES": "5", "COLUMNS": "9", "TERM": "dumb", "HOME": "/h"],
                                          term: "xterm-256color", extra: ["X=1=2", "HOME=/other"])
        #expect(env == ["HOME=/other", "TERM=xterm-256color", "X=1=2"])
    }

    @Test func jsonKeepsKeyOrderAndEscapesText() {
        var o = JSONValue.Object()
        o["b"] = .int(1); o["a"] = .string("q\"\\\n\u{1b}é"); o["c"] = .null; o["d"] = .double(2); o["e"] = .double(0.25)
        o["b"] = .bool(false)
        #expect(JSONValue.object(o).reportText == #"{"b":false,"a":"q\"\\\n\u001bé","c":null,"d":2.0,"e":0.25}"#)
    }
}

/// The real pseudo-terminal: the program sees a terminal of the asked size as its controlling
/// terminal, and its end is seen.
@Suite struct PseudoTerminalTests {
    @Test func theChildHasATerminalOfTheAskedSize() throws {
        var terminal = try PseudoTerminal(command: ["sh", "-c", "stty size; { : </dev/tty; } 2>/dev/null && echo controlling"],
                                          environment: ["PATH=/usr/bin:/bin"], columns: 100, rows: 30)
        var output: [UInt8] = []
        let deadline = terminal.now() + 10_000
        while !terminal.atEnd && terminal.now() < deadline { output += terminal.read(waitingAtMost: 100) }
        terminal.reap()
        terminal.closeMaster()
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\r\n")
        #expect(lines.first == "30 100")
        #expect(lines.count == 2 && lines.last == "controlling", "no controlling terminal: \(lines)")
        #expect(terminal.exit.map { $0.status } == 0)
    }
}
