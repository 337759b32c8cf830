import DeviceStore
import Foundation
import FuzzSupport
import Testing

/// The real binary never writes an output over a file it reads, nor one output over another,
/// however the path is spelled (a symbolic link, `dir/./file`, `./file`), with `--force` or
/// without: one line, exit 2, before the screen, and the file byte-identical. A FIFO given
/// as `--log-file` is refused at once instead of blocking the start.
@Suite("Reliability: outputs never overwrite what hubsim reads (binary)", .offThePool)
struct OutputAliasStartTests {
    /// Every run is cut after this long: a start that blocks fails the test instead of hanging it.
    static let timeLimit = "20"

    /// `hubsim arguments` run in `directory`, killed after `timeLimit` seconds (exit 137 then).
    static func hubsim(_ arguments: [String], in directory: String) async throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let quoted = ([try HubsimBinary.path()] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try await Subprocess.run(["sh", "-c", "cd '\(directory)' && exec timeout -s KILL \(timeLimit) " + quoted.joined(separator: " ")],
                                  environment: environment)
    }

    /// A state directory holding a real device database (`DeviceStore` made it), and its bytes.
    static func stateWithDatabase() throws -> (dir: String, database: String, bytes: Data) {
        let dir = try OutputFileStartTests.directory()
        let database = dir + "/till.sqlite"
        let store = try DeviceStore.open(path: database)
        try store.close()
        return (dir, database, try Data(contentsOf: URL(fileURLWithPath: database)))
    }

    static func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test(arguments: [
        // The database by its own path, through a link, through `dir/./`, and the log beside it.
        (["--record", "till.sqlite", "--force"], "--record till.sqlite: is the device's database"),
        (["--cast", "link.sqlite", "--force"], "--cast link.sqlite: is the device's database"),
        (["--record", "sub/../././till.sqlite", "--force"], "--record sub/../././till.sqlite: is the device's database"),
        (["--log-file", "./till.sqlite"], "--log-file ./till.sqlite: is the device's database"),
        (["--record", "./till.sqlite-wal", "--force"], "--record ./till.sqlite-wal: is the device database's write-ahead log"),
    ])
    func theDeviceDatabaseIsNeverAnOutput(_ options: [String], _ expected: String) async throws {
        let (dir, database, before) = try Self.stateWithDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(symlink(database, dir + "/link.sqlite") == 0)
        #expect(mkdir(dir + "/sub", 0o700) == 0)
        let result = try await Self.hubsim(["--state-dir", dir, "--device", "till"] + options, in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("hubsim: \(expected) ("), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("); hubsim never writes over a file it reads, even with --force: choose another path\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(Self.contents(database) == before, "the device's database changed")
        // Still the device's database: it opens as one.
        #expect(throws: Never.self) { try DeviceStore.open(path: database).close() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.sqlite", "sub", "till.sqlite"])
    }

    @Test func twoSpellingsOfOneReportAreRefused() async throws {
        let dir = try OutputFileStartTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("profile: workspace-one\nsteps: [goOffline, goOnline]\n".utf8).write(to: URL(fileURLWithPath: dir + "/online.yaml"))
        let before = Data("an earlier report\n".utf8)
        try before.write(to: URL(fileURLWithPath: dir + "/w.out"))
        let result = try await Self.hubsim(["run", "--junit", "./w.out", "--cast", "w.out", "--force", "online.yaml"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "hubsim: --cast w.out: --junit writes the same file; give each its own path\n")
        #expect(result.stdout.isEmpty, "a scenario ran before the refusal")
        #expect(Self.contents(dir + "/w.out") == before)
        // The same for a file not there yet.
        #expect(mkdir(dir + "/sub", 0o700) == 0)
        let fresh = try await Self.hubsim(["run", "--junit", "new.out", "--cast", "./sub/../new.out", "online.yaml"], in: dir)
        #expect(fresh.status == 2)
        #expect(fresh.stderr == "hubsim: --cast ./sub/../new.out: --junit writes the same file; give each its own path\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["online.yaml", "sub", "w.out"])
    }

    @Test func theTenantFileIsNeverTheLog() async throws {
        let dir = try OutputFileStartTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tenant = dir + "/tenant.yaml"
        let before = Data("groups: [{id: G}]\n# a tenant that must survive\n".utf8)
        try before.write(to: URL(fileURLWithPath: tenant))
        let result = try await Self.hubsim(["--ephemeral", "--tenant", "tenant.yaml", "--log-file", dir + "/./tenant.yaml"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "hubsim: --log-file \(dir)/./tenant.yaml: is the tenant file (tenant.yaml); hubsim never writes over a file it reads, even with --force: choose another path\n")
        #expect(Self.contents(tenant) == before)
    }

    /// Opening a FIFO for writing blocks until something reads it: the start must look first.
    @Test func aFIFOAsTheLogIsRefusedAtOnce() async throws {
        let dir = try OutputFileStartTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/log", 0o600) == 0)
        let result = try await Self.hubsim(["--ephemeral", "--log-file", "log"], in: dir)
        #expect(result.status == 2, "137 is the time limit: hubsim blocked")
        #expect(result.stderr == "hubsim: --log-file log: is not a regular file (a terminal, device, FIFO or socket); hubsim writes its log only to a regular file: choose another path\n")
        #expect(result.seconds < 15)
        let terminal = try await Self.hubsim(["--ephemeral", "--log-file", "/dev/tty"], in: dir)
        #expect(terminal.status == 2)
        #expect(terminal.stderr.hasPrefix("hubsim: --log-file /dev/tty: is not a regular file"))
    }
}
