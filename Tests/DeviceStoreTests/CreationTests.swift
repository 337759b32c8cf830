import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// A new device's file is made without syncs before hubsim's first frame, and synced by its
/// first save or its close (`DeviceStore.configuration(creating:)`, Docs/performance.md): what it holds
/// and who may open it are as before.
@Suite struct CreationTests {
    static func synchronous(_ store: DeviceStore) throws -> Int? {
        try store.read { try Int.fetchOne($0, sql: "PRAGMA synchronous") }
    }

    /// What a file holds apart from the device: its schema, marks and migrations.
    static func layout(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(db, sql: "SELECT type || ' ' || name || ': ' || ifnull(sql, '') FROM sqlite_master ORDER BY name")
                + String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                + [try String.fetchOne(db, sql: "PRAGMA user_version") ?? "", try String.fetchOne(db, sql: "PRAGMA application_id") ?? "",
                   try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? ""]
        }
    }

    @Test func aNewFileIsSyncedFromItsFirstSaveOn() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let store = try DeviceStore.open(at: url)
        #expect(try Self.synchronous(store) == 0)
        #expect(FileManager.default.fileExists(atPath: url.path))
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, [.goOffline], store: store)
        // NORMAL, as a file opened again has.
        #expect(try Self.synchronous(store) == 1)
        try store.close()
        let reopened = try DeviceStore.open(at: url)
        #expect(try Self.synchronous(reopened) == 1)
        #expect(try reopened.load() == device.snapshot)
    }

    /// Closed (or dropped) before any save, the new file is a whole, empty device database
    /// with the schema a synced creation made: the next start opens it as a new device.
    @Test func aNewFileClosedUnsavedHoldsTheSchemaAndNoDevice() throws {
        let dir = try Fixtures.tempDir()
        let closed = dir.appendingPathComponent("closed.sqlite"), dropped = dir.appendingPathComponent("dropped.sqlite")
        try DeviceStore.open(at: closed).close()
        do { _ = try DeviceStore.open(at: dropped) }
        for url in [closed, dropped] {
            #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"), "\(url.lastPathComponent): checkpointed")
            let store = try DeviceStore.open(at: url)
            #expect(try store.loadForStart() == SavedDevice.none)
            #expect(try store.schemaVersion() == Schema.currentVersion)
            try store.close()
        }
        // The same as a file made by the migrator on a synced connection, as before (its
        // one-step form for a new database: the same tables as step by step, `MigrationTests`).
        let reference = dir.appendingPathComponent("reference.sqlite")
        do {
            let queue = try DatabaseQueue(path: reference.path, configuration: DeviceStore.configuration(label: "reference", inMemory: false))
            try Schema.migrator(fresh: true).migrate(queue)
            try queue.close()
        }
        let expected = try Self.layout(reference.path)
        #expect(expected.contains("wal") && expected.count > 10)
        #expect(try Self.layout(closed.path) == expected)
        #expect(try Self.layout(dropped.path) == expected)
    }

    /// The new file is held from the open, before anything of the device is written.
    @Test func aNewFileIsInUseFromItsCreation() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let first = try DeviceStore.open(at: url)
        do {
            _ = try DeviceStore.open(at: url)
            Issue.record("opened a device another store has just created")
        } catch {
            #expect(error.kind == .inUse, "\(error)")
        }
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, [.goOffline], store: first)
        #expect(try first.load() == device.snapshot)
    }

    /// A reset right after the creation (`hubsim reset` of a device never started) syncs first too.
    @Test func aResetOfANewFileLeavesItSynced() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let store = try DeviceStore.open(at: url)
        try store.reset()
        #expect(try Self.synchronous(store) == 1)
        #expect(try store.load() == nil)
    }
}
