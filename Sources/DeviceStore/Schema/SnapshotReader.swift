import Foundation
import GRDB
import SessionEngine

/// Reads the tables back into a `DeviceSnapshot`.
enum SnapshotReader {
    /// A value in the file that this build cannot interpret.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// The stored device, or nil when the database holds none (new, or reset).
    static func read(_ db: Database) throws -> DeviceSnapshot? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM device WHERE id = 1") else { return nil }
        // What changes at enrollment only has its own row (schema v4).
        guard let setup = try Row.fetchOne(db, sql: "SELECT app_set, enrollment FROM device_setup WHERE id = 1") else {
            throw Unreadable(description: "the device_setup row is missing")
        }
        // Read by hand where the text is the writer's usual form: no Codable before the first frame.
        let json = StoredJSON()
        func decode<T>(_ column: String, in row: Row = row, of table: String = "device", _ read: (String) throws -> T) throws -> T {
            let text: String = row[column]
            do { return try read(text) } catch {
                throw Unreadable(description: "\(table).\(column) cannot be read: \(error)")
            }
        }
        // The apps first, each with its definition (`app_definitions`): the app set is most often those
        // same definitions in the same order, as one JSON array (the writer's encoder makes the
        // array of the elements' texts). Then it is not decoded a second time (issue 13).
        let (apps, definitionTexts) = try readApps(db, json)
        let appSetText: String = setup["app_set"]
        let appSet = appSetText == "[" + definitionTexts.joined(separator: ",") + "]"
            ? apps.map(\.definition)
            : try decode("app_set", in: setup, of: "device_setup") { try json.decode([AppDefinition].self, $0) }
        var s = DeviceSnapshot(name: row["name"], profile: try profile(row), appSet: appSet)
        s.state = try state(row, json)
        s.online = row["online"]
        s.now = try instant((row["now_ms"] as DatabaseValue), "device.now_ms")
        s.lastActivity = try instant((row["last_activity_ms"] as DatabaseValue), "device.last_activity_ms")
        if setup["enrollment"] as String? != nil {
            s.enrollment = try decode("enrollment", in: setup, of: "device_setup", json.enrollment)
        }
        if let user: String = row["session_user"] {
            s.session = Session(
                user: UserID(user), startedAt: try instant((row["session_started_ms"] as DatabaseValue), "device.session_started_ms"),
                passcodeHash: (row["session_passcode_hash"] as String?).map(PasswordHash.init(phc:)))
        }
        s.marks = SessionMarks(checkOuts: row["marks_check_outs"], wipes: row["marks_wipes"])
        s.previousAccount = (row["previous_account"] as String?).map { UserID($0) }
        let foreground: String = row["foreground"]
        guard let fg = ForegroundText.decode(foreground) else { throw Unreadable(description: "device.foreground '\(foreground)'") }
        s.foreground = fg
        s.deliveryMode = try enumValue(DeliveryMode.self, row["delivery_mode"], "device.delivery_mode")
        s.heldDeliveries = try decode("held_deliveries") { try json.list(of: Delivery.self, $0) }
        s.leakCount = row["leak_count"]
        s.exposureCount = row["exposure_count"]
        if row["tokens"] as String? != nil { s.tokens = try decode("tokens") { try json.decode(TokenStore.self, $0) } }

        s.history = try Row.fetchAll(db, sql: "SELECT * FROM sessions ORDER BY seq").map { r in
            SessionRecord(user: UserID(r["user"] as String), checkedOutAt: try instant((r["checked_out_at_ms"] as DatabaseValue), "sessions.checked_out_at_ms"),
                          endedAt: try optionalInstant((r["ended_at_ms"] as DatabaseValue), "sessions.ended_at_ms"),
                          ending: try (r["ending"] as String?).map { try enumValue(SessionRecord.Ending.self, $0, "sessions.ending") })
        }
        s.apps = apps
        // Long, so read like the items and app logs (`readApps`).
        var log: [LogEntry] = []
        let logRows = try Row.fetchCursor(db, sql: "SELECT seq, time_ms, kind, app, text FROM event_log ORDER BY seq")
        while let r = try logRows.next() {
            log.append(LogEntry(seq: r[0], time: try instant(r[1] as DatabaseValue, "event_log.time_ms"),
                                kind: try enumValue(LogEntry.Kind.self, r[2], "event_log.kind"), app: r[3], text: r[4]))
        }
        s.log = EventLog(entries: log)
        for r in try Row.fetchAll(db, sql: "SELECT transition_name, count FROM coverage") {
            s.coverage[r["transition_name"]] = r["count"]
        }
        for r in try Row.fetchAll(db, sql: "SELECT * FROM failed_attempts") {
            s.failedAttempts[UserID(r["user"] as String)] = FailedAttempts(
                count: r["count"], lockedUntil: try optionalInstant((r["locked_until_ms"] as DatabaseValue), "failed_attempts.locked_until_ms"))
        }
        for r in try Row.fetchAll(db, sql: "SELECT user, key FROM key_server") {
            s.externalKeyServer[UserID(r["user"] as String)] = KeyMaterial(bytes: Array(r["key"] as Data))
        }
        s.findings = try Row.fetchAll(db, sql: "SELECT * FROM findings ORDER BY position").map { r in
            LeakFinding(app: r["app"], severity: try enumValue(LeakFinding.Severity.self, r["severity"], "findings.severity"),
                        owners: try json.users(r["owners"]),
                        currentUser: (r["device_user"] as String?).map { UserID($0) }, itemCount: r["item_count"],
                        token: r["token"] as Bool?)
        }
        return s
    }

    /// The device's profile as this build defines it, by the name in `device.profile`: a
    /// restored device behaves as hubsim now simulates that platform, as a real device does
    /// after an update. (`profile_json` is written for people reading the file; decoding it
    /// cost 0.4 ms before the first frame; start-up measures: HubsimCommands/Launch/StartupPath.swift.)
    private static func profile(_ row: Row) throws -> DeviceProfile {
        let name: String = row["profile"]
        guard let id = ProfileID(rawValue: name) else { throw Unreadable(description: "device.profile has an unknown value '\(name)'") }
        return DeviceProfile.named(id)
    }

    private static func state(_ row: Row, _ json: StoredJSON) throws -> DeviceState {
        let kind = try enumValue(DeviceState.Kind.self, row["state"], "device.state")
        let user = (row["state_user"] as String?).map { UserID($0) }
        switch kind {
        case .unenrolled: return .unenrolled
        case .checkedIn: return .checkedIn
        case .enrolling:
            guard let text: String = row["enrollment_progress"] else { throw Unreadable(description: "device.enrollment_progress is missing") }
            return .enrolling(try json.decode(EnrollmentProgress.self, text))
        case .checkedOut, .locked:
            guard let user else { throw Unreadable(description: "device.state_user is missing for \(kind.rawValue)") }
            return kind == .checkedOut ? .checkedOut(user) : .locked(user)
        }
    }

    /// The apps, and the JSON text of each one's definition (in the same order).
    private static func readApps(_ db: Database, _ json: StoredJSON) throws -> ([AppRuntime], [String]) {
        var items: [AppID: [StoredItem]] = [:]
        // The long tables (items and both logs) are read through cursors, by column position
        // in the order the SELECT names them: neither a copy of every row nor a column-name
        // lookup at every access.
        let itemRows = try Row.fetchCursor(db, sql: "SELECT app, id, owner, class, plaintext, sealed FROM items ORDER BY app, position")
        while let r = try itemRows.next() {
            let payload: ItemPayload
            if let text: String = r[4] { payload = .plaintext(text) } else { payload = .sealed(Array(r[5] as Data)) }
            items[r[0], default: []].append(StoredItem(
                id: r[1], owner: (r[2] as String?).map { UserID($0) },
                dataClass: try enumValue(DataClass.self, r[3], "items.class"), payload: payload))
        }
        var keys: [AppID: KeyMaterial] = [:]
        for r in try Row.fetchAll(db, sql: "SELECT app, key FROM keychain WHERE kind = 'sdk'") {
            keys[r["app"]] = KeyMaterial(bytes: Array(r["key"] as Data))
        }
        var logs: [AppID: [AppLogEntry]] = [:]
        // In the order the entries were appended (the table's key), which is each app's order.
        let logRows = try Row.fetchCursor(db, sql: "SELECT app, time_ms, kind, name, detail FROM app_log ORDER BY entry")
        while let r = try logRows.next() {
            logs[r[0], default: []].append(AppLogEntry(
                time: try instant(r[1] as DatabaseValue, "app_log.time_ms"), kind: try enumValue(AppLogEntry.Kind.self, r[2], "app_log.kind"),
                name: r[3], detail: r[4]))
        }
        var definitionTexts: [String] = []
        let apps = try Row.fetchAll(db, sql: """
            SELECT apps.*, app_definitions.definition FROM apps LEFT JOIN app_definitions ON app_definitions.app = apps.id
            ORDER BY apps.position
            """).map { r in
            let id: String = r["id"]
            guard let definitionText: String = r["definition"] else {
                throw Unreadable(description: "app_definitions has no row for '\(id)'")
            }
            definitionTexts.append(definitionText)
            let definition = try json.definition(id, definitionText)
            var sdkSeen: SessionMarks?
            if let checkOuts: Int = r["sdk_seen_check_outs"] { sdkSeen = SessionMarks(checkOuts: checkOuts, wipes: r["sdk_seen_wipes"]) }
            var app = AppRuntime(definition: definition)
            app.lifecycle = try enumValue(AppLifecycle.self, r["lifecycle"], "apps.lifecycle")
            app.sdkSeen = sdkSeen
            app.initialCheckFailed = r["initial_check_failed"]
            app.sawCheckedIn = r["saw_checked_in"]
            app.currentUser = (r["shown_user"] as String?).map { UserID($0) }
            app.userChangeFlag = r["user_change_flag"]
            app.nextSerial = r["next_serial"]
            if let token: String = r["token"] {
                do { app.token = try json.decode(AppTokenState.self, token) } catch {
                    throw Unreadable(description: "apps.token of '\(id)' cannot be read: \(error)")
                }
            }
            app.storage = items[id] ?? []
            app.keychain = AppKeychain(sdkKey: keys[id])
            app.log = ChunkedLog(logs[id] ?? [])
            return app
        }
        return (apps, definitionTexts)
    }

    /// A stored time: a whole number of milliseconds within `0...SimInstant.latest`. Read as a
    /// raw value, because GRDB's typed subscript stops the process on a value of another type,
    /// and an out-of-range time would make the engine's clock meaningless.
    static func instant(_ value: DatabaseValue, _ column: String) throws -> SimInstant {
        guard let time = try optionalInstant(value, column) else { throw Unreadable(description: "\(column) is missing") }
        return time
    }

    /// `instant`, for a column that may be NULL.
    static func optionalInstant(_ value: DatabaseValue, _ column: String) throws -> SimInstant? {
        if value.isNull { return nil }
        guard let milliseconds = Int64.fromDatabaseValue(value) else {
            throw Unreadable(description: "\(column) is not a whole number of milliseconds")
        }
        let instant = SimInstant(milliseconds: milliseconds)
        guard instant.isPlausible else {
            throw Unreadable(description: "\(column) is \(milliseconds), outside 0...\(SimInstant.latest.milliseconds)")
        }
        return instant
    }

    private static func enumValue<T: RawRepresentable>(_ type: T.Type, _ raw: String, _ column: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: raw) else { throw Unreadable(description: "\(column) has an unknown value '\(raw)'") }
        return value
    }
}
