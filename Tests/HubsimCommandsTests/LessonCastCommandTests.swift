import ArgumentParser
import Foundation
import Testing
@testable import HubsimCommands

/// `hubsim lesson … --cast`: the same rules as the interactive `--cast` (claimed before
/// anything plays, an existing file only with `--force`, written owner-only) and the same
/// `--pace` / `--size` words as `hubsim run --cast`.
@Suite("Lesson casts: the command line")
struct LessonCastCommandTests {
    static func run(_ arguments: [String]) async throws { try await CommandRefusalTests.run(arguments) }

    /// A lesson that needs no password check: two narrated steps around going offline.
    static func lesson(in dir: String) throws -> String {
        let path = dir + "/offline.yaml"
        try Data("""
            lesson: Offline and back
            profile: workspace-one
            apps: [notes]
            steps:
              - title: The device goes offline
                do: [goOffline]
                watch: The status line says offline.
              - title: And comes back
                do: [goOnline]

            """.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aHeadlessLessonCastIsWrittenOwnerOnlyAtThePaceAndSize() async throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lesson = try Self.lesson(in: dir)
        let file = dir + "/lesson.cast"
        try await Self.run(["lesson", "--headless", lesson, "--cast", file, "--pace", "0.25", "--size", "100x30"])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("{\"version\": 2, \"width\": 100, \"height\": 30, \"timestamp\": "))
        #expect(text.contains("\"title\": \"hubsim lesson: Offline and back (workspace-one)\""))
        // The ready screen, then one per step.
        #expect(text.split(separator: "\n").count == 4)
        #expect(text.split(separator: "\n").last?.hasPrefix("[0.500, \"o\", ") == true)
        var st = stat()
        #expect(stat(file, &st) == 0 && st.st_mode & 0o777 == 0o600)
        // Run casts the same file by the same code path.
        let again = dir + "/run.cast"
        try await Self.run(["run", lesson, "--cast", again, "--pace", "0.25", "--size", "100x30"])
        let runText = try String(contentsOfFile: again, encoding: .utf8)
        #expect(runText.split(separator: "\n").dropFirst() == text.split(separator: "\n").dropFirst())
    }

    @Test func lessonCastOptionsAreCheckedBeforeAnythingPlays() async throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lesson = try Self.lesson(in: dir)
        let file = dir + "/lesson.cast"
        for arguments in [["lesson", "--headless", "--all", "--cast", file], ["lesson", "--headless", lesson, "--cast", file, "--pace", "0"],
                          ["lesson", "--headless", lesson, "--cast", file, "--size", "79x24"], ["lesson", "--headless", lesson, "--pace", "1"],
                          ["lesson", "--headless", lesson, "--force"], ["lesson", lesson, "--cast", file, "--pace", "1"],
                          ["lesson", "--headless", lesson, "--cast", dir]] {
            #expect(await awaitedExitStatus { try await Self.run(arguments) } == .usage, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: file), "\(arguments)")
        }
        // An existing file is left byte-identical unless forced, headless or on a terminal.
        let before = try OutputFileTests.plant(file)
        #expect(await awaitedExitStatus { try await Self.run(["lesson", "--headless", lesson, "--cast", file]) } == .usage)
        #expect(await awaitedExitStatus { try await Self.run(["lesson", lesson, "--cast", file]) } == .usage)
        #expect(OutputFileTests.contents(file) == before)
        try await Self.run(["lesson", "--headless", lesson, "--cast", file, "--force"])
        #expect(OutputFileTests.contents(file) != before)
    }
}
