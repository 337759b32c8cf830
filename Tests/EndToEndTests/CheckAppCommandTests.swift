import Foundation
import FuzzSupport
import Testing

/// `hubsim check-app` from the real binary against the check-app test programs (python3):
/// exit 0 when the app handled every cell, 1 on a leak, 2 for a call that is wrong, and the
/// JUnit file CI reads.
@Suite("hubsim check-app", .offThePool)
struct CheckAppCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScenariosTests/Fixtures/CheckApp").path

    /// hubsim check-app with the test tenant (cheap hashes) and `arguments`.
    func checkApp(_ arguments: [String]) async throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["HUBSIM_TEST_TENANTS"] = "1"
        return try await Subprocess.run([try HubsimBinary.path(), "check-app", "--tenant", HubsimPane.testTenant] + arguments,
                                  environment: environment)
    }

    @Test func anAppThatHandlesTheCheckInExitsZero() async throws {
        let result = try await checkApp(["--transition", "check-in", "--", "python3", "\(Self.fixtures)/good_app.py"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("check-in: the first user checks the device in"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix(": passed\n"), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func aLeakExitsOneAndFailsItsJUnitCases() async throws {
        let junit = NSTemporaryDirectory() + "hubsim-check-app-\(getpid())-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let result = try await checkApp(["--transition", "check-out of another user", "--junit", junit,
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
    @Test func strictFailsOnAnExposure() async throws {
        let app = ["--", "python3", "\(Self.fixtures)/faulty_app.py"]
        let lenient = try await checkApp(["--transition", "check-in"] + app)
        #expect(lenient.status == 0, "\(lenient.stdout)\(lenient.stderr)")
        #expect(lenient.stdout.contains("background: exposure: keeps cou1's 'orders-cou1' (plain) readable at rest"), "\(lenient.stdout)")
        let strict = try await checkApp(["--strict", "--transition", "check-in"] + app)
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        #expect(strict.stdout.contains("background: EXPOSED: keeps cou1's 'orders-cou1' (plain) readable at rest"), "\(strict.stdout)")
        #expect(strict.stdout.contains("Docs/bridge-protocol.md#exposures-what-stays-readable-at-rest"), "\(strict.stdout)")
    }

    @Test(arguments: [
        ([String](), "give the app's command after --"),
        (["--transition", "wipe", "--", "python3", "x.py"], "--transition 'wipe': workspace-one's are 'check-out'"),
        (["--profile", "android", "--", "python3", "x.py"], "hubsim: unknown profile 'android'; valid: workspace-one, entra-ios, entra-android, android-mhs\n"),
        (["--sdk", "msl", "--", "python3", "x.py"], "hubsim: unknown SDK 'msl'; valid: workspace-one, msal, none; did you mean 'msal'?\n"),
        (["--", "no-such-program-hubsim"], "is not an executable file on PATH"),
        (["--app", "x:android=python3 x.py"], "the SDK 'android' is not one hubsim plays"),
        (["--app", "x="], "--app 'x=': the command after '=' is empty; write NAME=COMMAND"),
        (["--shard", "0/3", "--", "python3", "x.py"], "--shard '0/3': write I/N, the I-th of N parts with 1 <= I <= N, e.g. --shard 2/3"),
        (["--shard", "4/3", "--", "python3", "x.py"], "--shard '4/3': write I/N"),
        (["--shard", "x", "--", "python3", "x.py"], "--shard 'x': write I/N"),
        (["--cell", "workspace-one/sign-in/foreground", "--", "python3", "x.py"], "--cell 'workspace-one/sign-in/foreground': write PROFILE/TRANSITION/STATE"),
        (["--cell", "entra-ios/global-sign-in/foreground", "--profile", "workspace-one", "--", "python3", "x.py"], "leave --profile out"),
    ])
    func aWrongCallExitsTwoWithOneLine(arguments: [String], message: String) async throws {
        let result = try await checkApp(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.dropLast().split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Three CI jobs each run a shard (`--shard I/3 --junit`), and `check-app merge` joins their
    /// files into the report the unsharded run writes: the same cases in the same order with
    /// the same verdicts, times aside; the merge exits 1 because a cell leaked.
    @Test func threeShardsMergedAreTheUnshardedReport() async throws {
        let dir = NSTemporaryDirectory() + "hubsim-shards-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let app = ["--transition", "check-in", "--transition", "check-out of another user",
                   "--app", "faulty:workspace-one=python3 \(Self.fixtures)/faulty_app.py"]
        let whole = try await checkApp(app + ["--junit", "\(dir)/all.xml"])
        #expect(whole.status == 1, "\(whole.stderr)")
        for i in 1...3 {
            let shard = try await checkApp(["--shard", "\(i)/3", "--junit", "\(dir)/shard-\(i).xml"] + app)
            #expect(shard.status == 0 || shard.status == 1, "\(shard.stderr)")
            #expect(shard.stdout.contains(" of 8 (shard \(i)/3)"), "\(shard.stdout)")
        }
        let merge = try await Subprocess.run([try HubsimBinary.path(), "check-app", "merge", "--junit", "\(dir)/merged.xml",
                                        "\(dir)/shard-3.xml", "\(dir)/shard-1.xml", "\(dir)/shard-2.xml"],
                                       environment: ProcessInfo.processInfo.environment)
        #expect(merge.status == 1, "\(merge.stdout)\(merge.stderr)")
        #expect(merge.stdout.hasSuffix("faulty (workspace-one): 8 cells from 3 files, 4 handled, 4 LEAKED: FAILED\n"), "\(merge.stdout)")
        func withoutTimes(_ file: String) throws -> String {
            try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: #" time="[0-9.]*""#, with: "", options: .regularExpression)
        }
        #expect(try withoutTimes("\(dir)/merged.xml") == (try withoutTimes("\(dir)/all.xml")))
        #expect(try withoutTimes("\(dir)/all.xml").components(separatedBy: "<testcase ").count - 1 == 8)
    }

    /// A failed cell's rerun line, pasted into a shell, runs that cell alone and fails alike.
    @Test func aFailedCellsRerunLineRunsItAlone() async throws {
        let result = try await checkApp(["--transition", "check-out of another user",
                                   "--app", "faulty:workspace-one=python3 \(Self.fixtures)/faulty_app.py"])
        #expect(result.status == 1)
        let rerun = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("    rerun: ") && $0.contains("/background ") })
        let line = String(rerun.dropFirst("    rerun: ".count))
        #expect(line.hasPrefix("hubsim check-app --name faulty --sdk workspace-one --tenant "), "\(line)")
        #expect(line.contains(" --cell workspace-one/check-out-of-another-user/background -- python3 "), "\(line)")
        var environment = ProcessInfo.processInfo.environment
        environment["HUBSIM_TEST_TENANTS"] = "1"
        let alone = try await Subprocess.run(["/bin/sh", "-c", "'\(try HubsimBinary.path())'" + line.dropFirst("hubsim".count)], environment: environment)
        #expect(alone.status == 1, "\(alone.stdout)\(alone.stderr)")
        #expect(alone.stdout.contains("  background: LEAKED: shows cou1's 'orders-cou1' to cou2"), "\(alone.stdout)")
        #expect(alone.stdout.contains("\n" + rerun + "\n"), "\(alone.stdout)")
        #expect(alone.stdout.hasSuffix(" 1 cell, 1 LEAKED (\(alone.stdout.split(separator: "(").last!)"), "\(alone.stdout)")
    }
}
