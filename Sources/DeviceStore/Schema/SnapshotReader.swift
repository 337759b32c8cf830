import Foundation
import GRDB
import SessionEngine

/// Reads the tables back into a `DeviceSnapshot`.
enum SnapshotReader {
    /// A value in the file that this build cannot interpret.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// A device as read, with what its writer needs to continue the file.
    struct Loaded {
        var snapshot: DeviceSnapshot
        /// `SavedState.historyBase`: the sessions read are the newest (`LogRetention`).
        var historyBase: Int
        /// Rows the read fetched, of every table, and of the history's (sessions and logs):
        /// tests check the latter is bounded whatever the device's age.
        var rowsRead: Int
        var historyRowsRead: Int
    }

    /// The stored device, or nil when the database holds none (new, or reset). Every value is
    /// range-checked as it is read (`StoredValue`; Docs/stored-values.md): one outside its
    /// range throws `Unreadable`, and the store refuses the file as damaged. Of the logs and
    /// sessions only the newest are read (`LogRetention`): the work does not grow with history.
    static func read(_ db: Database) throws -> Loaded? {
        typealias V = StoredValue
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM device WHERE id = 1") else { return nil }
        var rowsRead = 2
        // What changes at enrollment only has its own row (schema v4).
        guard let setup = try Row.fetchOne(db, sql: "SELECT app_set, enrollment FROM device_setup WHERE id = 1") else {
            throw Unreadable(description: "the device_setup row is missing")
        }
        func value(_ column: String, in row: Row = row) -> DatabaseValue { row[column] as DatabaseValue }
        // Read by hand where the text is the writer's usual form: no Codable before the first frame.
        let json = StoredJSON()
        // The apps first, each with its definition (`app_definitions`): the app set is most often those
        // same definitions in the same order, as one JSON array (the writer's encoder makes the
        // array of the elements' texts). Then it is not decoded a second time (Docs/performance.md).
        var appLogRowsRead = 0
        let (apps, definitionTexts) = try readApps(db, json, rowsRead: &rowsRead, appLogRowsRead: &appLogRowsRead)
        let appSetText = try V.text(value("app_set", in: setup), "device_setup.app_set", V.jsonLength)
        let appSet = appSetText == "[" + definitionTexts.joined(separator: ",") + "]"
            ? apps.map(\.definition)
            : try V.json(value("app_set", in: setup), "device_setup.app_set") { try json.decode([AppDefinition].self, $0) }
        var s = DeviceSnapshot(name: try V.identifier(value("name"), "device.name"), profile: try profile(row), appSet: appSet)
        s.state = try state(row, json)
        s.online = try V.flag(value("online"), "device.online")
        s.now = try V.instant(value("now_ms"), "device.now_ms")
        s.lastActivity = try V.instant(value("last_activity_ms"), "device.last_activity_ms")
        if !value("enrollment", in: setup).isNull {
            let enrollment = try V.json(value("enrollment", in: setup), "device_setup.enrollment", json.enrollment)
            try V.checkInstant(enrollment.enrolledAt, "device_setup.enrollment (enrolledAt)")
            s.enrollment = enrollment
        }
        if let user = try V.optionalUser(value("session_user"), "device.session_user") {
            let hash = try V.optionalText(value("session_passcode_hash"), "device.session_passcode_hash", V.identifierLength)
            s.session = Session(user: user, startedAt: try V.instant(value("session_started_ms"), "device.session_started_ms"),
                                passcodeHash: hash.map(PasswordHash.init(phc:)))
        }
        s.marks = SessionMarks(checkOuts: try V.integer(value("marks_check_outs"), "device.marks_check_outs", V.count),
                               wipes: try V.integer(value("marks_wipes"), "device.marks_wipes", V.count))
        s.previousAccount = try V.optionalUser(value("previous_account"), "device.previous_account")
        let foreground = try V.identifier(value("foreground"), "device.foreground")
        guard let fg = ForegroundText.decode(foreground) else { throw Unreadable(description: "device.foreground has an unknown value '\(foreground)'") }
        if case let .app(id) = fg, !apps.contains(where: { $0.id == id }) {
            throw Unreadable(description: "device.foreground names '\(id)', which is not an installed app")
        }
        s.foreground = fg
        s.deliveryMode = try V.name(DeliveryMode.self, value("delivery_mode"), "device.delivery_mode")
        s.heldDeliveries = try V.json(value("held_deliveries"), "device.held_deliveries") { try json.list(of: Delivery.self, $0) }
        if let stray = s.heldDeliveries.first(where: { held in !apps.contains { $0.id == held.app } }) {
            throw Unreadable(description: "device.held_deliveries names '\(stray.app)', which is not an installed app")
        }
        s.leakCount = try V.integer(value("leak_count"), "device.leak_count", V.count)
        s.exposureCount = try V.integer(value("exposure_count"), "device.exposure_count", V.count)
        if !value("tokens").isNull {
            let tokens = try V.json(value("tokens"), "device.tokens") { try json.decode(TokenStore.self, $0) }
            for time in tokens.keychains.values.flatMap({ $0.map { (token: CachedToken) in token.at } }) + tokens.removals.values.map({ (removal: TokenRemoval) in removal.at }) {
                try V.checkInstant(time, "device.tokens (a token's time)")
            }
            s.tokens = tokens
        }
        if !value("faults").isNull {
            let faults = try V.json(value("faults"), "device.faults") { try json.decode(FaultBook.self, $0) }
            let times = faults.armed.map(\.armedAt) + faults.fired.flatMap { [$0.fault.armedAt, $0.firedAt] }
                + faults.delayed.map(\.due) + faults.slowCallbacks.flatMap { [$0.startedAt, $0.due] }
            for time in times { try V.checkInstant(time, "device.faults (a fault's time)") }
            let installed = Set(apps.map(\.id))
            let named = faults.armed.map(\.app) + faults.delayed.map(\.delivery.app) + faults.heldBack.map(\.delivery.app)
                + faults.slowCallbacks.map(\.app)
            if let stray = named.first(where: { !installed.contains($0) }) {
                throw Unreadable(description: "device.faults names '\(stray)', which is not an installed app")
            }
            s.faults = faults
        }
        if !value("android").isNull {
            let android = try V.json(value("android"), "device.android") { try json.decode(AndroidDeviceState.self, $0) }
            let installed = Set(apps.map(\.id))
            let named = Array(android.sharedDeviceReads.keys) + android.queued.map(\.app)
            if let stray = named.first(where: { !installed.contains($0) }) {
                throw Unreadable(description: "device.android names '\(stray)', which is not an installed app")
            }
            s.android = android
        }
        if !value("managed_home_screen").isNull {
            let mhs = try V.json(value("managed_home_screen"), "device.managed_home_screen") { try json.decode(ManagedHomeScreenState.self, $0) }
            if let at = mhs.autoSignOutAt { try V.checkInstant(at, "device.managed_home_screen (autoSignOutAt)") }
            guard s.profile.launcher == .managedHomeScreen, s.state.user != nil else {
                throw Unreadable(description: "device.managed_home_screen is set on a device where nobody is signed in to Managed Home Screen")
            }
            s.managedHomeScreen = mhs
        }

        // The newest sessions, and each user's last ended one before them (`LogRetention`).
        let sessionRows = try Row.fetchAll(db, sql: """
            SELECT seq, user, checked_out_at_ms, ended_at_ms, ending FROM sessions
            WHERE seq > (SELECT coalesce(max(seq), 0) FROM sessions) - ?
                OR seq IN (SELECT max(seq) FROM sessions WHERE ended_at_ms IS NOT NULL GROUP BY user)
            ORDER BY seq
            """, arguments: [LogRetention.sessionsKept])
        rowsRead += sessionRows.count
        var lastSession = 0
        s.history = try sessionRows.map { r in
            lastSession = try V.integer(r[0], "sessions.seq", V.serial)
            return SessionRecord(user: try V.user(r[1], "sessions.user"),
                                 checkedOutAt: try V.instant(r[2], "sessions.checked_out_at_ms"),
                                 endedAt: try V.optionalInstant(r[3], "sessions.ended_at_ms"),
                                 ending: (r[4] as DatabaseValue).isNull ? nil : try V.name(SessionRecord.Ending.self, r[4], "sessions.ending"))
        }
        s.apps = apps
        // The newest lines (`LogRetention.eventLogLoaded`); older ones are read by page when the
        // event log is scrolled to them. The sequence numbers rise (the table's key), so the
        // log's next one is the last one's successor.
        let logRows = try Row.fetchCursor(db, sql: """
            SELECT * FROM (SELECT seq, time_ms, kind, app, text FROM event_log ORDER BY seq DESC LIMIT ?) ORDER BY seq
            """, arguments: [LogRetention.eventLogLoaded])
        var log: [LogEntry] = []
        while let r = try logRows.next() {
            log.append(try logEntry(r))
            rowsRead += 1
        }
        s.log = EventLog(entries: log)
        // The lines not read are checked when a page of them is; their oldest `seq` now (one
        // step down the table's key), so that a line numbered below 1 is refused at the start.
        if let oldest = try DatabaseValue.fetchOne(db, sql: "SELECT min(seq) FROM event_log"), !oldest.isNull {
            _ = try V.integer(oldest, "event_log.seq", V.serial)
        }
        let coverageRows = try Row.fetchAll(db, sql: "SELECT transition_name, count FROM coverage")
        rowsRead += coverageRows.count
        for r in coverageRows {
            s.coverage[try V.identifier(r[0], "coverage.transition_name")] = try V.integer(r[1], "coverage.count", V.count)
        }
        let attemptRows = try Row.fetchAll(db, sql: "SELECT user, count, locked_until_ms FROM failed_attempts")
        rowsRead += attemptRows.count
        for r in attemptRows {
            s.failedAttempts[try V.user(r[0], "failed_attempts.user")] = FailedAttempts(
                count: try V.integer(r[1], "failed_attempts.count", V.count),
                lockedUntil: try V.optionalInstant(r[2], "failed_attempts.locked_until_ms"))
        }
        let keyRows = try Row.fetchAll(db, sql: "SELECT user, key FROM key_server")
        rowsRead += keyRows.count
        for r in keyRows {
            s.externalKeyServer[try V.user(r[0], "key_server.user")] = KeyMaterial(bytes: try V.blob(r[1], "key_server.key", V.keyLength))
        }
        let findingRows = try Row.fetchAll(db, sql: "SELECT app, severity, owners, device_user, item_count, token FROM findings ORDER BY position")
        rowsRead += findingRows.count
        s.findings = try findingRows.map { r in
            LeakFinding(app: try V.identifier(r[0], "findings.app"),
                        severity: try V.name(LeakFinding.Severity.self, r[1], "findings.severity"),
                        owners: try V.json(r[2], "findings.owners", json.users),
                        currentUser: try V.optionalUser(r[3], "findings.device_user"),
                        itemCount: try V.integer(r[4], "findings.item_count", V.count),
                        token: try V.optionalFlag(r[5], "findings.token"))
        }
        return Loaded(snapshot: s, historyBase: lastSession - s.history.count, rowsRead: rowsRead,
                      historyRowsRead: sessionRows.count + log.count + appLogRowsRead)
    }

    /// Up to `limit` event-log lines before `seq`, oldest first: a page of what a start did not
    /// read (`LogRetention.eventLogLoaded`), checked as the start checks its lines.
    static func eventLogPage(_ db: Database, before seq: Int, limit: Int) throws -> [LogEntry] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT * FROM (SELECT seq, time_ms, kind, app, text FROM event_log WHERE seq < ? ORDER BY seq DESC LIMIT ?) ORDER BY seq
            """, arguments: [seq, limit])
        var page: [LogEntry] = []
        while let r = try rows.next() { page.append(try logEntry(r)) }
        return page
    }

    /// A row of `SELECT seq, time_ms, kind, app, text FROM event_log`.
    private static func logEntry(_ r: Row) throws -> LogEntry {
        typealias V = StoredValue
        return LogEntry(seq: try V.integer(r[0], "event_log.seq", V.serial), time: try V.instant(r[1], "event_log.time_ms"),
                        kind: try V.name(LogEntry.Kind.self, r[2], "event_log.kind"),
                        app: try V.optionalIdentifier(r[3], "event_log.app"), text: try V.text(r[4], "event_log.text", V.textLength))
    }

    /// The device's profile as this build defines it, by the name in `device.profile`: a
    /// restored device behaves as hubsim now simulates that platform, as a real device does
    /// after an update. (`profile_json` is written for people reading the file; decoding it
    /// cost 0.4 ms before the first frame; start-up measures: HubsimCommands/Launch/StartupPath.swift.)
    private static func profile(_ row: Row) throws -> DeviceProfile {
        DeviceProfile.named(try StoredValue.name(ProfileID.self, row["profile"], "device.profile"))
    }

    private static func state(_ row: Row, _ json: StoredJSON) throws -> DeviceState {
        typealias V = StoredValue
        let kind = try V.name(DeviceState.Kind.self, row["state"], "device.state")
        let user = try V.optionalUser(row["state_user"], "device.state_user")
        switch kind {
        case .unenrolled: return .unenrolled
        case .checkedIn: return .checkedIn
        case .enrolling:
            let progressValue: DatabaseValue = row["enrollment_progress"]
            guard !progressValue.isNull else { throw Unreadable(description: "device.enrollment_progress is missing") }
            let progress = try V.json(progressValue, "device.enrollment_progress") { try json.decode(EnrollmentProgress.self, $0) }
            // `completed` indexes `steps` while the install runs.
            guard (1...10_000).contains(progress.steps.count), (0...progress.steps.count).contains(progress.completed) else {
                throw Unreadable(description: "device.enrollment_progress has \(progress.completed) of \(progress.steps.count) steps completed, outside 0...steps (1...10000 steps)")
            }
            return .enrolling(progress)
        case .checkedOut, .locked:
            guard let user else { throw Unreadable(description: "device.state_user is missing for \(kind.rawValue)") }
            return kind == .checkedOut ? .checkedOut(user) : .locked(user)
        }
    }

    /// The apps, and the JSON text of each one's definition (in the same order).
    private static func readApps(_ db: Database, _ json: StoredJSON, rowsRead: inout Int, appLogRowsRead: inout Int) throws -> ([AppRuntime], [String]) {
        typealias V = StoredValue
        var items: [AppID: [StoredItem]] = [:]
        // The long tables (items and both logs) are read through cursors, by column position
        // in the order the SELECT names them: neither a copy of every row nor a column-name
        // lookup at every access.
        let itemRows = try Row.fetchCursor(db, sql: "SELECT app, id, owner, class, plaintext, sealed FROM items ORDER BY app, position")
        while let r = try itemRows.next() {
            rowsRead += 1
            let payload: ItemPayload
            if let text = try V.optionalText(r[4], "items.plaintext", V.textLength) { payload = .plaintext(text) } else {
                payload = .sealed(try V.blob(r[5], "items.sealed", V.sealedLength))
            }
            items[try V.identifier(r[0], "items.app"), default: []].append(StoredItem(
                id: try V.identifier(r[1], "items.id"), owner: try V.optionalUser(r[2], "items.owner"),
                dataClass: try V.name(DataClass.self, r[3], "items.class"), payload: payload))
        }
        var keys: [AppID: KeyMaterial] = [:]
        let keychainRows = try Row.fetchAll(db, sql: "SELECT app, key FROM keychain WHERE kind = 'sdk'")
        rowsRead += keychainRows.count
        for r in keychainRows {
            keys[try V.identifier(r[0], "keychain.app")] = KeyMaterial(bytes: try V.blob(r[1], "keychain.key", V.keyLength))
        }
        var logs: [AppID: [AppLogEntry]] = [:]
        // In the order the entries were appended (the table's key), which is each app's order.
        // Each app's newest `LogRetention.appLogKept` are kept: the file holds at most a trim
        // step more (a file of an older hubsim, any number, once: its first save trims it).
        let logRows = try Row.fetchCursor(db, sql: "SELECT app, time_ms, kind, name, detail FROM app_log ORDER BY entry")
        while let r = try logRows.next() {
            rowsRead += 1
            appLogRowsRead += 1
            logs[try V.identifier(r[0], "app_log.app"), default: []].append(AppLogEntry(
                time: try V.instant(r[1], "app_log.time_ms"), kind: try V.name(AppLogEntry.Kind.self, r[2], "app_log.kind"),
                name: try V.identifier(r[3], "app_log.name"), detail: try V.text(r[4], "app_log.detail", V.textLength)))
        }
        var definitionTexts: [String] = []
        let appRows = try Row.fetchAll(db, sql: """
            SELECT apps.*, app_definitions.definition FROM apps LEFT JOIN app_definitions ON app_definitions.app = apps.id
            ORDER BY apps.position
            """)
        rowsRead += appRows.count
        let apps = try appRows.map { r in
            func value(_ column: String) -> DatabaseValue { r[column] as DatabaseValue }
            let id = try V.identifier(value("id"), "apps.id")
            guard !value("definition").isNull else {
                throw Unreadable(description: "app_definitions has no row for '\(id)'")
            }
            let definitionText = try V.text(value("definition"), "app_definitions.definition", V.jsonLength)
            definitionTexts.append(definitionText)
            let definition = try V.json(value("definition"), "app_definitions.definition of '\(id)'") { try json.definition(id, $0) }
            guard definition.id == id else {
                throw Unreadable(description: "app_definitions.definition of '\(id)' defines '\(definition.id)'")
            }
            var sdkSeen: SessionMarks?
            if let checkOuts = try V.optionalInteger(value("sdk_seen_check_outs"), "apps.sdk_seen_check_outs of '\(id)'", V.count) {
                sdkSeen = SessionMarks(checkOuts: checkOuts, wipes: try V.integer(value("sdk_seen_wipes"), "apps.sdk_seen_wipes of '\(id)'", V.count))
            }
            var app = AppRuntime(definition: definition)
            app.lifecycle = try V.name(AppLifecycle.self, value("lifecycle"), "apps.lifecycle of '\(id)'")
            app.sdkSeen = sdkSeen
            app.initialCheckFailed = try V.flag(value("initial_check_failed"), "apps.initial_check_failed of '\(id)'")
            app.sawCheckedIn = try V.flag(value("saw_checked_in"), "apps.saw_checked_in of '\(id)'")
            app.currentUser = try V.optionalUser(value("shown_user"), "apps.shown_user of '\(id)'")
            app.userChangeFlag = try V.flag(value("user_change_flag"), "apps.user_change_flag of '\(id)'")
            app.nextSerial = try V.integer(value("next_serial"), "apps.next_serial of '\(id)'", V.serial)
            if !value("token").isNull {
                let token = try V.json(value("token"), "apps.token of '\(id)'") { try json.decode(AppTokenState.self, $0) }
                try V.checkInstant(token.obtainedAt, "apps.token of '\(id)' (obtainedAt)")
                try V.checkInstant(token.lastAt, "apps.token of '\(id)' (lastAt)")
                app.token = token
            }
            app.storage = items[id] ?? []
            // New items are numbered from `next_serial`: one at or below a kept item's serial
            // would give a second item the same id, and every later save would fail.
            // A developer's program names its own items (Docs/bridge-protocol.md): no serials.
            let prefix = id + "-"
            for item in app.storage where !definition.isExternal && item.id.hasPrefix(prefix) {
                if let serial = Int(item.id.dropFirst(prefix.count)), serial >= app.nextSerial {
                    throw Unreadable(description: "apps.next_serial of '\(id)' is \(app.nextSerial), not above its item '\(item.id)'")
                }
            }
            app.keychain = AppKeychain(sdkKey: keys[id])
            app.log = ChunkedLog((logs[id] ?? []).suffix(LogRetention.appLogKept))
            return app
        }
        return (apps, definitionTexts)
    }

}
