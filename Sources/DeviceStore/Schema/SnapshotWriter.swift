import Foundation
import GRDB
import SessionEngine

/// Writes a `DeviceSnapshot` into the tables, touching only what changed since the
/// previous write: new event-log and app-log entries are appended by position, changed
/// rows are upserted, and an unchanged app costs one comparison of its small fields.
///
/// It remembers what the tables hold as a `SavedState` (counts and last entries of the
/// append-only logs, small values whole) rather than the whole previous snapshot: holding
/// the snapshot would make the engine copy every growing log on its next append.
/// Not thread-safe; `DeviceStore` serialises calls.
final class SnapshotWriter {
    /// Made at the first save, not when the store opens (before hubsim's first frame: StartupPath).
    private lazy var encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }()
    // The JSON of rarely changing values, re-encoded only when they change.
    private var profileJSON: (DeviceProfile, String)?
    private var appSetJSON: ([AppDefinition], String)?
    private var enrollmentJSON: (Enrollment, String)?
    private var tokensJSON: (TokenStore, String)?
    private var faultsJSON: (FaultBook, String)?
    private var androidJSON: (AndroidDeviceState, String)?
    private var ownersJSONCache: [[UserID]: String] = [:]
    private var tokenJSON: [AppID: (AppTokenState, String)] = [:]
    /// App-log entries the current `write` has written (`LogRetention.trimStep`).
    private var appLogWritten = 0

    /// Writes `new` over what `saved` says the tables hold (nil: rewrite everything), and
    /// returns what they hold afterwards (to keep once the transaction commits).
    /// `fingerprint` names each key in the key tables (display only: reading ignores it).
    func write(_ new: DeviceSnapshot, over saved: SavedState?, in db: Database,
               fingerprint: (KeyMaterial) -> String) throws -> SavedState {
        // Another device (its log is not a continuation of the one written) is written whole.
        var saved = saved
        if let s = saved, !s.isContinued(by: new) { saved = nil }
        if saved == nil {
            for table in Schema.tables { try db.execute(sql: "DELETE FROM \(table)") }
        }
        let old = saved ?? SavedState()
        var next = SavedState()
        try writeDevice(new, db)
        if let setup = old.setup, setup.matches(new) { next.setup = setup } else {
            try writeSetup(new, db)
            next.setup = SavedSetup(new)
        }
        var written = 0
        next.historyBase = try writeSessions(new.history, old: old, db, written: &written)
        next.historyCount = new.history.count
        next.historyLast = new.history.last
        appLogWritten = 0
        next.apps = try writeApps(new.apps, old: old.apps, db, fingerprint: fingerprint)
        written += appLogWritten
        written += try writeEventLog(new.log.entries, old: old, db)
        next.logCount = new.log.entries.count
        next.logLast = new.log.entries.last
        // The file keeps the newest of each log (`LogRetention`), trimmed now and then rather
        // than at every save: a trim of the app logs reads all of them.
        next.writtenSinceTrim = old.writtenSinceTrim + written
        if old.trimDue || next.writtenSinceTrim >= LogRetention.trimStep {
            try LogRetention.trim(db, lastSeq: new.log.entries.last?.seq ?? 0, lastSession: next.historyBase + new.history.count)
            next.writtenSinceTrim = 0
        }
        next.trimDue = false
        try writeMap(new.coverage, old: old.coverage, db,
                     upsert: "INSERT INTO coverage (transition_name, count) VALUES (?, ?) ON CONFLICT(transition_name) DO UPDATE SET count = excluded.count",
                     delete: "DELETE FROM coverage WHERE transition_name = ?",
                     key: { $0.bind($1) }, value: { $0.bind($1) })
        try writeMap(new.failedAttempts, old: old.failedAttempts, db,
                     upsert: "INSERT OR REPLACE INTO failed_attempts (user, count, locked_until_ms) VALUES (?, ?, ?)",
                     delete: "DELETE FROM failed_attempts WHERE user = ?",
                     key: { $0.bind($1.name) }, value: { $0.bind($1.count); $0.bind($1.lockedUntil?.milliseconds) })
        try writeMap(new.externalKeyServer, old: old.keyServer, db,
                     upsert: "INSERT OR REPLACE INTO key_server (user, fingerprint, key) VALUES (?, ?, ?)",
                     delete: "DELETE FROM key_server WHERE user = ?",
                     key: { $0.bind($1.name) }, value: { $0.bind(fingerprint($1)); $0.bind($1.bytes) })
        if saved == nil || old.findings != new.findings { try writeFindings(new.findings, db) }
        next.coverage = new.coverage
        next.failedAttempts = new.failedAttempts
        next.keyServer = new.externalKeyServer
        next.findings = new.findings
        return next
    }

    // MARK: device

    private func writeDevice(_ s: DeviceSnapshot, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO device (id, name, profile, state, state_user, enrollment_progress,
                online, now_ms, last_activity_ms, session_user, session_started_ms, session_passcode_hash,
                marks_check_outs, marks_wipes, previous_account, foreground, delivery_mode, held_deliveries,
                leak_count, exposure_count, tokens, faults, android, managed_home_screen)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var progress: String?
        if case let .enrolling(p) = s.state { progress = try json(p) }
        let held = s.heldDeliveries.isEmpty ? "[]" : try json(s.heldDeliveries)
        let tokens = try s.tokens.map { try cached($0, &tokensJSON) }
        let faults = try s.faults.map { try cached($0, &faultsJSON) }
        let android = try s.android.map { try cached($0, &androidJSON) }
        let managedHomeScreen = try s.managedHomeScreen.map { try json($0) }
        try statement.run { row in
            row.bind(s.name); row.bind(s.profile.id.rawValue); row.bind(s.state.kind.rawValue)
            row.bind(s.state.user?.name); row.bind(progress); row.bind(s.online); row.bind(s.now.milliseconds)
            row.bind(s.lastActivity.milliseconds); row.bind(s.session?.user.name)
            row.bind(s.session?.startedAt.milliseconds); row.bind(s.session?.passcodeHash?.phc)
            row.bind(s.marks.checkOuts); row.bind(s.marks.wipes); row.bind(s.previousAccount?.name)
            row.bind(ForegroundText.encode(s.foreground)); row.bind(s.deliveryMode.rawValue)
            row.bind(held); row.bind(s.leakCount); row.bind(s.exposureCount); row.bind(tokens)
            row.bind(faults); row.bind(android); row.bind(managedHomeScreen)
        }
    }

    /// The `device_setup` row: the profile's, enrollment's and app set's JSON, written when
    /// one of them changes (enrollment), not with the `device` row at every event.
    private func writeSetup(_ s: DeviceSnapshot, _ db: Database) throws {
        let profile = try cached(s.profile, &profileJSON)
        let enrollment = try s.enrollment.map { try cached($0, &enrollmentJSON) }
        let appSet = try cached(s.appSet, &appSetJSON)
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO device_setup (id, profile_json, app_set, enrollment) VALUES (1, ?, ?, ?)")
            .run { row in row.bind(profile); row.bind(appSet); row.bind(enrollment) }
    }

    // MARK: sessions

    /// Returns the `historyBase` of what the table holds afterwards (`SavedState`).
    private func writeSessions(_ new: [SessionRecord], old: SavedState, _ db: Database, written: inout Int) throws -> Int {
        // Sessions are appended, and only the last one changes (when it ends).
        var from = max(0, old.historyCount - 1)
        var base = old.historyBase
        if new.count < old.historyCount {
            try db.execute(sql: "DELETE FROM sessions")
            from = 0
            base = 0
        } else if old.historyCount > 0 && new[old.historyCount - 1] == old.historyLast {
            from = old.historyCount
        }
        guard from < new.count else { return base }
        written += new.count - from
        let upsert = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO sessions (seq, user, checked_out_at_ms, ended_at_ms, ending) VALUES (?, ?, ?, ?, ?)
            """)
        for i in from..<new.count {
            let record = new[i]
            try upsert.run { row in
                row.bind(base + i + 1); row.bind(record.user.name); row.bind(record.checkedOutAt.milliseconds)
                row.bind(record.endedAt?.milliseconds); row.bind(record.ending?.rawValue)
            }
        }
        return base
    }

    // MARK: apps

    private func writeApps(_ new: [AppRuntime], old: [AppID: SavedApp], _ db: Database,
                           fingerprint: (KeyMaterial) -> String) throws -> [AppID: SavedApp] {
        // `old` is only read: removing from a copy of it copied the whole dictionary at every save.
        var next: [AppID: SavedApp] = Dictionary(minimumCapacity: new.count)
        for position in new.indices {
            // Passed straight from the array: a loop variable copied every app (a dozen
            // references retained and released) at every save.
            try writeApp(new[position], position: position, old: old, into: &next, db, fingerprint: fingerprint)
        }
        for gone in old.keys where next[gone] == nil {
            // ON DELETE CASCADE takes its items, keys and log with it.
            try db.cachedStatement(sql: "DELETE FROM apps WHERE id = ?").run { $0.bind(gone) }
        }
        return next
    }

    /// One app's rows: its `apps` row, items and key when they changed, its new log entries.
    /// What the tables hold of it is updated in place from `old`'s entry, not built anew.
    private func writeApp(_ app: AppRuntime, position: Int, old: [AppID: SavedApp], into next: inout [AppID: SavedApp],
                          _ db: Database, fingerprint: (KeyMaterial) -> String) throws {
        guard var entry = old[app.id] else {
            let fields = SavedApp.Fields(app, nextSerial: app.nextSerial)
            try writeAppRow(app, fields, position: position, db)
            try writeDefinition(app, db)
            try writeItems(app, old: nil, db)
            if app.keychain.sdkKey != nil { try writeKeychain(app, db, fingerprint: fingerprint) }
            try writeAppLog(app, old: nil, db)
            next[app.id] = SavedApp(position: position, definition: app.definition, fields: fields, storage: app.storage,
                                    sdkKey: app.keychain.sdkKey, logCount: app.log.count, logLast: app.log.last)
            return
        }
        // The next item serial moves only when an item is created, i.e. storage changed.
        var serialChanged = false
        if entry.storage != app.storage {
            serialChanged = entry.fields.nextSerial != app.nextSerial
            try writeItems(app, old: entry.storage, db)
            entry.storage = app.storage
        }
        if serialChanged || entry.position != position || !entry.fields.matches(app) {
            entry.fields = SavedApp.Fields(app, nextSerial: serialChanged ? app.nextSerial : entry.fields.nextSerial)
            entry.position = position
            try writeAppRow(app, entry.fields, position: position, db)
        }
        if entry.definition != app.definition {
            entry.definition = app.definition
            try writeDefinition(app, db)
        }
        if entry.sdkKey != app.keychain.sdkKey {
            entry.sdkKey = app.keychain.sdkKey
            try writeKeychain(app, db, fingerprint: fingerprint)
        }
        try writeAppLog(app, old: entry, db)
        entry.logCount = app.log.count
        entry.logLast = app.log.last
        next[app.id] = entry
    }

    private func writeAppRow(_ app: AppRuntime, _ fields: SavedApp.Fields, position: Int, _ db: Database) throws {
        // An upsert, not INSERT OR REPLACE: replacing the row would cascade-delete its items.
        let statement = try db.cachedStatement(sql: """
            INSERT INTO apps (id, position, name, lifecycle, sdk_seen_check_outs, sdk_seen_wipes,
                initial_check_failed, saw_checked_in, shown_user, user_change_flag, next_serial, token)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET position = excluded.position, name = excluded.name,
                lifecycle = excluded.lifecycle,
                sdk_seen_check_outs = excluded.sdk_seen_check_outs, sdk_seen_wipes = excluded.sdk_seen_wipes,
                initial_check_failed = excluded.initial_check_failed, saw_checked_in = excluded.saw_checked_in,
                shown_user = excluded.shown_user, user_change_flag = excluded.user_change_flag,
                next_serial = excluded.next_serial, token = excluded.token
            """)
        let token = try app.token.map { try cachedToken($0, of: app.id) }
        try statement.run { row in
            row.bind(app.id); row.bind(position); row.bind(app.definition.name)
            row.bind(app.lifecycle.rawValue); row.bind(app.sdkSeen?.checkOuts); row.bind(app.sdkSeen?.wipes)
            row.bind(app.initialCheckFailed); row.bind(app.sawCheckedIn); row.bind(app.currentUser?.name)
            row.bind(app.userChangeFlag); row.bind(fields.nextSerial); row.bind(token)
        }
    }

    /// The app's definition, in its own row: written when the app is installed or its
    /// definition changes, not with the `apps` row at every launch.
    private func writeDefinition(_ app: AppRuntime, _ db: Database) throws {
        let definition = try json(app.definition)
        try db.cachedStatement(sql: """
            INSERT INTO app_definitions (app, definition) VALUES (?, ?)
            ON CONFLICT(app) DO UPDATE SET definition = excluded.definition
            """).run { row in row.bind(app.id); row.bind(definition) }
    }

    /// The app's items from the first one that differs from `old` (what the rows hold; nil:
    /// unknown) on: a check-out appends the user's items and a wipe removes them, so the
    /// items before them (common data, other users' items) keep their rows (Docs/performance.md).
    private func writeItems(_ app: AppRuntime, old: [StoredItem]?, _ db: Database) throws {
        let new = app.storage
        var from = 0
        if let old {
            let common = min(old.count, new.count)
            while from < common && old[from] == new[from] { from += 1 }
        }
        if let old, from > 0 {
            let delete = try db.cachedStatement(sql: "DELETE FROM items WHERE app = ? AND id = ?")
            for item in old[from...] { try delete.run { row in row.bind(app.id); row.bind(item.id) } }
        } else {
            try db.cachedStatement(sql: "DELETE FROM items WHERE app = ?").run { $0.bind(app.id) }
        }
        guard from < new.count else { return }
        let insert = try db.cachedStatement(sql: """
            INSERT INTO items (app, id, position, owner, class, plaintext, sealed) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for position in from..<new.count {
            let item = new[position]
            var plaintext: String?, sealed: [UInt8]?
            switch item.payload {
            case let .plaintext(text): plaintext = text
            case let .sealed(bytes): sealed = bytes
            }
            try insert.run { row in
                row.bind(app.id); row.bind(item.id); row.bind(position); row.bind(item.owner?.name)
                row.bind(item.dataClass.rawValue); row.bind(plaintext); row.bind(sealed)
            }
        }
    }

    private func writeKeychain(_ app: AppRuntime, _ db: Database, fingerprint: (KeyMaterial) -> String) throws {
        // A destroyed key's row is deleted, not flagged: the bytes are gone from the file
        // (once SQLite reuses the page; `secure_delete` zeroes it at once).
        try db.cachedStatement(sql: "DELETE FROM keychain WHERE app = ?").run { $0.bind(app.id) }
        if let key = app.keychain.sdkKey {
            let keyFingerprint = fingerprint(key)
            try db.cachedStatement(sql: "INSERT INTO keychain (app, kind, fingerprint, key) VALUES (?, 'sdk', ?, ?)")
                .run { row in row.bind(app.id); row.bind(keyFingerprint); row.bind(key.bytes) }
        }
    }

    private func writeAppLog(_ app: AppRuntime, old: SavedApp?, _ db: Database) throws {
        var start = old?.logCount ?? 0
        if let old, old.logCount > 0, old.logCount > app.log.count || app.log[old.logCount - 1] != old.logLast {
            try db.cachedStatement(sql: "DELETE FROM app_log WHERE app = ?").run { $0.bind(app.id) }
            start = 0
        }
        guard start < app.log.count else { return }
        appLogWritten += app.log.count - start
        // `entry` is left to SQLite: the next rowid, so the row goes to the table's last leaf.
        let insert = try db.cachedStatement(sql: """
            INSERT INTO app_log (app, seq, time_ms, kind, name, detail) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for i in start..<app.log.count {
            let e = app.log[i]
            try insert.run { row in
                row.bind(app.id); row.bind(i + 1); row.bind(e.time.milliseconds); row.bind(e.kind.rawValue)
                row.bind(e.name); row.bind(e.detail)
            }
        }
    }

    // MARK: event log, maps, findings

    /// Returns how many lines it wrote.
    private func writeEventLog(_ new: EventLog.Entries, old: SavedState, _ db: Database) throws -> Int {
        var start = old.logCount
        // Append-only, so the last entry written must still be where it was; otherwise
        // this is another device's log and it is rewritten.
        if old.logCount > 0 && (old.logCount > new.count || new[old.logCount - 1] != old.logLast) {
            try db.execute(sql: "DELETE FROM event_log")
            start = 0
        }
        guard start < new.count else { return 0 }
        let insert = try db.cachedStatement(sql: "INSERT INTO event_log (seq, time_ms, kind, app, text) VALUES (?, ?, ?, ?, ?)")
        for e in new[start...] {
            try insert.run { row in
                row.bind(e.seq); row.bind(e.time.milliseconds); row.bind(e.kind.rawValue); row.bind(e.app); row.bind(e.text)
            }
        }
        return new.count - start
    }

    /// Upserts the entries of `new` that differ from `old` and deletes those gone; `key`
    /// binds an entry's key (the first parameter of both statements), `value` the rest.
    private func writeMap<K: Hashable, V: Equatable>(
        _ new: [K: V], old: [K: V], _ db: Database, upsert: String, delete: String,
        key: (inout RowBinder, K) -> Void, value: (inout RowBinder, V) -> Void
    ) throws {
        if new == old { return }
        for (k, v) in new where old[k] != v {
            try db.cachedStatement(sql: upsert).run { row in key(&row, k); value(&row, v) }
        }
        for k in old.keys where new[k] == nil {
            try db.cachedStatement(sql: delete).run { row in key(&row, k) }
        }
    }

    private func writeFindings(_ findings: [LeakFinding], _ db: Database) throws {
        // Cached statements: the findings change at most check-outs and check-ins.
        try db.cachedStatement(sql: "DELETE FROM findings").execute()
        guard !findings.isEmpty else { return }
        let insert = try db.cachedStatement(sql: """
            INSERT INTO findings (position, app, severity, owners, device_user, item_count, token) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for (i, f) in findings.enumerated() {
            let owners = try ownersJSON(f.owners)
            try insert.run { row in
                row.bind(i); row.bind(f.app); row.bind(f.severity.rawValue); row.bind(owners)
                row.bind(f.currentUser?.name); row.bind(f.itemCount); row.bind(f.token)
            }
        }
    }

    // MARK: JSON

    private func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// A finding's owners as JSON, the encoder run once per distinct list (a handful per device).
    private func ownersJSON(_ owners: [UserID]) throws -> String {
        if let text = ownersJSONCache[owners] { return text }
        let text = try json(owners)
        if ownersJSONCache.count > 64 { ownersJSONCache.removeAll() }
        ownersJSONCache[owners] = text
        return text
    }

    /// An app's token as JSON, re-encoded only when it changed (the row is rewritten at every launch).
    private func cachedToken(_ token: AppTokenState, of app: AppID) throws -> String {
        if let (old, text) = tokenJSON[app], old == token { return text }
        let text = try json(token)
        tokenJSON[app] = (token, text)
        return text
    }

    private func cached<T: Encodable & Equatable>(_ value: T, _ cache: inout (T, String)?) throws -> String {
        if let (old, text) = cache, old == value { return text }
        let text = try json(value)
        cache = (value, text)
        return text
    }
}

/// The `foreground` column: `hub`, `browser`, `authenticator` or `app:<id>`, readable in `sqlite3`.
enum ForegroundText {
    static func encode(_ f: Foreground) -> String {
        switch f {
        case .hub: "hub"
        case .browser: "browser"
        case .authenticator: "authenticator"
        case let .app(id): "app:" + id
        }
    }

    static func decode(_ text: String) -> Foreground? {
        switch text {
        case "hub": .hub
        case "browser": .browser
        case "authenticator": .authenticator
        default: text.hasPrefix("app:") ? .app(String(text.dropFirst(4))) : nil
        }
    }
}
