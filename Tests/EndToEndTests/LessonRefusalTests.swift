import Foundation
import FuzzSupport
import Testing

/// `hubsim lesson` refuses what it cannot play with one line and exit 2, before any screen:
/// an unknown name (the valid ones listed), a bad file (at its file:line:column).
@Suite("Lesson refusals", .offThePool)
struct LessonRefusalTests {
    func hubsim(_ arguments: [String]) async throws -> Subprocess.Result {
        try await Subprocess.run([try HubsimBinary.path()] + arguments, environment: ProcessInfo.processInfo.environment)
    }

    @Test func anUnknownLessonNamesTheShippedOnes() async throws {
        let result = try await hubsim(["lesson", "ws1-shfit-change"])
        #expect(result.status == 2)
        #expect(result.stderr == "hubsim: lesson 'ws1-shfit-change' is not shipped; valid: android-broadcast-running-apps, entra-cross-app-sign-on, entra-shared-device-mode, mhs-pin-and-auto-sign-out, ws1-cross-app-sign-on, ws1-offline, ws1-shift-change, ws1-support-levels (or give a FILE.yaml)\n")
    }

    @Test(arguments: [
        ("lesson: Bad\nprofile: workspace-one\nsteps:\n  - title: x\n    do:\n      - expectNoLeak\n", "6:9: 'expectNoLeak' checks something: put it under 'check' (do takes actions and press)"),
        ("lesson: Bad\nprofile: workspace-one\nsteps:\n  - title: x\n    tyr: launch notes\n", "5:5: unknown key 'tyr' in a lesson step; valid keys: title, watch, why, ref, try, do, check"),
    ])
    func aBadLessonFileIsRefusedAtItsPosition(_ text: String, _ position: String) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-bad-lesson-\(getpid())-\(position.prefix(3)).yaml")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for arguments in [["lesson", file.path], ["lesson", "--headless", file.path]] {
            let result = try await hubsim(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == "hubsim: \(file.path):\(position)\n", "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func headlessNeedsALesson() async throws {
        let result = try await hubsim(["lesson", "--headless"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--headless needs a lesson (or --all)"))
    }

    @Test func aShippedLessonPlaysHeadless() async throws {
        let result = try await hubsim(["lesson", "--headless", "ws1-offline"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PASS  Assets/lessons/ws1-offline.yaml"))
    }
}
