import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

@Suite struct MigrationTests {
    @Test func aVersion1FileIsMigratedWithItsDevice() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("old.sqlite")
        var device = try Fixtures.newDevice()
        for action in Fixtures.walk { device.apply(action) }
        // A file as the first schema's hubsim left it: written by this build's writer (the
        // walk has no tokens), then stripped of what later versions added.
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: DeviceStore.configuration(label: "v1", inMemory: false))
            try Schema.migrator(upTo: Schema.currentVersion).migrate(queue)
            _ = try queue.write { db in try SnapshotWriter().write(device.snapshot, over: nil, in: db, fingerprint: device.fingerprint(of:)) }
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: """
                    ALTER TABLE device DROP COLUMN tokens;
                    ALTER TABLE apps DROP COLUMN token;
                    ALTER TABLE findings DROP COLUMN token;
                    DROP INDEX items_by_owner;
                    DELETE FROM grdb_migrations WHERE identifier NOT LIKE 'v1:%';
                    PRAGMA user_version = 1;
                    """)
            }
            #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM pragma_table_info('device') WHERE name = 'tokens'") } == 0)
            #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 1)
            try queue.close()
        }
        let store = try DeviceStore.open(at: url)
        #expect(try store.schemaVersion() == Schema.currentVersion)
        #expect(try store.load() == Fixtures.persisted(device.snapshot))
        let indexes = try store.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name") }
        #expect(indexes == ["items_by_owner"])
        let applied = try store.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied.count == Schema.migrations.count)
    }

    @Test func theSchemaIsInspectable() throws {
        let store = try DeviceStore.inMemory()
        let tables = try store.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") }
        for table in ["apps", "items", "keychain", "sessions", "event_log", "coverage", "failed_attempts", "app_log", "device"] {
            #expect(tables.contains(table))
        }
        #expect(try store.read { try Int32.fetchOne($0, sql: "PRAGMA application_id") } == Schema.applicationID)
    }
}
