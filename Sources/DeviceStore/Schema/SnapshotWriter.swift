import Foundation
import GRDB
import SessionEngine

/// Writes a `DeviceSnapshot` into the tables, touching only what changed since the
/// snapshot last written: new event-log and app-log entries are appended by sequence
/// number, changed rows are upserted, and unchanged apps cost one comparison.
///
/// Not thread-safe; `DeviceStore` serialises calls.
final class SnapshotWriter {
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }()
    // The JSON of large, rarely changing values, re-encoded only when they change.
    private var profileJSON: (DeviceProfile, String)?
    private var appSetJSON: ([AppDefinition], String)?
    private var definitionJSON: [AppID: (AppDefinition, String)] = [:]

    /// Writes `new`; `old` is what the tables hold now (nil: rewrite everything).
    func write(_ new: DeviceSnapshot, over old: DeviceSnapshot?, in db: Database) throws {
        if old == nil {
            for table in Schema.tables { try db.execute(sql: "DELETE FROM \(table)") }
        }
        try writeDevice(new, db)
        try writeSessions(new.history, old: old?.history ?? [], db)
        try writeApps(new.apps, old: old?.apps ?? [], db)
        try writeEventLog(new.log.entries, old: old?.log.entries ?? [], db)
        try writeMap(new.coverage, old: old?.coverage ?? [:], db,
                     upsert: "INSERT INTO coverage (transition_name, count) VALUES (?, ?) ON CONFLICT(transition_name) DO UPDATE SET count = excluded.count",
                     delete: "DELETE FROM coverage WHERE transition_name = ?") { [$0, $1] }
        try writeMap(new.failedAttempts, old: old?.failedAttempts ?? [:], db,
                     upsert: "INSERT OR REPLACE INTO failed_attempts (user, count, locked_until_ms) VALUES (?, ?, ?)",
                     delete: "DELETE FROM failed_attempts WHERE user = ?") { [$0.name, $1.count, $1.lockedUntil?.milliseconds] }
        try writeMap(new.externalKeyServer, old: old?.externalKeyServer ?? [:], db,
                     upsert: "INSERT OR REPLACE INTO key_server (user, fingerprint, key) VALUES (?, ?, ?)",
                     delete: "DELETE FROM key_server WHERE user = ?") { [$0.name, $1.fingerprint, Data($1.bytes)] }
        if old?.findings != new.findings { try writeFindings(new.findings, db) }
    }

    // MARK: device

    private func writeDevice(_ s: DeviceSnapshot, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO device (id, name, profile, profile_json, state, state_user, enrollment_progress,
                online, now_ms, last_activity_ms, enrollment, session_user, session_started_ms, session_passcode_hash,
                marks_check_outs, marks_wipes, previous_account, foreground, app_set, delivery_mode, held_deliveries,
                leak_count, exposure_count)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var progress: String?
        if case let .enrolling(p) = s.state { progress = try json(p) }
        let args: [(any DatabaseValueConvertible)?] = [
            s.name, s.profile.id.rawValue, try cached(s.profile, &profileJSON), s.state.kind.rawValue, s.state.user?.name, progress,
            s.online, s.now.milliseconds, s.lastActivity.milliseconds, try s.enrollment.map(json),
            s.session?.user.name, s.session?.startedAt.milliseconds, s.session?.passcodeHash?.phc,
            s.marks.checkOuts, s.marks.wipes, s.previousAccount?.name, ForegroundText.encode(s.foreground),
            try cached(s.appSet, &appSetJSON), s.deliveryMode.rawValue,
            s.heldDeliveries.isEmpty ? "[]" : try json(s.heldDeliveries), s.leakCount, s.exposureCount,
        ]
        try statement.execute(arguments: StatementArguments(args))
    }

    // MARK: sessions

    private func writeSessions(_ new: [SessionRecord], old: [SessionRecord], _ db: Database) throws {
        let upsert = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO sessions (seq, user, checked_out_at_ms, ended_at_ms, ending) VALUES (?, ?, ?, ?, ?)
            """)
        for (i, record) in new.enumerated() where i >= old.count || old[i] != record {
            try upsert.execute(arguments: [i + 1, record.user.name, record.checkedOutAt.milliseconds,
                                           record.endedAt?.milliseconds, record.ending?.rawValue])
        }
        if old.count > new.count { try db.execute(sql: "DELETE FROM sessions WHERE seq > ?", arguments: [new.count]) }
    }

    // MARK: apps

    private func writeApps(_ new: [AppRuntime], old: [AppRuntime], _ db: Database) throws {
        var previous: [AppID: (position: Int, app: AppRuntime)] = [:]
        for (i, app) in old.enumerated() { previous[app.id] = (i, app) }
        for (position, app) in new.enumerated() {
            let before = previous.removeValue(forKey: app.id)
            if let before, before.position == position, before.app == app { continue }
            try writeAppRow(app, position: position, db)
            if before?.app.storage != app.storage { try writeItems(app, db) }
            if before?.app.keychain.sdkKey != app.keychain.sdkKey { try writeKeychain(app, db) }
            try writeAppLog(app, old: before?.app.log ?? [], db)
        }
        for gone in previous.keys {
            // ON DELETE CASCADE takes its items, keys and log with it.
            try db.execute(sql: "DELETE FROM apps WHERE id = ?", arguments: [gone])
        }
    }

    private func writeAppRow(_ app: AppRuntime, position: Int, _ db: Database) throws {
        // An upsert, not INSERT OR REPLACE: replacing the row would cascade-delete its items.
        let statement = try db.cachedStatement(sql: """
            INSERT INTO apps (id, position, name, definition, lifecycle, sdk_seen_check_outs, sdk_seen_wipes,
                initial_check_failed, saw_checked_in, shown_user, user_change_flag, next_serial)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET position = excluded.position, name = excluded.name,
                definition = excluded.definition, lifecycle = excluded.lifecycle,
                sdk_seen_check_outs = excluded.sdk_seen_check_outs, sdk_seen_wipes = excluded.sdk_seen_wipes,
                initial_check_failed = excluded.initial_check_failed, saw_checked_in = excluded.saw_checked_in,
                shown_user = excluded.shown_user, user_change_flag = excluded.user_change_flag,
                next_serial = excluded.next_serial
            """)
        let definition: String
        if let (cachedDefinition, text) = definitionJSON[app.id], cachedDefinition == app.definition {
            definition = text
        } else {
            definition = try json(app.definition)
            definitionJSON[app.id] = (app.definition, definition)
        }
        let args: [(any DatabaseValueConvertible)?] = [
            app.id, position, app.definition.name, definition, app.lifecycle.rawValue,
            app.sdkSeen?.checkOuts, app.sdkSeen?.wipes, app.initialCheckFailed, app.sawCheckedIn,
            app.currentUser?.name, app.userChangeFlag, AppRuntimeFields.nextSerial(of: app),
        ]
        try statement.execute(arguments: StatementArguments(args))
    }

    private func writeItems(_ app: AppRuntime, _ db: Database) throws {
        // An app holds a handful of items and a wipe reorders them: rewriting is simplest.
        try db.cachedStatement(sql: "DELETE FROM items WHERE app = ?").execute(arguments: [app.id])
        let insert = try db.cachedStatement(sql: """
            INSERT INTO items (app, id, position, owner, class, plaintext, sealed) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, item) in app.storage.enumerated() {
            var plaintext: String?, sealed: Data?
            switch item.payload {
            case let .plaintext(text): plaintext = text
            case let .sealed(bytes): sealed = Data(bytes)
            }
            try insert.execute(arguments: [app.id, item.id, position, item.owner?.name, item.dataClass.rawValue, plaintext, sealed])
        }
    }

    private func writeKeychain(_ app: AppRuntime, _ db: Database) throws {
        // A destroyed key's row is deleted, not flagged: the bytes are gone from the file
        // (once SQLite reuses the page; `secure_delete` zeroes it at once).
        try db.cachedStatement(sql: "DELETE FROM keychain WHERE app = ?").execute(arguments: [app.id])
        if let key = app.keychain.sdkKey {
            try db.cachedStatement(sql: "INSERT INTO keychain (app, kind, fingerprint, key) VALUES (?, 'sdk', ?, ?)")
                .execute(arguments: [app.id, key.fingerprint, Data(key.bytes)])
        }
    }

    private func writeAppLog(_ app: AppRuntime, old: [AppLogEntry], _ db: Database) throws {
        var start = old.count
        if old.count > app.log.count || (old.count > 0 && old[old.count - 1] != app.log[old.count - 1]) {
            try db.cachedStatement(sql: "DELETE FROM app_log WHERE app = ?").execute(arguments: [app.id])
            start = 0
        }
        guard start < app.log.count else { return }
        let insert = try db.cachedStatement(sql: """
            INSERT INTO app_log (app, seq, time_ms, kind, name, detail) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for i in start..<app.log.count {
            let e = app.log[i]
            try insert.execute(arguments: [app.id, i + 1, e.time.milliseconds, e.kind.rawValue, e.name, e.detail])
        }
    }

    // MARK: event log, maps, findings

    private func writeEventLog(_ new: [LogEntry], old: [LogEntry], _ db: Database) throws {
        var fresh = new[...]
        if let last = old.last {
            // Append-only, so the old last entry must still be where it was; otherwise
            // this is another device's log (after a reset) and it is rewritten.
            if old.count <= new.count && new[old.count - 1] == last {
                fresh = new[old.count...]
            } else {
                try db.execute(sql: "DELETE FROM event_log")
            }
        }
        guard !fresh.isEmpty else { return }
        let insert = try db.cachedStatement(sql: "INSERT INTO event_log (seq, time_ms, kind, app, text) VALUES (?, ?, ?, ?, ?)")
        for e in fresh {
            try insert.execute(arguments: [e.seq, e.time.milliseconds, e.kind.rawValue, e.app, e.text])
        }
    }

    private func writeMap<K: Hashable, V: Equatable>(
        _ new: [K: V], old: [K: V], _ db: Database, upsert: String, delete: String,
        row: (K, V) -> [(any DatabaseValueConvertible)?]
    ) throws {
        if new == old { return }
        for (key, value) in new where old[key] != value {
            try db.cachedStatement(sql: upsert).execute(arguments: StatementArguments(row(key, value)))
        }
        for (key, value) in old where new[key] == nil {
            try db.cachedStatement(sql: delete).execute(arguments: StatementArguments(Array(row(key, value).prefix(1))))
        }
    }

    private func writeFindings(_ findings: [LeakFinding], _ db: Database) throws {
        try db.execute(sql: "DELETE FROM findings")
        for (i, f) in findings.enumerated() {
            try db.execute(sql: """
                INSERT INTO findings (position, app, severity, owners, device_user, item_count) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [i, f.app, f.severity.rawValue, try json(f.owners), f.currentUser?.name, f.itemCount])
        }
    }

    // MARK: JSON

    private func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func cached<T: Encodable & Equatable>(_ value: T, _ cache: inout (T, String)?) throws -> String {
        if let (old, text) = cache, old == value { return text }
        let text = try json(value)
        cache = (value, text)
        return text
    }
}

/// The `foreground` column: `hub`, `browser` or `app:<id>`, readable in `sqlite3`.
enum ForegroundText {
    static func encode(_ f: Foreground) -> String {
        switch f {
        case .hub: "hub"
        case .browser: "browser"
        case let .app(id): "app:" + id
        }
    }

    static func decode(_ text: String) -> Foreground? {
        switch text {
        case "hub": .hub
        case "browser": .browser
        default: text.hasPrefix("app:") ? .app(String(text.dropFirst(4))) : nil
        }
    }
}
