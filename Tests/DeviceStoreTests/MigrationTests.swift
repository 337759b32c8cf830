import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

@Suite struct MigrationTests {
    /// A device file as schema v3's hubsim (main before the fourth performance pass, Docs/performance.md) left it: the
    /// tables made by the v1–v3 migrations, filled with what this build's writer writes for
    /// `device`, each v3 column taken from where v4 keeps it.
    static func version3File(of device: SharedDevice) throws -> URL {
        let dir = try Fixtures.tempDir()
        let source = dir.appendingPathComponent("v4.sqlite"), url = dir.appendingPathComponent("old.sqlite")
        do {
            let store = try DeviceStore.open(at: source)
            try store.save(device)
            try store.close()
        }
        let queue = try DatabaseQueue(path: url.path, configuration: DeviceStore.configuration(label: "v3", inMemory: false))
        try Schema.migrator(upTo: 3).migrate(queue)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS v4", arguments: [source.path])
            // Parents before children: the foreign keys are on.
            for table in ["device", "apps", "items", "keychain", "app_log", "sessions", "event_log", "coverage",
                          "failed_attempts", "key_server", "findings"] {
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?, 'main')", arguments: [table])
                let values = columns.map { column -> String in
                    switch (table, column) {
                    case ("device", "profile_json"), ("device", "app_set"), ("device", "enrollment"):
                        "(SELECT \(column) FROM v4.device_setup)"
                    case ("apps", "definition"): "(SELECT definition FROM v4.app_definitions WHERE app = v4.apps.id)"
                    default: column
                    }
                }
                let order = table == "app_log" ? " ORDER BY app, seq" : ""
                try db.execute(sql: "INSERT INTO main.\(table) (\(columns.joined(separator: ", "))) SELECT \(values.joined(separator: ", ")) FROM v4.\(table)\(order)")
                let copied = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(table)")
                #expect(try copied == Int.fetchOne(db, sql: "SELECT count(*) FROM v4.\(table)"), "\(table)")
            }
            try db.execute(sql: "DETACH DATABASE v4")
        }
        #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 3)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM pragma_table_info('apps') WHERE name = 'definition'") } == 1)
        try queue.close()
        return url
    }

    /// A device saved by schema v3's hubsim opens: migrated to v4 with everything kept, saved
    /// as v4 from then on (each app's definition, the profile and app set in their own rows,
    /// the app log in append order), and read back the same after a restart.
    @Test(arguments: [ProfileID.workspaceOne, .entraIOS])
    func aVersion3FileIsMigratedWithItsDevice(profile: ProfileID) throws {
        var device = try Fixtures.newDevice(profile: profile)
        let walk = profile == .workspaceOne ? Fixtures.walk : Fixtures.ssoWalk
        for action in walk { _ = device.apply(action) }
        #expect(profile == .workspaceOne || device.snapshot.tokens != nil)
        let url = try Self.version3File(of: device)
        do {
            let store = try DeviceStore.open(at: url)
            #expect(try store.schemaVersion() == Schema.currentVersion)
            #expect(try store.load() == Fixtures.persisted(device.snapshot))
            func count(_ sql: String) throws -> Int? { try store.read { try Int.fetchOne($0, sql: sql) } }
            #expect(try count("SELECT count(*) FROM pragma_table_info('apps') WHERE name = 'definition'") == 0)
            #expect(try count("SELECT count(*) FROM pragma_table_info('device') WHERE name IN ('app_set', 'profile_json', 'enrollment')") == 0)
            #expect(try count("SELECT count(*) FROM app_definitions") == device.apps.count)
            #expect(try count("SELECT count(*) FROM device_setup") == 1)
            #expect(try count("SELECT count(*) FROM app_log") == device.apps.map(\.log.count).reduce(0, +))
            // Saved as v4 from where the file left off: the logs are continued, not rewritten.
            try Fixtures.drive(&device, [.advanceClock(seconds: 30)] + walk.suffix(6), store: store)
            try store.close()
        }
        let store = try DeviceStore.open(at: url)
        #expect(try store.schemaVersion() == Schema.currentVersion)
        #expect(try store.load() == Fixtures.persisted(device.snapshot))
        let applied = try store.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied.count == Schema.migrations.count)
    }

    @Test func aVersion1FileIsMigratedWithItsDevice() throws {
        var device = try Fixtures.newDevice()
        for action in Fixtures.walk { _ = device.apply(action) }
        // A file as the first schema's hubsim left it: a v3 file (the walk has no tokens),
        // stripped of what v2 and v3 added.
        let url = try Self.version3File(of: device)
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: DeviceStore.configuration(label: "v1", inMemory: false))
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

    /// A new database gets the current tables in one step (`Schema.createTables`): the same
    /// columns (names, types, order, constraints), keys, indexes, foreign keys, `WITHOUT
    /// ROWID` tables, `user_version` and applied migrations as a database migrated v1 to v4;
    /// and one whose creation stopped after its first commit is migrated on to the same.
    @Test func aNewDatabaseHasTheTablesTheMigrationsMake() throws {
        func describe(fresh: Bool, cutShort: Bool = false) throws -> [String] {
            let queue = try DatabaseQueue()
            try Schema.migrator(fresh: fresh).migrate(queue)
            if cutShort {
                try queue.writeWithoutTransaction { db in
                    try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier NOT LIKE 'v1:%'; PRAGMA user_version = 1")
                }
                try Schema.migrator().migrate(queue)
            }
            return try queue.read(Self.schemaLines)
        }
        let migrated = try describe(fresh: false), fresh = try describe(fresh: true)
        #expect(migrated.contains("table app_definitions without rowid"))
        #expect(migrated.contains("user_version \(Schema.currentVersion)"))
        #expect(fresh == migrated, "\(Set(fresh).symmetricDifference(migrated).sorted())")
        let resumed = try describe(fresh: true, cutShort: true)
        #expect(resumed == migrated, "\(Set(resumed).symmetricDifference(migrated).sorted())")
    }

    /// The schema as lines to compare: each table's columns (names, types, order,
    /// constraints), keys, indexes, foreign keys, `WITHOUT ROWID`, `user_version`,
    /// `application_id` and the applied migrations.
    static func schemaLines(_ db: Database) throws -> [String] {
        var lines: [String] = []
        let tables = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
        for table in tables {
            let name: String = table["name"], sql: String = table["sql"]
            lines.append("table \(name)\(sql.hasSuffix("WITHOUT ROWID") ? " without rowid" : "")")
            for c in try Row.fetchAll(db, sql: "SELECT * FROM pragma_table_info(?)", arguments: [name]) {
                lines.append("  column \(c["cid"] as Int) \(c["name"] as String) \(c["type"] as String) notnull=\(c["notnull"] as Int) default=\(c["dflt_value"] as String? ?? "-") pk=\(c["pk"] as Int)")
            }
            for i in try Row.fetchAll(db, sql: "SELECT * FROM pragma_index_list(?) ORDER BY name", arguments: [name]) {
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?)", arguments: [i["name"] as String])
                lines.append("  index \(i["name"] as String) unique=\(i["unique"] as Int) origin=\(i["origin"] as String) \(columns)")
            }
            for f in try Row.fetchAll(db, sql: "SELECT * FROM pragma_foreign_key_list(?)", arguments: [name]) {
                lines.append("  references \(f["table"] as String)(\(f["to"] as String)) from \(f["from"] as String) on delete \(f["on_delete"] as String)")
            }
            // CHECK constraints are in the text only.
            for check in sql.components(separatedBy: "CHECK").dropFirst() {
                lines.append("  check" + check.prefix { $0 != "\n" }.replacingOccurrences(of: ",", with: ""))
            }
        }
        lines.append("user_version \(try Int.fetchOne(db, sql: "PRAGMA user_version") ?? -1)")
        lines.append("application_id \(try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? -1)")
        lines += try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        return lines
    }

    @Test func theSchemaIsInspectable() throws {
        let store = try DeviceStore.inMemory()
        let tables = try store.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") }
        for table in ["apps", "app_definitions", "items", "keychain", "sessions", "event_log", "coverage", "failed_attempts", "app_log",
                      "device", "device_setup"] {
            #expect(tables.contains(table))
        }
        #expect(try store.read { try Int32.fetchOne($0, sql: "PRAGMA application_id") } == Schema.applicationID)
    }
}
