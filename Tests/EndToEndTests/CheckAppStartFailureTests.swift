import Foundation
import FuzzSupport
import Testing

/// A program that never gets through `initialize` fails `hubsim check-app` after the first
/// cell, in one line, within the handshake's time limit (the app's 2 s plus 1 s) and a little:
/// it would fail every cell alike. Exit 1.
@Suite("check-app stops at a program that cannot start", .offThePool)
struct CheckAppStartFailureTests {
    /// check-app with the test tenant on `command`, and the seconds it took.
    func checkApp(_ command: [String]) async throws -> (Subprocess.Result, Double) {
        var environment = ProcessInfo.processInfo.environment
        environment["HUBSIM_TEST_TENANTS"] = "1"
        let result = try await Subprocess.run([try HubsimBinary.path(), "check-app", "--tenant", HubsimPane.testTenant, "--"] + command,
                                        environment: environment)
        return (result, result.seconds)
    }

    func expectOneLine(_ result: Subprocess.Result, containing text: String) {
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("\n") && result.stdout.dropLast().split(separator: "\n").count == 1, "\(result.stdout)")
        #expect(result.stdout.contains(text), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func aProgramThatNeverAnswersAndIgnoresSIGTERMFailsWithinTheLimit() async throws {
        let (result, seconds) = try await checkApp(["python3", "-c",
                                              "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\ntime.sleep(600)"])
        expectOneLine(result, containing: "FAILED: no answer to initialize in 3 s")
        // The limit (3 s) plus 2 s, asserted loosely: a loaded machine must not make it flaky.
        #expect(seconds < 3 + 5, "took \(seconds) s")
    }

    @Test func aProgramThatExitsAtOnceFailsWithItsStatusAndLastLine() async throws {
        let (result, seconds) = try await checkApp(["python3", "-c", "import sys\nsys.stderr.write('no licence key\\n')\nsys.exit(3)"])
        expectOneLine(result, containing: "FAILED: exit 3 before answering initialize: no licence key")
        #expect(seconds < 3 + 5, "took \(seconds) s")
    }

    @Test func aMissingScriptFailsInOneLine() async throws {
        let (result, _) = try await checkApp(["python3", "nosuch-\(UUID().uuidString.prefix(6)).py"])
        expectOneLine(result, containing: "FAILED: exit 2 before answering initialize: ")
        #expect(result.stdout.contains("can't open file"), "\(result.stdout)")
    }
}
