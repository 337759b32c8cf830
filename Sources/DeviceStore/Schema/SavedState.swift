import SessionEngine

/// What the tables hold after a write, kept small: the counts and last entries of the
/// append-only logs, and the few small values that are compared whole.
struct SavedState {
    /// What `device_setup` holds (nil: nothing written yet).
    var setup: SavedSetup?
    var historyCount = 0
    var historyLast: SessionRecord?
    /// The `seq` of the session before `history[0]`'s row, less the older sessions read
    /// before the newest ones (`LogRetention`): `history[i]` of the newest is row
    /// `historyBase + i + 1`.
    var historyBase = 0
    var apps: [AppID: SavedApp] = [:]
    var logCount = 0
    var logLast: LogEntry?
    var coverage: [String: Int] = [:]
    var failedAttempts: [UserID: FailedAttempts] = [:]
    var keyServer: [UserID: KeyMaterial] = [:]
    var findings: [LeakFinding] = []
    /// Log entries and sessions written since the last trim (`LogRetention.trimStep`).
    var writtenSinceTrim = 0
    /// Whether the next save trims whatever it writes: the first after the file is opened
    /// (a file of an older hubsim may hold logs of any length) or written whole.
    var trimDue = true
}

/// The `device_setup` row's values: they change at enrollment, not at every event.
struct SavedSetup: Equatable {
    var profile: DeviceProfile
    var appSet: [AppDefinition]
    var enrollment: Enrollment?

    init(_ snapshot: DeviceSnapshot) {
        profile = snapshot.profile; appSet = snapshot.appSet; enrollment = snapshot.enrollment
    }

    /// Whether the row already holds `snapshot`'s values, compared without building a copy.
    func matches(_ snapshot: DeviceSnapshot) -> Bool {
        appSet == snapshot.appSet && enrollment == snapshot.enrollment && profile == snapshot.profile
    }
}

/// One app as its rows hold it.
struct SavedApp {
    /// The `apps` row's values (its definition is in `app_definitions`).
    struct Fields: Equatable {
        var lifecycle: AppLifecycle
        var sdkSeen: SessionMarks?
        var initialCheckFailed: Bool
        var sawCheckedIn: Bool
        var currentUser: UserID?
        var userChangeFlag: Bool
        var nextSerial: Int
        var token: AppTokenState?

        init(_ app: AppRuntime, nextSerial: Int) {
            lifecycle = app.lifecycle; sdkSeen = app.sdkSeen
            initialCheckFailed = app.initialCheckFailed; sawCheckedIn = app.sawCheckedIn
            currentUser = app.currentUser; userChangeFlag = app.userChangeFlag; self.nextSerial = nextSerial
            token = app.token
        }

        /// Whether the row already holds `app`'s values (all but the next serial), compared
        /// without building a `Fields` (a copy of the definition and token) at every save.
        func matches(_ app: AppRuntime) -> Bool {
            lifecycle == app.lifecycle && initialCheckFailed == app.initialCheckFailed && sawCheckedIn == app.sawCheckedIn
                && userChangeFlag == app.userChangeFlag && currentUser == app.currentUser && sdkSeen == app.sdkSeen
                && token == app.token
        }
    }

    var position: Int
    /// What `app_definitions` holds for the app.
    var definition: AppDefinition
    var fields: Fields
    var storage: [StoredItem]
    var sdkKey: KeyMaterial?
    var logCount: Int
    var logLast: AppLogEntry?
}

extension SavedState {
    /// Whether `snapshot` is a later state of the device written: its append-only logs
    /// still hold what was written, where it was written.
    func isContinued(by snapshot: DeviceSnapshot) -> Bool {
        let log = snapshot.log.entries
        guard logCount <= log.count, historyCount <= snapshot.history.count else { return false }
        return logCount == 0 || log[logCount - 1] == logLast
    }

    /// What the tables hold right after `snapshot` was read from them.
    init(_ snapshot: DeviceSnapshot, historyBase: Int = 0) {
        setup = SavedSetup(snapshot)
        self.historyBase = historyBase
        historyCount = snapshot.history.count
        historyLast = snapshot.history.last
        for (position, app) in snapshot.apps.enumerated() {
            apps[app.id] = SavedApp(position: position, definition: app.definition, fields: .init(app, nextSerial: app.nextSerial),
                                    storage: app.storage, sdkKey: app.keychain.sdkKey, logCount: app.log.count, logLast: app.log.last)
        }
        logCount = snapshot.log.entries.count
        logLast = snapshot.log.entries.last
        coverage = snapshot.coverage
        failedAttempts = snapshot.failedAttempts
        keyServer = snapshot.externalKeyServer
        findings = snapshot.findings
    }
}
