import Foundation
import FuzzSupport
import Testing

/// The real binary checks its output files and its app list at start (Docs/reliability.md: output files
/// and consistent acceptance): one line, exit 2, and whatever was at the path byte-identical.
@Suite("Reliability: output files and app lists at start", .offThePool)
struct OutputFileStartTests {
    static func directory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-outputs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func hubsim(_ arguments: [String]) async throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        return try await Subprocess.run([try HubsimBinary.path()] + arguments, environment: environment)
    }

    static func mode(_ path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o777 : 0
    }

    /// The walk would be written at quit: the refusal comes first, before the terminal is
    /// even looked at (standard input here is /dev/null).
    @Test func recordingOverAnExistingFileExitsTwoAndLeavesIt() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/tenant.yaml"
        let before = Data("groups: [{id: G}]\n# a tenant that must survive\n".utf8)
        try before.write(to: URL(fileURLWithPath: file))
        let result = try await Self.hubsim(["--ephemeral", "--record", file])
        #expect(result.status == 2)
        #expect(result.stderr == "hubsim: --record \(file): file exists; choose another path or add --force\n")
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["tenant.yaml"])
        let device = try await Self.hubsim(["--ephemeral", "--record", "/dev/null", "--force"])
        #expect(device.status == 2)
        #expect(device.stderr == "hubsim: --record /dev/null: is not a regular file (a device, FIFO or socket); hubsim replaces only regular files, even with --force: choose another path\n")
    }

    @Test func aJUnitReportOverAnExistingFileExitsTwoBeforeAnythingRuns() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = dir + "/online.yaml"
        try Data("profile: workspace-one\nsteps: [goOffline, goOnline]\n".utf8).write(to: URL(fileURLWithPath: scenario))
        let report = dir + "/report.xml"
        let before = Data("<previous-report/>\n".utf8)
        try before.write(to: URL(fileURLWithPath: report))
        let result = try await Self.hubsim(["run", "--junit", report, scenario])
        #expect(result.status == 2)
        #expect(result.stderr == "hubsim: --junit \(report): file exists; choose another path or add --force\n")
        #expect(result.stdout.isEmpty, "a scenario ran before the refusal")
        #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == before)
        let missing = try await Self.hubsim(["run", "--junit", dir + "/nowhere/report.xml", scenario])
        #expect(missing.status == 2)
        #expect(missing.stderr == "hubsim: --junit \(dir)/nowhere/report.xml: the directory \(dir)/nowhere does not exist; create it first or choose another path\n")
    }

    /// The report is owner-only whatever the umask: 000 would give 0666, 277 would give 0400.
    @Test(arguments: ["000", "277"])
    func aJUnitReportIsOwnerOnlyWhateverTheUmask(_ umask: String) async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = dir + "/online.yaml"
        try Data("profile: workspace-one\nsteps: [goOffline, goOnline]\n".utf8).write(to: URL(fileURLWithPath: scenario))
        let report = dir + "/report.xml"
        let command = "umask \(umask) && exec '\(try HubsimBinary.path())' run --quiet --junit '\(report)' '\(scenario)'"
        let result = try await Subprocess.run(["sh", "-c", command], environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.mode(report) == 0o600)
        #expect(String(decoding: FileManager.default.contents(atPath: report) ?? Data(), as: UTF8.self).contains("<testsuites"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["online.yaml", "report.xml"])
    }

    @Test(arguments: [
        ("", "hubsim: --apps '': names no app; give app ids separated by commas, e.g. --apps notes,scanner; valid apps: "),
        (",,,", "hubsim: --apps ',,,': names no app;"),
        ("notes,notes", "hubsim: --apps 'notes,notes': 'notes' is listed twice; list each app once\n"),
        ("notes,paint", "hubsim: --apps 'notes,paint': unknown app 'paint'; valid apps: "),
    ])
    func aBadAppListExitsTwoWithOneLine(_ apps: String, _ message: String) async throws {
        let result = try await Self.hubsim(["--ephemeral", "--apps", apps])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
}
