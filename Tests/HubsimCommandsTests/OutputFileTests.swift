import Configuration
import Foundation
import HubUI
import Platform
import Scenarios
import SessionEngine
import Testing
@testable import HubsimCommands

/// `--record` and `--junit` files (Docs/reliability.md, output files): claimed at start, never replacing
/// what is there without `--force` (and nothing but a regular file even with it), written
/// atomically and owner-only, and kept elsewhere when the final write fails.
@Suite("Reliability: output files")
struct OutputFileTests {
    /// A fresh directory for one test.
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Known bytes at `path`, to compare with afterwards.
    static func plant(_ path: String) throws -> Data {
        let bytes = Data("SQLite format 3\0 a precious device database \u{1}\u{2}\u{3}\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        return bytes
    }

    static func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static func mode(_ path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o777 : 0
    }

    static func entries(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// The refusal `claim` gives, as the user reads it.
    static func refusal(_ path: String, option: String = "--record", force: Bool = false) -> String? {
        do throws(OutputFile.Refusal) {
            _ = try OutputFile.claim(path, for: option, force: force)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: - Claimed at start

    @Test func anExistingFileIsRefusedWithoutForceAndLeftAsItWas() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/till.sqlite"
        let before = try Self.plant(file)
        #expect(Self.refusal(file) == "--record \(file): file exists; choose another path or add --force")
        #expect(Self.refusal(file, option: "--junit") == "--junit \(file): file exists; choose another path or add --force")
        #expect(Self.contents(file) == before)
        #expect(Self.entries(dir) == ["till.sqlite"], "the probe file was left behind")
    }

    @Test func withForceAnExistingRegularFileIsReplacedOwnerOnly() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/walk.yaml"
        _ = try Self.plant(file)
        chmod(file, 0o644)
        let claimed = try OutputFile.claim(file, for: "--record", force: true)
        try claimed.write(Array("steps: []\n".utf8), what: "the recording", fallbackDirectories: [], kind: "record")
        #expect(Self.contents(file) == Data("steps: []\n".utf8))
        #expect(Self.mode(file) == 0o600)
        #expect(Self.entries(dir) == ["walk.yaml"], "a temporary file was left behind")
    }

    @Test func aNewFileIsOwnerOnlyWhateverTheUmask() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/report.xml"
        let claimed = try OutputFile.claim(file, for: "--junit", force: false)
        #expect(Self.entries(dir).isEmpty, "claiming wrote something")
        try claimed.write(Array("<testsuites/>\n".utf8), what: "the JUnit report", fallbackDirectories: [], kind: "junit")
        #expect(Self.contents(file) == Data("<testsuites/>\n".utf8))
        // The test runner's umask (022) would give 0644.
        #expect(Self.mode(file) == 0o600)
        #expect(Self.entries(dir) == ["report.xml"])
    }

    @Test(arguments: [false, true])
    func aDirectoryIsRefusedEvenWithForce(_ force: Bool) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(Self.refusal(dir, force: force) == "--record \(dir): is a directory; give the name of a file inside it")
        #expect(Self.refusal(dir + "/", force: force) == "--record \(dir)/: is a directory; give the name of a file inside it")
        #expect(Self.refusal(dir + "/new/", force: force) == "--record \(dir)/new/: names a directory (it ends with /); give the name of a file")
        #expect(Self.entries(dir).isEmpty)
    }

    @Test(arguments: [false, true])
    func aDeviceOrFIFOIsRefusedEvenWithForce(_ force: Bool) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let special = "is not a regular file (a device, FIFO or socket); hubsim replaces only regular files, even with --force: choose another path"
        #expect(Self.refusal("/dev/null", force: force) == "--record /dev/null: \(special)")
        #expect(Self.refusal(fifo, option: "--junit", force: force) == "--junit \(fifo): \(special)")
        #expect(Self.entries(dir) == ["pipe"])
    }

    @Test func anEmptyPathIsRefused() {
        #expect(Self.refusal("") == "--record '': the path is empty; give the name of the file to write")
        #expect(Self.refusal("", option: "--junit", force: true) == "--junit '': the path is empty; give the name of the file to write")
    }

    @Test func aMissingOrFileParentIsRefused() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(Self.refusal(dir + "/nowhere/walk.yaml")
            == "--record \(dir)/nowhere/walk.yaml: the directory \(dir)/nowhere does not exist; create it first or choose another path")
        let file = dir + "/tenant.yaml"
        let before = try Self.plant(file)
        #expect(Self.refusal(file + "/walk.yaml", force: true)
            == "--record \(file)/walk.yaml: cannot be checked (Not a directory); choose another path")
        #expect(Self.contents(file) == before)
    }

    @Test func anUnwritableDirectoryIsRefused() throws {
        #if os(Linux)
        // Root may write almost anywhere; /sys refuses new files even to root.
        let dir = "/sys"
        #else
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        chmod(dir, 0o500)
        #endif
        let message = try #require(Self.refusal(dir + "/walk.yaml"))
        #expect(message.hasPrefix("--record \(dir)/walk.yaml: cannot create a file in \(dir) ("))
        #expect(message.hasSuffix("); choose a directory you can write to"))
    }

    @Test func aSymbolicLinkIsFollowed() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/kept.yaml", link = dir + "/walk.yaml"
        let before = try Self.plant(file)
        #expect(symlink(file, link) == 0)
        #expect(Self.refusal(link) == "--record \(link): file exists; choose another path or add --force")
        #expect(Self.contents(file) == before)
        // With --force the file it points to is replaced, and the link stays a link.
        let claimed = try OutputFile.claim(link, for: "--record", force: true)
        try claimed.write(Array("new\n".utf8), what: "the recording", fallbackDirectories: [], kind: "record")
        #expect(Self.contents(file) == Data("new\n".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == file)
        // A link to nothing is refused.
        let dangling = dir + "/dangling.yaml"
        #expect(symlink(dir + "/gone.yaml", dangling) == 0)
        #expect(Self.refusal(dangling)?.hasPrefix("--record \(dangling): is a symbolic link to nothing (") == true)
        // A link to a directory is a directory.
        let toDir = dir + "/sub"
        #expect(symlink(NSTemporaryDirectory(), toDir) == 0)
        #expect(Self.refusal(toDir, force: true) == "--record \(toDir): is a directory; give the name of a file inside it")
    }

    @Test func controlCharactersInAPathNeverReachTheTerminal() throws {
        let message = try #require(Self.refusal("/nowhere-\u{1B}[2J\u{7}/walk.yaml"))
        #expect(message == "--record /nowhere-?[2J?/walk.yaml: the directory /nowhere-?[2J? does not exist; create it first or choose another path")
    }

    // MARK: - The final write fails anyway

    @Test func aFileThatAppearedMeanwhileIsLeftAloneAndTheBytesAreKept() throws {
        let dir = try Self.directory(), fallback = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: fallback) }
        let file = dir + "/walk.yaml"
        let claimed = try OutputFile.claim(file, for: "--record", force: false)
        let before = try Self.plant(file)
        do throws(OutputFile.WriteFailure) {
            try claimed.write(Array("steps: []\n".utf8), what: "the recording", fallbackDirectories: [fallback], kind: "record")
            Issue.record("the file that appeared was replaced")
        } catch {
            let kept = try #require(error.keptAt)
            #expect(kept.hasPrefix(fallback + "/hubsim-record-") && kept.hasSuffix(".yaml"))
            #expect(error.description == "--record \(file): cannot write it (a file appeared there since hubsim started); the recording was kept in \(kept)")
            #expect(Self.contents(kept) == Data("steps: []\n".utf8))
            #expect(Self.mode(kept) == 0o600)
        }
        #expect(Self.contents(file) == before)
        #expect(Self.entries(dir) == ["walk.yaml"], "a temporary file was left behind")
    }

    @Test func aDirectoryRemovedMeanwhileKeepsTheBytesInTheFirstFallbackThatTakesThem() throws {
        let dir = try Self.directory(), fallback = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: fallback) }
        let claimed = try OutputFile.claim(dir + "/report.xml", for: "--junit", force: false)
        try FileManager.default.removeItem(atPath: dir)
        do throws(OutputFile.WriteFailure) {
            try claimed.write(Array("<testsuites/>\n".utf8), what: "the JUnit report",
                              fallbackDirectories: [dir + "/also-gone", fallback], kind: "junit")
            Issue.record("a write into a removed directory succeeded")
        } catch {
            let kept = try #require(error.keptAt)
            #expect(Self.entries(fallback) == [String(kept.dropFirst(fallback.count + 1))])
            #expect(kept.hasSuffix(".xml"))
            #expect(error.description.hasPrefix("--junit \(dir)/report.xml: cannot write it (cannot create a file beside it: No such file or directory); the JUnit report was kept in \(fallback)/hubsim-junit-"))
            #expect(Self.contents(kept) == Data("<testsuites/>\n".utf8))
            #expect(Self.mode(kept) == 0o600)
        }
    }

    @Test func whenNothingTakesTheBytesTheMessageSaysSo() throws {
        let dir = try Self.directory()
        let claimed = try OutputFile.claim(dir + "/walk.yaml", for: "--record", force: false)
        try FileManager.default.removeItem(atPath: dir)
        do throws(OutputFile.WriteFailure) {
            try claimed.write(Array("x".utf8), what: "the recording", fallbackDirectories: [dir], kind: "record")
            Issue.record("a write into a removed directory succeeded")
        } catch {
            #expect(error.keptAt == nil)
            #expect(error.description.hasSuffix("; the recording could not be kept anywhere else either"))
        }
    }
}

/// The end of a walk whose `--record` file can no longer be written: the recording is kept
/// in the device's state directory (or the temporary directory) and one line says where.
@Suite("Reliability: a recording kept when its file cannot be written")
struct RecordingFallbackTests {
    static func walk() throws -> (HubModel, ScenarioRecorder) {
        let device = try SharedDevice.make(profile: .workspaceOne, tenant: BundledAssets.tenant(), catalogue: BundledAssets.catalogue(),
                                           dependencies: .seeded(hasher: ScryptHasher(logN: 10)))
        let model = HubModel(device: device, theme: .mono)
        let recorder = ScenarioRecorder(model: model, hasher: ScryptHasher(logN: 10))
        return (model, recorder)
    }

    @Test func aPersistentDeviceKeepsItInItsStateDirectory() throws {
        let dir = try OutputFileTests.directory(), state = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let launch = InteractiveLaunch(choice: DeviceChoice(stateDir: state), record: dir + "/walk.yaml")
        let file = try #require(try launch.claimOutputs().record)
        try FileManager.default.removeItem(atPath: dir)
        let (model, recorder) = try Self.walk()
        let outcome = launch.saveRecording(model, recorder: recorder, to: file)
        #expect(!outcome.written)
        let kept = try #require(OutputFileTests.entries(state).first)
        #expect(OutputFileTests.entries(state) == [kept] && kept.hasPrefix("hubsim-record-") && kept.hasSuffix(".yaml"))
        #expect(outcome.notes.first == "hubsim: --record \(dir)/walk.yaml: cannot write it (cannot create a file beside it: No such file or directory); the recording was kept in \(state)/\(kept)")
        #expect(OutputFileTests.mode(state + "/" + kept) == 0o600)
        let yaml = String(decoding: try #require(OutputFileTests.contents(state + "/" + kept)), as: UTF8.self)
        #expect(yaml.contains("profile: workspace-one"))
    }

    @Test func anEphemeralDeviceKeepsItInTheTemporaryDirectory() throws {
        let dir = try OutputFileTests.directory()
        let launch = InteractiveLaunch(choice: DeviceChoice(ephemeral: true), record: dir + "/walk.yaml")
        #expect(launch.recordingFallbackDirectories() == [NSTemporaryDirectory()])
        let file = try #require(try launch.claimOutputs().record)
        try FileManager.default.removeItem(atPath: dir)
        let (model, recorder) = try Self.walk()
        let outcome = launch.saveRecording(model, recorder: recorder, to: file)
        #expect(!outcome.written)
        let line = try #require(outcome.notes.first)
        let kept = try #require(line.components(separatedBy: "; the recording was kept in ").last)
        defer { unlink(kept) }
        #expect(kept.hasPrefix(OutputFile.parent(of: NSTemporaryDirectory() + "x") + "/hubsim-record-"))
        #expect(OutputFileTests.contents(kept).map { String(decoding: $0, as: UTF8.self).contains("profile: workspace-one") } == true)
    }

    @Test func aWrittenRecordingSaysWhereAndHowToReplayIt() throws {
        let dir = try OutputFileTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let launch = InteractiveLaunch(choice: DeviceChoice(ephemeral: true), record: dir + "/walk.yaml")
        let file = try #require(try launch.claimOutputs().record)
        let (model, recorder) = try Self.walk()
        let outcome = launch.saveRecording(model, recorder: recorder, to: file)
        #expect(outcome.written)
        #expect(outcome.notes.first == "hubsim: recorded 0 action(s) to \(dir)/walk.yaml")
        #expect(OutputFileTests.entries(dir) == ["walk.yaml"])
        #expect(OutputFileTests.mode(dir + "/walk.yaml") == 0o600)
    }
}
