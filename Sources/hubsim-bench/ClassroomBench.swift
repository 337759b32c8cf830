import Foundation
import HubUI
import NIOPosix

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
    let hubsim = try hubsimBesideBench()
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    defer { try? group.syncShutdownGracefully() }
    for count in counts {
        let classroom = try BenchClassroom(hubsim: hubsim)
        defer { classroom.end() }
        let port = try classroom.port()
        let (trainees, joins) = try ScriptedTrainee.join(count, port: port, group: group)
        var echoes: [Double] = []
        for _ in 0..<20 { echoes += ScriptedTrainee.round(trainees).compactMap { $0 } }
        // A key without its echo is a class that stopped answering: the load test fails.
        guard echoes.count >= trainees.count * 20 * 9 / 10 else {
            throw BenchError("\(count) trainees: only \(echoes.count) of \(trainees.count * 20) keys echoed within 2 s")
        }
        let memory = classroom.memory()
        let children = max(1, memory.children.count)
        let perTrainee = memory.children.map(\.pss).reduce(0, +) / children
        let perTraineeRSS = memory.children.map(\.rss).reduce(0, +) / children
        let total = memory.children.map(\.pss).reduce(0, +) + memory.classroom.pss
        let p99 = percentile99(echoes)
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
