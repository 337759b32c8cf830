import Foundation
import Testing

/// `hubsim check-app` from the real binary against the check-app test programs (python3):
/// exit 0 when the app handled every cell, 1 on a leak, 2 for a call that is wrong, and the
/// JUnit file CI reads.
@Suite("hubsim check-app")
struct CheckAppCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScenariosTests/Fixtures/CheckApp").path

    /// hubsim check-app with the test tenant (cheap hashes) and `arguments`.
    func checkApp(_ arguments: [String]) throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["HUBSIM_TEST_TENANTS"] = "1"
        return try Subprocess.run([try HubsimBinary.path(), "check-app", "--tenant", HubsimPane.testTenant] + arguments,
                                  environment: environment)
    }

    @Test func anAppThatHandlesTheCheckInExitsZero() throws {
        let result = try checkApp(["--transition", "check-in", "--", "python3", "\(Self.fixtures)/good_app.py"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("check-in: the first user checks the device in"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix(": passed\n"), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func aLeakExitsOneAndFailsItsJUnitCases() throws {
        let junit = NSTemporaryDirectory() + "hubsim-check-app-\(getpid())-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let result = try checkApp(["--transition", "check-out of another user", "--junit", junit,
                                   "--app", "faulty:workspace-one=python3 \(Self.fixtures)/faulty_app.py"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("background: LEAKED: shows cou1's 'orders-cou1' to cou2"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix(": FAILED\n"), "\(result.stdout)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 4)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 4)
        #expect(xml.contains("name=\"check-out of another user / terminated\""))
    }

    /// An app that keeps the previous user's plain copy passes, the exposure named under the
    /// table; `--strict` fails it in that cell.
    @Test func strictFailsOnAnExposure() throws {
        let app = ["--", "python3", "\(Self.fixtures)/faulty_app.py"]
        let lenient = try checkApp(["--transition", "check-in"] + app)
        #expect(lenient.status == 0, "\(lenient.stdout)\(lenient.stderr)")
        #expect(lenient.stdout.contains("background: exposure: keeps cou1's 'orders-cou1' (plain) readable at rest"), "\(lenient.stdout)")
        let strict = try checkApp(["--strict", "--transition", "check-in"] + app)
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        #expect(strict.stdout.contains("background: EXPOSED: keeps cou1's 'orders-cou1' (plain) readable at rest"), "\(strict.stdout)")
        #expect(strict.stdout.contains("Docs/bridge-protocol.md#exposures-what-stays-readable-at-rest"), "\(strict.stdout)")
    }

    @Test(arguments: [
        ([String](), "give the app's command after --"),
        (["--transition", "wipe", "--", "python3", "x.py"], "--transition 'wipe': workspace-one's are 'check-out'"),
        (["--profile", "android", "--", "python3", "x.py"], "--profile 'android': use workspace-one, entra-ios, entra-android or android-mhs"),
        (["--", "no-such-program-hubsim"], "is not an executable file on PATH"),
        (["--app", "x:android=python3 x.py"], "the SDK 'android' is not one hubsim plays"),
        (["--app", "x="], "--app 'x=': the command after '=' is empty; write NAME=COMMAND"),
    ])
    func aWrongCallExitsTwoWithOneLine(arguments: [String], message: String) throws {
        let result = try checkApp(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.dropLast().split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
