import Foundation
import FuzzSupport
import Testing

/// The example apps (Examples/README.md) under the real hubsim: every shipped scenario of
/// Examples/scenarios passes with a JUnit report, the right apps pass `hubsim check-app` and
/// the faulty ones are caught by it, with the transition and the item.
@Suite("The example apps under hubsim", .offThePool)
struct ExampleAppsTests {
    static let examples = HubsimPane.repositoryRoot + "/Examples"

    /// Needs the Swift example package built first (`swift build --package-path
    /// Examples/swift-app`): .ci/run builds it and runs this file after the tests.
    static let builtSeparately = ["swift-store.yaml"]

    static func hubsim(_ arguments: [String]) async throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["HUBSIM_TEST_TENANTS"] = "1"
        return try await Subprocess.run([try HubsimBinary.path()] + arguments, environment: environment)
    }

    /// One run of every file (the Java one among them, once): `hubsim run` plays them in
    /// parallel. The faulty apps' files pass by asserting their leak.
    @Test func everyExampleScenarioPasses() async throws {
        let folder = Self.examples + "/scenarios"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(names == ["java-store.yaml", "leaky-app.yaml", "msal-android-app.yaml", "msal-app.yaml", "msal-no-resume.yaml",
                          "store-app.yaml", "swift-store.yaml"])
        let files = names.filter { !Self.builtSeparately.contains($0) }.map { folder + "/" + $0 }
        let junit = NSTemporaryDirectory() + "hubsim-examples-\(getpid())-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let result = try await Self.hubsim(["run"] + files + ["--junit", junit])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testsuite ").count - 1 == files.count, "\(xml)")  // one a scenario
        #expect(!xml.contains("<failure"), "\(xml)")
        for name in names {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            #expect(text.hasPrefix("#"), "\(name) starts without a comment saying what it shows")
        }
    }

    /// The way leaky-app.yaml says to see a scenario fail: the right app's scenario, with the
    /// leaky program in its place, fails at its expectation with cou1's orders shown to cou2.
    @Test func theRightAppsScenarioFailsWithTheLeakyApp() async throws {
        let result = try await Self.hubsim(["run", Self.examples + "/scenarios/store-app.yaml",
                                      "--app", "store=python3 \(Self.examples)/python/leaky_app.py"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("actual:    shows: [cou1, cou2]"), "\(result.stdout)")
    }

    /// `hubsim check-app` on each Python example in its profile (the test tenant: cheap hashes):
    /// exit 0 for the right ones; 1 for the faulty ones, the transition's section naming the
    /// leaked item.
    @Test(arguments: [
        ("store_app.py", "workspace-one", Int32(0), nil),
        ("leaky_app.py", "workspace-one", 1, ("check-out of another user:", "LEAKED: shows cou1's 'orders-cou1' to cou2")),
        ("msal_app.py", "entra-ios", 0, nil),
        ("msal_android_app.py", "entra-android", 0, nil),
        ("msal_no_resume_check.py", "entra-ios", 1, ("sign-in of another user:", "LEAKED: shows cou1's 'tasks' to cou2")),
    ] as [(String, String, Int32, (String, String)?)])
    func checkApp(file: String, profile: String, status: Int32, leak: (section: String, line: String)?) async throws {
        // 30 s to answer, not check-app's 2 s: its cells run a python3 program per core, and on a
        // runner shared with other work (load 27 on two cores) one cold launch took longer and its
        // cell read HUNG. No example is meant to hang; one that answers is not slowed.
        let result = try await Self.hubsim(["check-app", "--tenant", HubsimPane.testTenant, "--profile", profile, "--timeout", "30000",
                                            "--", "python3", "\(Self.examples)/python/\(file)"])
        #expect(result.status == status, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let name = file.replacingOccurrences(of: ".py", with: "")
        if let leak {
            #expect(result.stdout.hasSuffix(": FAILED\n"), "\(result.stdout)")
            let section = try #require(result.stdout.components(separatedBy: "\n\n").first { $0.hasPrefix(leak.section) },
                                       "no section '\(leak.section)' in:\n\(result.stdout)")
            #expect(section.contains(leak.line), "\(section)")
        } else {
            #expect(result.stdout.contains("\(name): "), "\(result.stdout)")
            #expect(result.stdout.hasSuffix(": passed\n"), "\(result.stdout)")
            #expect(!result.stdout.contains("LEAKED"), "\(result.stdout)")
        }
    }
}
