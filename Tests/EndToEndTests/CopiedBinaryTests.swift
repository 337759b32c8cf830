import Foundation
import FuzzSupport
import Testing

/// The usual install is one copy (`cp …/hubsim ~/bin/`, README): a binary copied on its own,
/// run from an empty folder, has every shipped lesson, race preset and scenario, because they
/// are compiled into it. `.ci/run` runs this suite on the release binary too (`HUBSIM_BINARY`)
/// and the whole library from such a copy.
@Suite("A copied binary, on its own", .offThePool)
struct CopiedBinaryTests {
    /// A folder holding only a copy of hubsim, and an empty folder to run it from.
    struct Install {
        let root: String
        var binary: String { root + "/bin/hubsim" }
        var empty: String { root + "/empty" }

        init() async throws {
            root = NSTemporaryDirectory() + "hubsim-copied-\(UUID().uuidString)"
            let files = FileManager.default
            try files.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
            try files.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
            // cp(1) in a process of its own, not FileManager here: a copy written by this process
            // holds a descriptor that a test forking at that moment (tmux, another hubsim) would
            // inherit and keep open, and exec of the copy then fails with "Text file busy" (126).
            let copy = try await Subprocess.run(["/bin/cp", try HubsimBinary.path(), root + "/bin/hubsim"], environment: ["PATH": "/usr/bin:/bin"])
            guard copy.status == 0 else { throw CopyFailed(message: copy.stderr) }
        }

        struct CopyFailed: Error { let message: String }

        func remove() { try? FileManager.default.removeItem(atPath: root) }

        /// The copy run in the empty folder, with a state folder of its own.
        func run(_ arguments: [String]) async throws -> Subprocess.Result {
            let command = ([binary] + arguments).map(HubsimPane.shellQuoted).joined(separator: " ")
            return try await Subprocess.run(["sh", "-c", "cd \(HubsimPane.shellQuoted(empty)) && exec \(command)"],
                                      environment: ["PATH": "/usr/bin:/bin", "HOME": root, "XDG_STATE_HOME": root + "/state", "LANG": "C.UTF-8"])
        }
    }

    @Test func theListsNameEveryShippedLessonAndRace() async throws {
        let install = try await Install()
        defer { install.remove() }
        let lessons = try await install.run(["lesson", "--list"])
        #expect(lessons.status == 0, "\(lessons.stderr)")
        let lessonLines = lessons.stdout.split(separator: "\n")
        #expect(lessonLines.count >= 8, "\(lessons.stdout)")
        #expect(lessonLines.contains { $0.hasPrefix("ws1-shift-change\t") && $0.count > "ws1-shift-change\t".count })
        let races = try await install.run(["race", "--list"])
        #expect(races.status == 0, "\(races.stderr)")
        #expect(races.stdout.split(separator: "\n").count >= 9, "\(races.stdout)")
        #expect(races.stdout.contains("check-out-before-wipe-finished\t"))
        // A name that is not shipped lists the ones that are.
        let wrong = try await install.run(["lesson", "nope"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("valid: android-broadcast-running-apps, "), "\(wrong.stderr)")
    }

    @Test func aShippedLessonAndRacePlayHeadless() async throws {
        let install = try await Install()
        defer { install.remove() }
        let lesson = try await install.run(["lesson", "--headless", "ws1-offline"])
        #expect(lesson.status == 0, "\(lesson.stdout)\(lesson.stderr)")
        #expect(lesson.stdout.contains("PASS  Assets/lessons/ws1-offline.yaml"), "\(lesson.stdout)")
        let race = try await install.run(["race", "--headless", "check-out-before-wipe-finished"])
        #expect(race.status == 0, "\(race.stdout)\(race.stderr)")
    }

    @Test func theLessonPickerListsTheShippedLessons() async throws {
        let install = try await Install()
        defer { install.remove() }
        let tmux = try await HubsimPane.start(arguments: ["lesson"], directory: install.empty, binary: install.binary)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.waitFor("Choose a lesson")
        try await hub.waitFor("▸ Android: the broadcast only running apps")
        #expect(!(try tmux.screen()).contains("No lessons"))
    }
}
