import GRDB

extension Schema {
    /// The tables of `currentVersion` in one step, for a new database: what v1 to v4 make,
    /// column for column (`MigrationTests` compares the two), without v4's copies, drops and
    /// renames, each of which makes SQLite parse the whole schema again before a new
    /// device's first frame. The later migrations then find their work done and skip it
    /// (`createCurrent` and `migrator(fresh:)` run this in place of v1).
    static func createTables(_ db: Database) throws {
        try db.execute(sql: """
            \(Tables.device)
            \(Tables.deviceSetup)
            \(Tables.sessions)
            \(Tables.apps)
            \(Tables.appDefinitions)
            \(Tables.items)
            CREATE INDEX items_by_owner ON items(owner);
            \(Tables.keychain)
            \(Tables.appLog())
            \(Tables.eventLog)
            \(Tables.coverage)
            \(Tables.failedAttempts)
            \(Tables.keyServer)
            \(Tables.findings)
            """)
    }

    /// Each table's `CREATE TABLE` as the current schema has it, written once: `createTables`
    /// makes them all, and the migration that first made a table still unchanged makes it
    /// from here too (v1's `sessions`, `items`, `keychain` and the logs' and lockouts' tables;
    /// v4's `app_log`, `app_definitions`, `device_setup`), so the two cannot drift apart.
    enum Tables {
        static let device = """
                CREATE TABLE device (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    name TEXT NOT NULL,
                    profile TEXT NOT NULL,
                    state TEXT NOT NULL,
                    state_user TEXT,
                    enrollment_progress TEXT,
                    online INTEGER NOT NULL,
                    now_ms INTEGER NOT NULL,
                    last_activity_ms INTEGER NOT NULL,
                    session_user TEXT,
                    session_started_ms INTEGER,
                    session_passcode_hash TEXT,
                    marks_check_outs INTEGER NOT NULL,
                    marks_wipes INTEGER NOT NULL,
                    previous_account TEXT,
                    foreground TEXT NOT NULL,
                    delivery_mode TEXT NOT NULL,
                    held_deliveries TEXT NOT NULL,
                    leak_count INTEGER NOT NULL,
                    exposure_count INTEGER NOT NULL,
                    tokens TEXT,
                    faults TEXT,
                    android TEXT,
                    managed_home_screen TEXT
                );
                """
        static let deviceSetup = """
                CREATE TABLE device_setup (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    profile_json TEXT NOT NULL,
                    app_set TEXT NOT NULL,
                    enrollment TEXT
                );
                """
        static let sessions = """
                CREATE TABLE sessions (
                    seq INTEGER PRIMARY KEY,
                    user TEXT NOT NULL,
                    checked_out_at_ms INTEGER NOT NULL,
                    ended_at_ms INTEGER,
                    ending TEXT
                );
                """
        static let apps = """
                CREATE TABLE apps (
                    id TEXT PRIMARY KEY,
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    lifecycle TEXT NOT NULL,
                    sdk_seen_check_outs INTEGER,
                    sdk_seen_wipes INTEGER,
                    initial_check_failed INTEGER NOT NULL,
                    saw_checked_in INTEGER NOT NULL,
                    shown_user TEXT,
                    user_change_flag INTEGER NOT NULL,
                    next_serial INTEGER NOT NULL,
                    token TEXT
                ) WITHOUT ROWID;
                """
        static let appDefinitions = """
                CREATE TABLE app_definitions (
                    app TEXT PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
                    definition TEXT NOT NULL
                ) WITHOUT ROWID;
                """
        static let items = """
                CREATE TABLE items (
                    app TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    owner TEXT,
                    class TEXT NOT NULL,
                    plaintext TEXT,
                    sealed BLOB,
                    PRIMARY KEY (app, id),
                    CHECK ((plaintext IS NULL) <> (sealed IS NULL))
                ) WITHOUT ROWID;
                """
        static let keychain = """
                CREATE TABLE keychain (
                    app TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    fingerprint TEXT NOT NULL,
                    key BLOB NOT NULL,
                    PRIMARY KEY (app, kind)
                ) WITHOUT ROWID;
                """
        /// The app log in append order, named `name`: v4 makes it beside the old one, copies
        /// the entries and renames it.
        static func appLog(named name: String = "app_log") -> String {
            """
                CREATE TABLE \(name) (
                    entry INTEGER PRIMARY KEY,
                    app TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    time_ms INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    name TEXT NOT NULL,
                    detail TEXT NOT NULL
                );
                """
        }
        static let eventLog = """
                CREATE TABLE event_log (
                    seq INTEGER PRIMARY KEY,
                    time_ms INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    app TEXT,
                    text TEXT NOT NULL
                );
                """
        static let coverage = """
                CREATE TABLE coverage (
                    transition_name TEXT PRIMARY KEY,
                    count INTEGER NOT NULL
                ) WITHOUT ROWID;
                """
        static let failedAttempts = """
                CREATE TABLE failed_attempts (
                    user TEXT PRIMARY KEY,
                    count INTEGER NOT NULL,
                    locked_until_ms INTEGER
                ) WITHOUT ROWID;
                """
        static let keyServer = """
                CREATE TABLE key_server (
                    user TEXT PRIMARY KEY,
                    fingerprint TEXT NOT NULL,
                    key BLOB NOT NULL
                ) WITHOUT ROWID;
                """
        static let findings = """
                CREATE TABLE findings (
                    position INTEGER PRIMARY KEY,
                    app TEXT NOT NULL,
                    severity TEXT NOT NULL,
                    owners TEXT NOT NULL,
                    device_user TEXT,
                    item_count INTEGER NOT NULL,
                    token INTEGER
                );
                """
    }
}
