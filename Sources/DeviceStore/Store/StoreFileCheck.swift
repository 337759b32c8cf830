import Foundation
import GRDB

/// Looks at an existing database file without changing a byte of it, before GRDB opens it
/// for writing: a corrupt, foreign or newer file must be reported, never "repaired".
///
/// First the 100-byte SQLite header is read as plain bytes (magic, `user_version`,
/// `application_id`); then, for a file that claims to be ours, an `immutable=1` read-only
/// connection (no locks, no -wal or -shm created) runs `PRAGMA quick_check`.
enum StoreFileCheck {
    /// What the header says.
    struct Header: Equatable {
        var userVersion: Int
        var applicationID: Int32
    }

    static let magic = Array("SQLite format 3\u{0}".utf8)

    /// Throws when the file at `path` must not be opened for writing.
    static func check(_ path: String) throws(StoreError) {
        let bytes: [UInt8]
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            bytes = Array(try handle.read(upToCount: 100) ?? Data())
        } catch {
            throw .unwritable(path, "cannot read it: \(error.localizedDescription)")
        }
        // An empty file is what SQLite itself treats as a new database (e.g. a crash just
        // after the file was created).
        if bytes.isEmpty { return }
        let header = try parseHeader(bytes, path: path)
        if header.applicationID == Schema.applicationID {
            if header.userVersion > Schema.currentVersion { throw .newer(path, version: header.userVersion) }
            try deepCheck(path, expectEmpty: false)
        } else if header.applicationID == 0 {
            // A database hubsim created but never finished migrating has no tables yet.
            try deepCheck(path, expectEmpty: true)
        } else {
            throw .foreign(path, "its SQLite application id is \(String(format: "0x%08x", UInt32(bitPattern: header.applicationID))), not hubsim's")
        }
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
        return Header(userVersion: Int(int32(at: 60)), applicationID: int32(at: 68))
    }

    /// Opens the file immutable and read-only and checks its pages and tables.
    private static func deepCheck(_ path: String, expectEmpty: Bool) throws(StoreError) {
        var config = Configuration()
        config.readonly = true
        config.label = "hubsim.check"
        let uri = "file:" + (path.addingPercentEncoding(withAllowedCharacters: uriPathAllowed) ?? path) + "?immutable=1"
        do {
            let queue = try DatabaseQueue(path: uri, configuration: config)
            defer { try? queue.close() }
            try queue.read { db in
                let result = try String.fetchOne(db, sql: "PRAGMA quick_check(1)") ?? "no result"
                guard result == "ok" else { throw StoreError.corrupt(path, "integrity check: \(result)") }
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                if expectEmpty && tables > 0 { throw StoreError.foreign(path, "it has tables but no hubsim application id") }
                if !expectEmpty {
                    let hasDevice = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'device'") ?? 0
                    let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                    if hasDevice == 0 && version > 0 { throw StoreError.corrupt(path, "the device table is missing") }
                }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT:
                throw .corrupt(path, error.message ?? "\(error.resultCode)")
            case .SQLITE_CANTOPEN:
                // This SQLite does not take URI file names: the header check has to do.
                return
            default:
                throw .corrupt(path, error.message ?? "\(error.resultCode)")
            }
        } catch {
            throw .corrupt(path, "\(error)")
        }
    }

    private static let uriPathAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "?#%")
        return set
    }()
}
