import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// hubsim's start (`DeviceStore.openForStart`): an existing device's file is opened and read
/// before the first frame; a new device's only has its directory made, and its database is
/// made by `NewDeviceFile.create` once the first frame is on screen (Docs/performance.md).
@Suite struct StartingStoreTests {
    static func start(_ stateDir: URL) throws(StoreError) -> StartingStore {
        try DeviceStore.openForStart(stateDir: stateDir.path, device: "till-3", environment: [:])
    }

    static func newFile(_ starting: StartingStore) -> NewDeviceFile? {
        if case let .new(file) = starting { return file }
        return nil
    }

    @Test func aNewDeviceHasOnlyItsDirectoryUntilItsDatabaseIsCreated() throws {
        let stateDir = try Fixtures.tempDir().appendingPathComponent("state/nested")
        let file = try #require(Self.newFile(try Self.start(stateDir)))
        #expect(file.path == stateDir.path + "/till-3.sqlite")
        #expect(Fixtures.mode(stateDir.path) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateDir.path).isEmpty, "no file and no probe left")

        let store = try file.create()
        #expect(Fixtures.mode(file.path) == 0o600)
        #expect(try store.loadForStart() == SavedDevice.none)
        #expect(try store.schemaVersion() == Schema.currentVersion)
        // Made as `open` makes a new file: without syncs until the first save.
        #expect(try CreationTests.synchronous(store) == 0)
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, [.goOffline], store: store)
        try store.close()

        // The next start finds it, opens it and reads it.
        guard case let .existing(reopened, saved) = try Self.start(stateDir) else {
            Issue.record("the saved device was not found"); return
        }
        #expect(saved == SavedDevice.unenrolled(.workspaceOne))
        #expect(try reopened.load() == device.snapshot)
    }

    /// Two starts of one new device: each drew its first frame; the first to create the
    /// database keeps it, the second is told it is in use, and nothing of the first is touched.
    @Test func ofTwoStartsOfOneNewDeviceTheSecondToCreateItIsToldItIsInUse() throws {
        let stateDir = try Fixtures.tempDir()
        let first = try #require(Self.newFile(try Self.start(stateDir)))
        let second = try #require(Self.newFile(try Self.start(stateDir)))
        let store = try first.create()
        do {
            _ = try second.create()
            Issue.record("created a device database another start had just made")
        } catch {
            #expect(error.kind == .inUse, "\(error)")
        }
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, [.goOffline], store: store)
        #expect(try store.load() == device.snapshot)
        // And a third start, while the first holds it, is refused before its first frame.
        do {
            _ = try Self.start(stateDir)
            Issue.record("opened a device another process holds")
        } catch {
            #expect(error.kind == .inUse, "\(error)")
        }
    }

    /// A place that cannot hold the device is refused before the first frame, as before.
    @Test func aStateDirectoryThatIsAFileIsRefusedBeforeTheFirstFrame() throws {
        let dir = try Fixtures.tempDir()
        let notADirectory = dir.appendingPathComponent("state")
        try Data("x".utf8).write(to: notADirectory)
        do {
            _ = try Self.start(notADirectory)
            Issue.record("accepted a file as the state directory")
        } catch {
            #expect(error.kind == .unwritable, "\(error)")
            #expect(error.description.contains("not a directory"), "\(error)")
        }
    }
}
