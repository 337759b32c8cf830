import ArgumentParser
import Configuration
import DeviceStore
import Foundation
import Platform
import Scenarios
import SessionEngine
import Testing
@testable import HubsimCommands

/// No output of a command (`--record`, `--cast`, `--junit`, `--log-file`) is a file the run
/// reads, nor another output, by file identity (`FileIdentity`), with `--force` or without:
/// refused before anything runs, and the file byte-identical.
@Suite("Reliability: outputs never overwrite what hubsim reads")
struct RunFilesTests {
    /// A state directory with a real device database holding a saved device, and its bytes.
    static func stateWithDevice(in dir: String) throws -> (state: String, database: String, bytes: Data) {
        let state = dir + "/state"
        let database = state + "/till.sqlite"
        let store = try DeviceStore.open(path: database)
        let device = try SharedDevice.make(name: "till", profile: .workspaceOne, tenant: BundledAssets.tenant(),
                                           catalogue: BundledAssets.catalogue(), dependencies: .seeded(hasher: ScryptHasher(logN: 10)))
        try store.save(device)
        try store.close()
        return (state, database, try #require(OutputFileTests.contents(database)))
    }

    /// The refusal the walk's files give, as the user reads it; nil when every output is claimed.
    static func refusal(_ launch: InteractiveLaunch) -> String? {
        do throws(OutputFile.Refusal) {
            _ = try launch.runFiles().claim()
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: - File identity

    @Test func everySpellingOfAFileIsOneIdentity() throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkdir(dir + "/sub", 0o700) == 0)
        let file = dir + "/sub/w.out"
        _ = try OutputFileTests.plant(file)
        #expect(symlink(file, dir + "/link") == 0)
        #expect(symlink(dir + "/sub", dir + "/dirlink") == 0)
        #expect(link(file, dir + "/hard") == 0)
        let identity = try #require(FileIdentity.of(file))
        for spelling in ["/sub/./w.out", "/sub/../sub/w.out", "//sub//w.out", "/link", "/hard", "/dirlink/w.out", "/./dirlink/../sub/w.out"] {
            #expect(FileIdentity.of(dir + spelling) == identity, "\(spelling)")
        }
        _ = try OutputFileTests.plant(dir + "/sub/other.out")
        #expect(FileIdentity.of(dir + "/sub/other.out") != identity)
    }

    @Test func aFileNotThereYetIsItsDirectoryAndName() throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkdir(dir + "/sub", 0o700) == 0)
        #expect(symlink(dir + "/sub", dir + "/dirlink") == 0)
        let identity = try #require(FileIdentity.of(dir + "/sub/new.out"))
        #expect(identity.name == "new.out")
        for spelling in ["/sub/./new.out", "/sub/../sub/new.out", "/sub//new.out", "/dirlink/new.out"] {
            #expect(FileIdentity.of(dir + spelling) == identity, "\(spelling)")
        }
        // A link to nothing is the file it would create.
        #expect(symlink(dir + "/sub/new.out", dir + "/dangling") == 0)
        #expect(FileIdentity.of(dir + "/dangling") == identity)
        #expect(FileIdentity.of(dir + "/sub/new.out2") != identity)
        #expect(FileIdentity.of(dir + "/nowhere/new.out") == nil)
        #expect(FileIdentity.of(dir + "/sub/new.out/") == nil)
        #expect(FileIdentity.of("") == nil)
    }

    // MARK: - The interactive walk

    @Test(arguments: [false, true])
    func theDeviceDatabaseIsNoOutputHoweverItIsSpelled(_ force: Bool) throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (state, database, before) = try Self.stateWithDevice(in: dir)
        #expect(symlink(database, dir + "/link.sqlite") == 0)
        let choice = DeviceChoice(device: "till", stateDir: state)
        let remedy = "hubsim never writes over a file it reads, even with --force: choose another path"
        for spelling in [database, dir + "/link.sqlite", state + "/./till.sqlite", state + "/../state//till.sqlite"] {
            let record = InteractiveLaunch(choice: choice, record: spelling, force: force)
            #expect(Self.refusal(record) == "--record \(spelling): is the device's database (\(database)); \(remedy)")
            #expect(exitStatus { try record.claimOutputs() } == .usage)
            let cast = InteractiveLaunch(choice: choice, cast: spelling, force: force)
            #expect(Self.refusal(cast) == "--cast \(spelling): is the device's database (\(database)); \(remedy)")
            let log = InteractiveLaunch(choice: DeviceChoice(device: "till", stateDir: state, logFile: spelling))
            #expect(Self.refusal(log) == "--log-file \(spelling): is the device's database (\(database)); \(remedy)")
            #expect(exitStatus { try log.claimOutputs() } == .usage)
        }
        // Its companions, there or not yet.
        let wal = InteractiveLaunch(choice: choice, record: state + "/./till.sqlite-wal", force: force)
        #expect(Self.refusal(wal) == "--record \(state)/./till.sqlite-wal: is the device database's write-ahead log (\(database)-wal); \(remedy)")
        let shm = InteractiveLaunch(choice: choice, cast: dir + "/link.sqlite-shm", force: force)
        #expect(Self.refusal(shm) == nil, "a file beside the link is not the database's: SQLite names it after the file")
        #expect(OutputFileTests.contents(database) == before)
        #expect(OutputFileTests.entries(state) == ["till.sqlite"])
        // A device whose database is not made yet: its path is still refused.
        let fresh = InteractiveLaunch(choice: DeviceChoice(device: "new", stateDir: state), record: state + "//new.sqlite")
        #expect(Self.refusal(fresh) == "--record \(state)//new.sqlite: is the device's database (\(state)/new.sqlite); \(remedy)")
    }

    @Test func theTenantAndEachOtherAreNoOutput() throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tenant = dir + "/tenant.yaml"
        let before = try OutputFileTests.plant(tenant)
        let remedy = "hubsim never writes over a file it reads, even with --force: choose another path"
        let log = InteractiveLaunch(choice: DeviceChoice(tenant: tenant, ephemeral: true, logFile: dir + "/./tenant.yaml"))
        #expect(Self.refusal(log) == "--log-file \(dir)/./tenant.yaml: is the tenant file (\(tenant)); \(remedy)")
        let record = InteractiveLaunch(choice: DeviceChoice(tenant: tenant, ephemeral: true), record: tenant, force: true)
        #expect(Self.refusal(record) == "--record \(tenant): is the tenant file (\(tenant)); \(remedy)")
        #expect(OutputFileTests.contents(tenant) == before)
        // Two outputs, one file.
        let both = InteractiveLaunch(choice: DeviceChoice(ephemeral: true, logFile: dir + "/w.out"), record: dir + "/./w.out", cast: dir + "/x.out")
        #expect(Self.refusal(both) == "--log-file \(dir)/w.out: --record writes the same file; give each its own path")
        let castAndRecord = InteractiveLaunch(choice: DeviceChoice(ephemeral: true), record: dir + "/w.out", cast: dir + "//w.out", force: true)
        #expect(Self.refusal(castAndRecord) == "--cast \(dir)//w.out: --record writes the same file; give each its own path")
        #expect(OutputFileTests.entries(dir) == ["tenant.yaml"])
    }

    @Test func aLogFileIsAppendedToButNeverASpecialFile() throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let existing = dir + "/hubsim.log"
        _ = try OutputFileTests.plant(existing)
        #expect(Self.refusal(InteractiveLaunch(choice: DeviceChoice(ephemeral: true, logFile: existing))) == nil)
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        let special = "is not a regular file (a terminal, device, FIFO or socket); hubsim writes its log only to a regular file: choose another path"
        for path in [dir + "/fifo", "/dev/null", "/dev/tty"] {
            #expect(Self.refusal(InteractiveLaunch(choice: DeviceChoice(ephemeral: true, logFile: path))) == "--log-file \(path): \(special)")
        }
    }

    // MARK: - run and lesson

    @Test func aReportIsNeverAScenarioNorTheTenantItNames() async throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkdir(dir + "/conf", 0o700) == 0)
        let tenant = dir + "/conf/tenant.yaml"
        try Data(BundledAssets.text("tenant.yaml").utf8).write(to: URL(fileURLWithPath: tenant))
        let tenantBefore = try #require(OutputFileTests.contents(tenant))
        let scenario = dir + "/walk.yaml"
        try Data("profile: workspace-one\ntenant: conf/tenant.yaml\nsteps: [goOffline, goOnline]\n".utf8).write(to: URL(fileURLWithPath: scenario))
        let scenarioBefore = try #require(OutputFileTests.contents(scenario))
        for arguments in [["--junit", dir + "/conf/../conf/tenant.yaml"], ["--cast", tenant], ["--junit", dir + "/./walk.yaml"],
                          ["--junit", dir + "/r.xml", "--cast", dir + "//r.xml"]] {
            #expect(await awaitedExitStatus { try await CommandRefusalTests.run(["run", "--force"] + arguments + [scenario]) } == .usage)
        }
        let command = try #require(try Hubsim.parseAsRoot(["run", "--cast", dir + "/conf/./tenant.yaml", scenario]) as? RunCommand)
        let parser = ScenarioParser(catalogue: try BundledAssets.catalogue())
        do throws(OutputFile.Refusal) {
            _ = try command.runFiles(paths: [scenario], parser: parser).claim()
            Issue.record("the tenant the scenario names was claimed")
        } catch {
            #expect(error.description == "--cast \(dir)/conf/./tenant.yaml: is a tenant file a scenario names (\(tenant)); hubsim never writes over a file it reads, even with --force: choose another path")
        }
        #expect(OutputFileTests.contents(tenant) == tenantBefore)
        #expect(OutputFileTests.contents(scenario) == scenarioBefore)
        #expect(OutputFileTests.entries(dir) == ["conf", "walk.yaml"])
    }

    @Test func aLessonsCastIsNeverTheLessonNorItsTenant() async throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tenant = dir + "/tenant.yaml", lesson = dir + "/lesson.yaml"
        // A lesson that plays, so that a cast claimed wrongly would be written over it.
        try Data(BundledAssets.text("tenant.yaml").utf8).write(to: URL(fileURLWithPath: tenant))
        let tenantBefore = try #require(OutputFileTests.contents(tenant))
        let shipped = try BundledAssets.text("lessons/ws1-offline.yaml")
        let text = shipped.replacingOccurrences(of: "\nprofile: workspace-one\n", with: "\nprofile: workspace-one\ntenant: tenant.yaml\n")
        #expect(text != shipped)
        try Data(text.utf8).write(to: URL(fileURLWithPath: lesson))
        let lessonBefore = try #require(OutputFileTests.contents(lesson))
        for cast in [lesson, dir + "/./lesson.yaml", dir + "/tenant.yaml", dir + "//tenant.yaml"] {
            #expect(await awaitedExitStatus { try await CommandRefusalTests.run(["lesson", "--headless", "--cast", cast, "--force", lesson]) } == .usage)
            #expect(await awaitedExitStatus { try await CommandRefusalTests.run(["lesson", "--cast", cast, "--force", lesson]) } == .usage)
        }
        #expect(OutputFileTests.contents(tenant) == tenantBefore)
        #expect(OutputFileTests.contents(lesson) == lessonBefore)
        #expect(OutputFileTests.entries(dir) == ["lesson.yaml", "tenant.yaml"])
    }
}
