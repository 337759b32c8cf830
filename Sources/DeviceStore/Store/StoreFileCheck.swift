import Foundation
import GRDB

/// Looks at an existing database file without changing a byte of it, before or as GRDB
/// opens it for writing: a corrupt, foreign or newer file must be reported, never "repaired".
///
/// First the 100-byte SQLite header is read as plain bytes (magic, `user_version`,
/// `application_id`). Then `PRAGMA quick_check` and a look at the tables, on one of two
/// connections:
/// - when a -wal or -journal is left beside the file (a killed process), opening it for
///   writing would replay that into the file, so the check runs first on an `immutable=1`
///   read-only connection (no locks, no -wal or -shm created);
/// - so it does when the file is not in WAL mode (hubsim's files always are): the store's
///   connection would switch it;
/// - otherwise opening it changes nothing until something is written, so the check runs on
///   the store's own connection before anything is (`Remaining.pages`), which saves a
///   second connection before the first frame.
enum StoreFileCheck {
    /// What the header says.
    struct Header: Equatable {
        var userVersion: Int
        var applicationID: Int32
        /// The file format's read and write versions say WAL (2), not the rollback journal (1).
        var isWAL: Bool
    }

    /// What is left to check once the store's connection is open.
    enum Remaining: Equatable {
        case nothing
        /// The pages and tables (`checkPages`); `expectEmpty` for a file never migrated.
        case pages(expectEmpty: Bool)
    }

    static let magic = Array("SQLite format 3\u{0}".utf8)

    /// Throws when the file at `path` must not be opened for writing; otherwise says what
    /// remains to be checked on the opened connection.
    static func check(_ path: String) throws(StoreError) -> Remaining {
        let bytes = try readHeaderBytes(path)
        // SQLite would take an empty file for a new database and hubsim would start a new
        // device in it: but a device file is never empty once hubsim made it (the store
        // creates and migrates it before anything else), so this is damage (a truncation).
        if bytes.isEmpty { throw .corrupt(path, "the file is empty (0 bytes)") }
        let header = try parseHeader(bytes, path: path)
        let expectEmpty: Bool
        if header.applicationID == Schema.applicationID {
            if header.userVersion > Schema.currentVersion { throw .newer(path, version: header.userVersion) }
            expectEmpty = false
        } else if header.applicationID == 0 {
            // A database hubsim created but never finished migrating has no tables yet.
            expectEmpty = true
        } else {
            throw .foreign(path, "its SQLite application id is \(String(format: "0x%08x", UInt32(bitPattern: header.applicationID))), not hubsim's")
        }
        if header.isWAL && !hasLeftovers(path) { return .pages(expectEmpty: expectEmpty) }
        try checkImmutable(path, expectEmpty: expectEmpty)
        return .nothing
    }

    /// Up to the first 100 bytes of the file (fewer when it is shorter).
    static func readHeaderBytes(_ path: String) throws(StoreError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unwritable(path, "cannot read it: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 100)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .unwritable(path, "cannot read it: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            count += n
        }
        return Array(bytes.prefix(count))
    }

    static func parseHeader(_ bytes: [UInt8], path: String) throws(StoreError) -> Header {
        guard bytes.count >= magic.count, Array(bytes.prefix(magic.count)) == magic else {
            throw .foreign(path, "not an SQLite database")
        }
        guard bytes.count == 100 else { throw .corrupt(path, "the SQLite header is truncated") }
        func int32(at offset: Int) -> Int32 {
            Int32(bitPattern: UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
                | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3]))
        }
        return Header(userVersion: Int(int32(at: 60)), applicationID: int32(at: 68), isWAL: bytes[18] == 2 && bytes[19] == 2)
    }

    /// A -wal or -journal beside the file: what SQLite would replay into it on opening.
    static func hasLeftovers(_ path: String) -> Bool {
        StoreFiles.exists(path + "-wal") || StoreFiles.exists(path + "-journal")
    }

    /// Opens the file immutable and read-only and checks its pages and tables.
    static func checkImmutable(_ path: String, expectEmpty: Bool) throws(StoreError) {
        var config = Configuration()
        config.readonly = true
        config.label = "hubsim.check"
        let uri = "file:" + uriPath(path) + "?immutable=1"
        do {
            let queue = try DatabaseQueue(path: uri, configuration: config)
            defer { try? queue.close() }
            try queue.read { db in try checkPages(db, path: path, expectEmpty: expectEmpty) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
            // This SQLite does not take URI file names: the header check has to do.
            return
        } catch {
            throw classify(error, path: path)
        }
    }

    /// Checks the pages and tables through `db`, which must not have written anything yet.
    static func checkPages(_ db: Database, path: String, expectEmpty: Bool) throws {
        let result = try String.fetchOne(db, sql: "PRAGMA quick_check(1)") ?? "no result"
        guard result == "ok" else { throw StoreError.corrupt(path, "integrity check: \(result)") }
        let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
        if expectEmpty && tables > 0 { throw StoreError.foreign(path, "it has tables but no hubsim application id") }
        if !expectEmpty {
            let hasDevice = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'device'") ?? 0
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            if hasDevice == 0 && version > 0 { throw StoreError.corrupt(path, "the device table is missing") }
            // A current file is not migrated again, so each of its tables must be there: a
            // dropped one was reported by the first read as a disk problem.
            if version == Schema.currentVersion {
                let existing = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
                let missing = Schema.tables.filter { !existing.contains($0) }
                if !missing.isEmpty {
                    throw StoreError.corrupt(path, "table \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing")
                }
            }
            if hasDevice > 0 { try checkDeviceRow(db, path: path) }
        }
    }

    /// A device's rows are written and emptied together (one transaction per save, per
    /// reset): apps, items or log entries without the `device` row mean the row was lost.
    /// Opened as a new device, the first save would replace all of them.
    static func checkDeviceRow(_ db: Database, path: String) throws {
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM device") == 0 else { return }
        let existing = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        var filled: [String] = []
        for table in Schema.tables where table != "device" && existing.contains(table) {
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table))") == true { filled.append(table) }
        }
        if !filled.isEmpty {
            throw StoreError.corrupt(path, "the device row is missing but \(filled.joined(separator: ", ")) still hold data")
        }
    }

    /// What a failed check means: its own finding, or damage SQLite ran into.
    static func classify(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError { return .corrupt(path, error.message ?? "\(error.resultCode)") }
        return .corrupt(path, "\(error)")
    }

    /// `path` as the path of an SQLite URI: SQLite reads it literally except for `%HH`
    /// escapes and the `?` and `#` that end it, so exactly those three are escaped.
    static func uriPath(_ path: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(path.utf8.count)
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
