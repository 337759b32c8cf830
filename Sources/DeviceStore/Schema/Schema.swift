import GRDB

/// The device database's schema: versioned migrations, and the marks in the SQLite header
/// (`application_id`, `user_version`) that let hubsim recognise a foreign or newer file
/// before it touches it.
///
/// One table per kind of thing a developer wants to look at with `sqlite3`; JSON columns
/// only for small nested values (the profile, the app definitions, held deliveries).
/// Tables keyed by text or by two columns are `WITHOUT ROWID`: one b-tree instead of a
/// table plus an index, so each committed event writes fewer pages to the WAL. What is
/// written at every event (the `device` row, the `apps` rows, both logs) is kept apart from
/// what changes at enrollment only (`device_setup`, `app_definitions`), and both logs are
/// appended at the end of their b-tree (schema v4, Docs/performance.md).
public enum Schema {
    /// `PRAGMA application_id` of every hubsim device database: "HUBS" in ASCII.
    public static let applicationID: Int32 = 0x4855_4253
    /// The schema version this build writes (`PRAGMA user_version`).
    public static let currentVersion = 7

    /// The migrations, in order; each ends by stamping its version into `user_version`.
    static let migrations: [(id: String, version: Int, body: @Sendable (Database) throws -> Void)] = [
        ("v1: device, apps, items, keychain, sessions, logs, coverage, lockouts", 1, createV1),
        ("v2: index of items by owner", 2, createV2),
        ("v3: tokens of single sign-on (keychain groups, broker, per-app token, token findings)", 3, createV3),
        ("v4: app log in append order; definitions, profile, enrollment and app set out of the rows saved at every event", 4, createV4),
        ("v5: injected faults (armed, fired, under way, the fault seed)", 5, createV5),
        ("v6: Android shared device mode (registration, isSharedDevice() reads, queued broadcasts)", 6, createV6),
        ("v7: Managed Home Screen (session PIN hash, attempts, screensaver, automatic sign-out countdown)", 7, createV7),
    ]

    /// A migrator that stops after `version` (tests build older files with it). For a new
    /// database (`fresh`) the first migration makes the current tables at once
    /// (`createTables`) and the later ones find their work done, so the file holds the same
    /// tables, `user_version` and applied migrations as one migrated step by step (and one
    /// whose creation was cut short after the first commits its migration resumes).
    static func migrator(upTo version: Int = currentVersion, fresh: Bool = false) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        let oneStep = fresh && version == currentVersion
        for m in migrations where m.version <= version {
            let body: @Sendable (Database) throws -> Void = oneStep && m.version == 1 ? createTables : m.body
            let stamp = m.version
            migrator.registerMigration(m.id) { db in
                try body(db)
                try db.execute(sql: "PRAGMA application_id = \(applicationID)")
                try db.execute(sql: "PRAGMA user_version = \(stamp)")
            }
        }
        return migrator
    }

    /// Makes an empty database current in one transaction, as `migrator()` would in one per
    /// migration: each migration's body and stamps in order, and `grdb_migrations` holding
    /// their identifiers, so a migrator later finds them all applied (`CreationTests` compares
    /// the two files). GRDB's migrator cost about 1 ms before a new device's first frame, half
    /// of it the runtime's first use of its generic types (Docs/performance.md); measured again
    /// (Docs/decisions.md, "The device store's special cases, measured"), a new device's start
    /// with the migrator took 1.3 ms more CPU and peaked 2 MB higher, over the 16 MB budget.
    static func createCurrent(_ db: Database) throws {
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        try DeviceStore.inTransaction(db) {
            // GRDB's own statement, so that the table's text in sqlite_master is the same.
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            // v1 makes the current tables at once (`createTables`); v2 to v4 find their work done.
            for m in migrations {
                try (m.version == 1 ? createTables : m.body)(db)
                try db.execute(sql: "PRAGMA application_id = \(applicationID)")
                try db.execute(sql: "PRAGMA user_version = \(m.version)")
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [m.id])
            }
            try db.checkForeignKeys()
        }
    }

    private static func createV1(_ db: Database) throws {
        // The tables still as v1 made them are written once, in `Tables`.
        try db.execute(sql: """
            CREATE TABLE device (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                name TEXT NOT NULL,
                profile TEXT NOT NULL,
                profile_json TEXT NOT NULL,
                state TEXT NOT NULL,
                state_user TEXT,
                enrollment_progress TEXT,
                online INTEGER NOT NULL,
                now_ms INTEGER NOT NULL,
                last_activity_ms INTEGER NOT NULL,
                enrollment TEXT,
                session_user TEXT,
                session_started_ms INTEGER,
                session_passcode_hash TEXT,
                marks_check_outs INTEGER NOT NULL,
                marks_wipes INTEGER NOT NULL,
                previous_account TEXT,
                foreground TEXT NOT NULL,
                app_set TEXT NOT NULL,
                delivery_mode TEXT NOT NULL,
                held_deliveries TEXT NOT NULL,
                leak_count INTEGER NOT NULL,
                exposure_count INTEGER NOT NULL
            );
            \(Tables.sessions)
            CREATE TABLE apps (
                id TEXT PRIMARY KEY,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                definition TEXT NOT NULL,
                lifecycle TEXT NOT NULL,
                sdk_seen_check_outs INTEGER,
                sdk_seen_wipes INTEGER,
                initial_check_failed INTEGER NOT NULL,
                saw_checked_in INTEGER NOT NULL,
                shown_user TEXT,
                user_change_flag INTEGER NOT NULL,
                next_serial INTEGER NOT NULL
            ) WITHOUT ROWID;
            \(Tables.items)
            \(Tables.keychain)
            CREATE TABLE app_log (
                app TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                seq INTEGER NOT NULL,
                time_ms INTEGER NOT NULL,
                kind TEXT NOT NULL,
                name TEXT NOT NULL,
                detail TEXT NOT NULL,
                PRIMARY KEY (app, seq)
            ) WITHOUT ROWID;
            \(Tables.eventLog)
            \(Tables.coverage)
            \(Tables.failedAttempts)
            \(Tables.keyServer)
            CREATE TABLE findings (
                position INTEGER PRIMARY KEY,
                app TEXT NOT NULL,
                severity TEXT NOT NULL,
                owners TEXT NOT NULL,
                device_user TEXT,
                item_count INTEGER NOT NULL
            );
            """)
    }

    private static func createV2(_ db: Database) throws {
        // "Whose data is on this device?" is the question a developer asks the file when
        // chasing a leak; without this index it scans every app's items.
        // IF NOT EXISTS: a new database has it from `createTables`.
        try db.execute(sql: "CREATE INDEX IF NOT EXISTS items_by_owner ON items(owner)")
    }

    private static func createV3(_ db: Database) throws {
        // Reference 003's tokens. The keychain groups' caches, the broker's accounts and a
        // waiting prompt are one small JSON value (NULL until an app first asks for a token);
        // each app's token state sits on its row; a token finding is marked on its row.
        // A new database has them from `createTables`.
        if try hasColumn(db, "device", "tokens") { return }
        try db.execute(sql: """
            ALTER TABLE device ADD COLUMN tokens TEXT;
            ALTER TABLE apps ADD COLUMN token TEXT;
            ALTER TABLE findings ADD COLUMN token INTEGER;
            """)
    }

    private static func createV4(_ db: Database) throws {
        // What a committed event wrote to the WAL (Docs/performance.md, fourth pass):
        // 8.7 pages, a third of them the app log's. Keyed by (app, seq), each app's new entries
        // went to that app's own leaf, so an event that logs in three apps dirtied three leaves;
        // keyed by the order entries are appended (`entry`), they all go to the last leaf.
        // `seq` stays the entry's number in its app's log; reading in `entry` order keeps each
        // app's entries in their order, as the writer appends them in it (so does this copy).
        //
        // The `device` row and the `apps` rows are rewritten at every event; the profile's and
        // app set's JSON (2.4 KB) and each app's definition (~300 B) change at enrollment only,
        // and now sit in rows written when they change. A new database has all of it from
        // `createTables`: copying, dropping and renaming are 10x the cost of v1 to v3 (SQLite
        // parses the whole schema again after each), paid before a new device's first frame.
        if try db.tableExists("app_definitions") { return }
        try db.execute(sql: """
            \(Tables.appLog(named: "app_log_v4"))
            INSERT INTO app_log_v4 (app, seq, time_ms, kind, name, detail)
                SELECT app, seq, time_ms, kind, name, detail FROM app_log ORDER BY app, seq;
            DROP TABLE app_log;
            ALTER TABLE app_log_v4 RENAME TO app_log;

            \(Tables.appDefinitions)
            INSERT INTO app_definitions (app, definition) SELECT id, definition FROM apps;
            ALTER TABLE apps DROP COLUMN definition;

            \(Tables.deviceSetup)
            INSERT INTO device_setup (id, profile_json, app_set, enrollment)
                SELECT id, profile_json, app_set, enrollment FROM device;
            ALTER TABLE device DROP COLUMN profile_json;
            ALTER TABLE device DROP COLUMN app_set;
            ALTER TABLE device DROP COLUMN enrollment;
            """)
    }

    private static func createV5(_ db: Database) throws {
        // Injected faults (Docs/faults.md): one small JSON value, NULL until the device's first
        // fault is armed or its fault seed set, so devices without faults keep their shape.
        // A new database has it from `createTables`.
        if try hasColumn(db, "device", "faults") { return }
        try db.execute(sql: "ALTER TABLE device ADD COLUMN faults TEXT")
    }

    private static func createV6(_ db: Database) throws {
        // Android's shared device mode (`AndroidDeviceState`): one small JSON value, NULL on iOS
        // devices and until first needed, so older devices keep their shape. A new database
        // has it from `createTables`.
        if try hasColumn(db, "device", "android") { return }
        try db.execute(sql: "ALTER TABLE device ADD COLUMN android TEXT")
    }

    private static func createV7(_ db: Database) throws {
        // Managed Home Screen's state on android-mhs (Microsoft Learn, Managed Home Screen
        // configuration): one small JSON value, NULL unless someone is signed in there, so
        // other devices keep their shape. The session PIN is in it as a hash only.
        if try hasColumn(db, "device", "managed_home_screen") { return }
        try db.execute(sql: "ALTER TABLE device ADD COLUMN managed_home_screen TEXT")
    }

    private static func hasColumn(_ db: Database, _ table: String, _ column: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM pragma_table_info(?) WHERE name = ?)", arguments: [table, column]) ?? false
    }

    /// The tables a reset empties, children before parents (v4's after the older ones, so a
    /// damaged file's message names those in the same order; `app_definitions` goes with its
    /// apps by cascade anyway).
    static let tables = ["items", "keychain", "app_log", "apps", "sessions", "event_log", "coverage",
                         "failed_attempts", "key_server", "findings", "app_definitions", "device_setup", "device"]
}
