import Foundation
import GRDB
import Logging
import SessionEngine
import Synchronization

/// A simulated device's memory: one SQLite database (GRDB, WAL) per device.
///
/// `save` is called after every engine event and commits that event in one transaction,
/// so a process killed at any moment loses nothing that was shown. It writes only what
/// changed since the previous save (the event log by `seq`, apps that changed, …).
/// The file is created owner-only (0600) in an owner-only directory (0700), and held with
/// an exclusive lock: a second hubsim on the same device gets a clear error.
public final class DeviceStore: Sendable {
    /// The database file; nil for an in-memory store (`--ephemeral`).
    public let path: String?
    public var url: URL? { path.map { URL(fileURLWithPath: $0) } }
    private let queue: DatabaseQueue
    private let logger: Logger
    /// What a save needs from the one before it, one caller at a time.
    private let state: Mutex<State>

    private struct State {
        let writer = SnapshotWriter()
        /// What the tables hold now, so a save writes only the difference.
        var saved: SavedState?
        /// A file created by this open, written so far without syncs (`configuration`); the first
        /// save or the close syncs it before anything of the device is committed.
        var creationUnsynced: Bool
        var lastLoadRowsRead = (all: 0, history: 0)
    }

    /// Rows the last `load` read, of every table and of the sessions and logs (tests: a long
    /// history costs a start no more).
    var lastLoadRowsRead: (all: Int, history: Int) { state.withLock { $0.lastLoadRowsRead } }

    private init(path: String?, queue: DatabaseQueue, logger: Logger, creationUnsynced: Bool = false) {
        self.path = path
        self.queue = queue
        self.logger = logger
        self.state = Mutex(State(creationUnsynced: creationUnsynced))
    }

    deinit {
        // Closed without `close()`: the connection's last checkpoint syncs, as after `close()`.
        if state.withLock({ $0.creationUnsynced }) { try? queue.inDatabase { try Self.endUnsyncedCreation($0) } }
    }

    /// A logger that drops everything, for callers that pass none.
    public static let silent = Logger(label: "hubsim.store") { _ in SwiftLogNoOpLogHandler() }

    /// Opens (creating if needed) the database at `url`. A corrupt, foreign or newer file,
    /// or a directory that cannot be written, throws a `StoreError` and is left untouched.
    public static func open(at url: URL, logger: Logger = silent) throws(StoreError) -> DeviceStore {
        try open(path: url.path, logger: logger)
    }

    /// `open(at:)` by path: hubsim's start uses plain paths (`URL`'s first use costs more
    /// than opening the database).
    public static func open(path: String, logger: Logger = silent) throws(StoreError) -> DeviceStore {
        do { return try openChecked(path, logger: logger) } catch {
            logger.error("cannot open the device database", metadata: ["path": "\(path)", "kind": "\(error.kind.rawValue)"])
            throw error
        }
    }

    private static func openChecked(_ path: String, logger: Logger) throws(StoreError) -> DeviceStore {
        try StoreFiles.prepareDirectory(StoreFiles.parent(of: path))
        return StoreFiles.exists(path) ? try openExisting(path, logger: logger) : try create(path, logger: logger)
    }

    /// A file that exists: checked (not in use, a whole SQLite database of hubsim's), opened
    /// and migrated. The directory has been prepared.
    private static func openExisting(_ path: String, logger: Logger) throws(StoreError) -> DeviceStore {
        try StoreFiles.requireRegularFile(path)
        if StoreFiles.isLockedByAnotherProcess(path) { throw .inUse(path) }
        let remaining = try StoreFileCheck.check(path)
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration(label: "hubsim.device", inMemory: false))
        } catch {
            throw map(error, path: path, doing: "open")
        }
        if case let .pages(expectEmpty) = remaining {
            do {
                try queue.read { db in try StoreFileCheck.checkPages(db, path: path, expectEmpty: expectEmpty) }
            } catch {
                // Nothing was written: closing leaves the file as it was found.
                try? queue.close()
                throw StoreFileCheck.classify(error, path: path)
            }
        }
        let store = DeviceStore(path: path, queue: queue, logger: logger)
        try store.migrate(path: path)
        StoreFiles.restrictPermissions(path)
        return store
    }

    /// A new file, made owner-only and exclusively (`O_EXCL`: of two processes creating one
    /// device, the second is told it is in use), then its tables, without syncs until the
    /// first save (`configuration(creating:)`). The directory has been prepared.
    static func create(_ path: String, logger: Logger) throws(StoreError) -> DeviceStore {
        try StoreFiles.createEmpty(path)
        var queue: DatabaseQueue?
        do {
            let opened = try DatabaseQueue(path: path, configuration: configuration(label: "hubsim.device", inMemory: false, creating: true))
            queue = opened
            let store = DeviceStore(path: path, queue: opened, logger: logger, creationUnsynced: true)
            try store.migrate(path: path, doing: "create")
            StoreFiles.restrictPermissions(path)
            return store
        } catch {
            // Nothing of a device is in a file that could not be made whole (a full disk
            // leaves it empty or half-made, which the next start would refuse as damaged):
            // it and its companions go, so the next start makes the device anew.
            try? queue?.close()
            StoreFiles.removeDatabase(path)
            throw map(error, path: path, doing: "create")
        }
    }

    /// What `hubsim`'s start opens for `--device` under `--state-dir`: an existing file opened
    /// and its device read (`loadForStart`), or, when there is none yet, a new device's
    /// directory made and checked, and nothing else: its database is made by
    /// `NewDeviceFile.create`, after the first frame (`StartingStore`).
    public static func openForStart(stateDir: String?, device: String, logger: Logger = silent,
                                    environment: [String: String]) throws(StoreError) -> StartingStore {
        let path = try StoreLocation.resolvePath(stateDir: stateDir, device: device, environment: environment)
        do {
            try StoreFiles.prepareDirectory(StoreFiles.parent(of: path))
            guard StoreFiles.exists(path) else { return .new(NewDeviceFile(path: path, logger: logger)) }
            let store = try openExisting(path, logger: logger)
            return .existing(store, try store.loadForStart())
        } catch {
            logger.error("cannot open the device database", metadata: ["path": "\(path)", "kind": "\(error.kind.rawValue)"])
            throw error
        }
    }

    /// A store that keeps everything in memory (`--ephemeral`): same code, nothing on disk.
    public static func inMemory(logger: Logger = silent) throws(StoreError) -> DeviceStore {
        let queue: DatabaseQueue
        do { queue = try DatabaseQueue(configuration: configuration(label: "hubsim.ephemeral", inMemory: true)) } catch {
            throw map(error, path: ":memory:", doing: "open")
        }
        let store = DeviceStore(path: nil, queue: queue, logger: logger)
        try store.migrate(path: ":memory:")
        return store
    }

    /// `creating`: the file was just created empty, and the database is made in it without
    /// syncs (`synchronous = OFF`): entering WAL and the schema's first commit cost five
    /// `fdatasync`s, of the file, its rollback journal, the WAL and the directory twice, 2–3 ms
    /// before a new device's first frame (Docs/performance.md). Until the first save nothing in it is
    /// the device's, and that save (or the close) syncs it first (`endUnsyncedCreation`).
    static func configuration(label: String, inMemory: Bool, creating: Bool = false) -> Configuration {
        var config = Configuration()
        config.label = label
        config.prepareDatabase { db in
            // Exclusive before WAL is entered: no -shm file, and one process per device.
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            // Before WAL is entered: entering it writes the header through a rollback journal.
            if creating { try db.execute(sql: "PRAGMA synchronous = OFF") }
            // WAL set here rather than with GRDB's `journalMode = .wal`, which also writes a
            // table and drops it so that pools find a -wal file: a queue does not need one,
            // and that write's two fsyncs were 2 ms before hubsim's first frame. (A database in
            // memory has no journal file to choose.)
            if !inMemory {
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw DatabaseError(message: "could not enter WAL mode")
                }
                if !creating { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            }
            // A destroyed key's bytes are overwritten, not just unlinked from the b-tree.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        return config
    }

    private func migrate(path: String, doing what: String = "open") throws(StoreError) {
        do {
            // Read again through SQLite: a -wal left by a killed process may hold a
            // newer header than the main file showed.
            let version = try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
            if version > Schema.currentVersion { throw StoreError.newer(path, version: version) }
            // Each migration stamps user_version in its own transaction, so a current one
            // means all are applied: the migrator (0.3 ms before the first frame) is not needed.
            // An empty database (a new file, or in memory) is made current without the migrator.
            let empty = try version == 0 && queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") == 0 }
            if empty {
                try queue.writeWithoutTransaction(Schema.createCurrent)
            } else if version < Schema.currentVersion {
                try Schema.migrator().migrate(queue)
            }
            if version < Schema.currentVersion {
                logger.info(version == 0 ? "created the device database" : "migrated the device database",
                            metadata: ["path": "\(path)", "from": "\(version)", "to": "\(Schema.currentVersion)"])
            } else {
                logger.info("opened the device database", metadata: ["path": "\(path)", "schema": "\(version)"])
            }
        } catch {
            throw Self.map(error, path: path, doing: what)
        }
    }

    /// The schema version of the open file.
    public func schemaVersion() throws(StoreError) -> Int {
        do { return try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 } } catch {
            throw Self.map(error, path: displayPath, doing: "read")
        }
    }

    /// The stored device, or nil when there is none yet (a new or reset database).
    public func load() throws(StoreError) -> DeviceSnapshot? {
        try state.withLock { (state: inout State) throws(StoreError) -> DeviceSnapshot? in
            do {
                let loaded = try queue.read { try SnapshotReader.read($0) }
                state.saved = loaded.map { SavedState($0.snapshot, historyBase: $0.historyBase) }
                state.lastLoadRowsRead = (loaded?.rowsRead ?? 0, loaded?.historyRowsRead ?? 0)
                return loaded?.snapshot
            } catch let error as SnapshotReader.Unreadable {
                throw .corrupt(displayPath, error.description)
            } catch {
                throw Self.map(error, path: displayPath, doing: "read")
            }
        }
    }

    /// Up to `limit` event-log lines older than `seq`, oldest first: the lines a start did not
    /// read (`LogRetention`), for the event log when it is scrolled past what the device holds.
    public func eventLogPage(before seq: Int, limit: Int) throws(StoreError) -> [LogEntry] {
        do {
            return try queue.read { try SnapshotReader.eventLogPage($0, before: seq, limit: limit) }
        } catch let error as SnapshotReader.Unreadable {
            throw .corrupt(displayPath, error.description)
        } catch {
            throw Self.map(error, path: displayPath, doing: "read")
        }
    }

    /// How many event-log lines older than `seq` the file keeps.
    public func eventLogCount(before seq: Int) throws(StoreError) -> Int {
        do {
            return try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM event_log WHERE seq < ?", arguments: [seq]) ?? 0 }
        } catch {
            throw Self.map(error, path: displayPath, doing: "read")
        }
    }

    /// What a start resumes from: an enrolled device whole; of an unenrolled one only its
    /// profile. After `.none` or `.unenrolled` the next `save` writes the device whole.
    public func loadForStart() throws(StoreError) -> SavedDevice {
        let head: (state: DatabaseValue, profile: DatabaseValue)?
        do {
            head = try queue.read { db in
                try Row.fetchOne(db, sql: "SELECT state, profile FROM device WHERE id = 1").map { ($0[0], $0[1]) }
            }
        } catch {
            throw Self.map(error, path: displayPath, doing: "read")
        }
        guard let head else { return .none }
        let profile: ProfileID
        do {
            guard try StoredValue.name(DeviceState.Kind.self, head.state, "device.state") == .unenrolled else {
                return try load().map(SavedDevice.enrolled) ?? .none
            }
            profile = try StoredValue.name(ProfileID.self, head.profile, "device.profile")
        } catch let error as SnapshotReader.Unreadable {
            throw .corrupt(displayPath, error.description)
        } catch {
            throw Self.map(error, path: displayPath, doing: "read")
        }
        return .unenrolled(profile)
    }

    /// Commits the device's snapshot in one transaction, writing only what changed since the
    /// last `save` or `load`. Successive calls are meant for successive states of one device
    /// (its logs only grow); after `reset()` the next save writes everything. The key tables'
    /// fingerprints come from the device's cipher.
    public func save(_ device: SharedDevice) throws(StoreError) {
        try save(device.snapshot, fingerprint: device.fingerprint(of:))
    }

    func save(_ snapshot: DeviceSnapshot, fingerprint: (KeyMaterial) -> String) throws(StoreError) {
        try state.withLock { (state: inout State) throws(StoreError) in
            let old = state.saved
            do {
                state.saved = try queue.writeWithoutTransaction { db in
                    if state.creationUnsynced {
                        try Self.endUnsyncedCreation(db)
                        state.creationUnsynced = false
                    }
                    return try Self.inTransaction(db) { try state.writer.write(snapshot, over: old, in: db, fingerprint: fingerprint) }
                }
            } catch {
                // The transaction rolled back: the tables still hold what `old` says.
                let failure = Self.map(error, path: displayPath, doing: "save the device state to")
                logger.error("save failed", metadata: ["path": "\(displayPath)", "kind": "\(failure.kind.rawValue)"])
                throw failure
            }
        }
        logger.trace("saved", metadata: ["state": "\(snapshot.state)", "log": "\(snapshot.log.entries.last?.seq ?? 0)"])
    }

    /// `body` in one IMMEDIATE transaction, committed, or rolled back if anything throws (the
    /// commit included): GRDB's `write`, but with BEGIN and COMMIT as cached statements, as a
    /// save runs after every event and parsing both was a tenth of a save (Docs/performance.md).
    static func inTransaction<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        do {
            let result = try body()
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
            return result
        } catch {
            if db.isInsideTransaction { try? db.rollback() }
            throw error
        }
    }

    /// Forgets the device (unenrolls it): every table emptied in one transaction. The next
    /// `load` returns nil.
    public func reset() throws(StoreError) {
        try state.withLock { (state: inout State) throws(StoreError) in
            do {
                if state.creationUnsynced {
                    try queue.inDatabase { try Self.endUnsyncedCreation($0) }
                    state.creationUnsynced = false
                }
                try queue.write { db in
                    for table in Schema.tables { try db.execute(sql: "DELETE FROM \(table)") }
                }
                // Give the freed pages back, so nothing of the old device lingers in the file.
                try queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
            } catch {
                throw Self.map(error, path: displayPath, doing: "reset")
            }
            state.saved = nil
        }
        logger.notice("device reset (unenrolled)", metadata: ["path": "\(displayPath)"])
    }

    /// Checkpoints the WAL into the main file and closes it (also done on deinit).
    public func close() throws(StoreError) {
        try state.withLock { (state: inout State) throws(StoreError) in
            do {
                if state.creationUnsynced {
                    try queue.inDatabase { try Self.endUnsyncedCreation($0) }
                    state.creationUnsynced = false
                }
                try queue.close()
            } catch { throw Self.map(error, path: displayPath, doing: "close") }
        }
    }

    /// Ends a creation made without syncs (`configuration`): from here on the file is synced
    /// as any other, and a checkpoint syncs what the creation wrote (the WAL, with the
    /// directory at its first sync, then the file), as the creation's own syncs did.
    static func endUnsyncedCreation(_ db: Database) throws {
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
        try db.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)")
    }

    private var displayPath: String { path ?? ":memory:" }

    static func map(_ error: any Error, path: String, doing what: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let db = error as? DatabaseError else { return .io(path, what, "\(error)") }
        let detail = db.message ?? "\(db.resultCode)"
        switch db.resultCode.primaryResultCode {
        case .SQLITE_FULL: return .full(path, what)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .inUse(path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT: return .corrupt(path, detail)
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return .unwritable(path, detail)
        default: return .io(path, what, detail)
        }
    }
}

extension DeviceStore {
    /// Copies what is committed into `other`, as a fresh process would read it.
    func backup(to other: DeviceStore) throws {
        try queue.backup(to: other.queue)
    }

    /// The keychain table's rows: which app holds which key.
    func keychainRows() throws -> [(app: AppID, key: [UInt8])] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT app, key FROM keychain").map { ($0["app"], Array($0["key"] as Data)) }
        }
    }

    /// Runs `body` on the connection (tests inspect the schema with it).
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.read(body)
    }
}
