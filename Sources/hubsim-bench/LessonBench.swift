import Configuration
import Foundation
import Platform
import Scenarios
import SessionEngine

/// Budget (Docs/performance.md): stepping back in a 300-step lesson takes under 50 ms.
///
/// Builds a 300-step lesson (shift changes over and over: launches, check-ins and
/// check-outs, clock moves, each step narrated and checked), plays it to the end, then
/// steps back one step at a time, each time rendering the 80x24 frame the class would see:
/// the median and the worst of 50 steps back against the budget. A replay of the walk to
/// the same step is printed beside it, as what the snapshots save.
func lessonBenchmark() throws -> [String] {
    let stepCount = 300
    let yaml = benchLesson(steps: stepCount)
    let runner = try ScenarioRunner(hasher: ScryptHasher(logN: 10))
    let lesson: Lesson
    do throws(ConfigError) { lesson = try runner.lessons.parse(yaml, file: "bench-lesson.yaml") } catch { throw BenchError(error.description) }
    let dependencies = EngineDependencies.seeded(hasher: runner.hasher)

    var player = LessonPlayer(lesson: lesson, dependencies: dependencies)
    let clock = ContinuousClock()
    let forward = clock.measure { player.go(to: stepCount) }
    guard player.isAtEnd else { throw BenchError("lesson: the 300-step lesson did not reach its end") }
    let failures = player.results.flatMap { $0 }.filter { $0.failure != nil }.count
    if failures > 0 { throw BenchError("lesson: \(failures) step(s) of the benchmark lesson failed") }

    var backs: [Double] = []
    for _ in 0..<50 {
        let t = clock.measure {
            player.back()
            _ = player.render(width: 80, height: 24)
        }
        backs.append(seconds(t) * 1000)
    }
    let at = player.position
    var replayed = LessonPlayer(lesson: lesson, dependencies: dependencies)
    let replay = clock.measure { replayed.go(to: at) }
    return [
        "lesson: \(stepCount) steps played to the end in \(ms(seconds(forward))) ms (\(ms(seconds(forward) / Double(stepCount))) ms a step)",
        "lesson: step back + 80x24 frame (median of 50)  " + verdict(ms: middle(backs), target: 50)
            + "   (worst \(String(format: "%.3f", backs.max()!)) ms)",
        "lesson: a replay to step \(at) instead               \(pad(ms(seconds(replay)), 8)) ms   (what the per-step snapshots save)",
    ]
}

/// A lesson of `steps` narrated steps: a staging, then shift changes between cou1 and cou2.
func benchLesson(steps: Int) -> String {
    var out = """
        lesson: Benchmark lesson
        profile: workspace-one
        apps: [notes, scanner, inventory, forms]
        steps:
          - title: Staged, cou1 checked out
            do:
              - enroll: {group: FRONTLINE, user: stage, password: stage}
              - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
            check:
              - expect: {state: checkedOut, user: cou1}
            watch: The device is checked out.
            ref: 004 Device Check Out and Check In

        """
    var user = "cou1"
    let cycle: [(String, (String) -> String)] = [
        ("Notes in front", { _ in "- launch: notes" }),
        ("Scanner in front", { _ in "- launch: scanner" }),
        ("A minute passes", { _ in "- advanceClock: 60" }),
        ("The Hub in front", { _ in "- openBroker" }),
        ("Log out", { _ in "- checkIn" }),
        ("The next user checks out", { u in "- checkOut: {group: FRONTLINE, user: \(u), password: \(u)}" }),
    ]
    for i in 1..<steps {
        let (title, action) = cycle[(i - 1) % cycle.count]
        if title == "The next user checks out" { user = user == "cou1" ? "cou2" : "cou1" }
        out += """
              - title: \(title) (\(i))
                do:
                  \(action(user))
                check:
                  - expectNoLeak
                watch: Step \(i) of the benchmark.
                why: A step like any lesson's.

            """
    }
    return out
}
