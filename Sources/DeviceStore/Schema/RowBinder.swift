import GRDB
import GRDBSQLite

/// Binds a row's values straight onto a prepared statement, one by one, without the
/// `StatementArguments` that GRDB builds from an array of boxed values.
///
/// A save runs after every engine event and writes about eighty values; GRDB's arguments
/// (an array of `any DatabaseValueConvertible`, mapped to `DatabaseValue`s, then bound) were
/// most of the save's own time (the third pass's profile is in Docs/performance.md). Text
/// and blobs are copied by SQLite (`SQLITE_TRANSIENT`), so nothing outlives the call.
/// Measured again against GRDB's record types in its place (Docs/decisions.md, "The device
/// store's special cases, measured"): a save 3x the CPU and an interactive session's peak
/// memory about 3 MB higher, over the 16 MB budget.
struct RowBinder {
    fileprivate let statement: SQLiteStatement
    fileprivate var index: CInt = 1
    /// The first binding that failed (SQLite's code), reported after all are attempted.
    fileprivate var failure: CInt = SQLITE_OK

    fileprivate mutating func check(_ code: CInt) {
        if code != SQLITE_OK && failure == SQLITE_OK { failure = code }
        index += 1
    }

    mutating func bind(_ value: Int) { check(sqlite3_bind_int64(statement, index, Int64(value))) }

    mutating func bind(_ value: Int64) { check(sqlite3_bind_int64(statement, index, value)) }

    mutating func bind(_ value: Bool) { bind(value ? 1 : 0) }

    mutating func bind(_ value: Int64?) {
        guard let value else { return bindNull() }
        bind(value)
    }

    mutating func bind(_ value: Int?) {
        guard let value else { return bindNull() }
        bind(value)
    }

    mutating func bind(_ value: Bool?) {
        guard let value else { return bindNull() }
        bind(value)
    }

    mutating func bind(_ value: String?) {
        guard var value else { return bindNull() }
        let code = value.withUTF8 { utf8 -> CInt in
            // An empty buffer may have no address, and a NULL pointer would bind NULL, not ''.
            guard let base = utf8.baseAddress, !utf8.isEmpty else {
                return sqlite3_bind_text(statement, index, "", 0, RowBinder.transient)
            }
            return sqlite3_bind_text(statement, index, base, CInt(utf8.count), RowBinder.transient)
        }
        check(code)
    }

    mutating func bind(_ bytes: [UInt8]?) {
        guard let bytes else { return bindNull() }
        let code = bytes.withUnsafeBytes { raw in
            // `sqlite3_bind_blob` with a NULL pointer binds NULL; a zero-length blob is `zeroblob(0)`.
            guard let base = raw.baseAddress, !raw.isEmpty else { return sqlite3_bind_zeroblob(statement, index, 0) }
            return sqlite3_bind_blob(statement, index, base, CInt(raw.count), RowBinder.transient)
        }
        check(code)
    }

    mutating func bindNull() { check(sqlite3_bind_null(statement, index)) }

    /// SQLite copies the value before the bind call returns.
    fileprivate static let transient = unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
}

extension Statement {
    /// Executes this statement (one that returns no rows) with the values `bind` gives, in
    /// the order of its `?` parameters, every parameter bound.
    ///
    /// It goes around GRDB's execution, which only adds what the writer does not use
    /// (transaction observers, database regions): the store opens and commits its
    /// transactions through GRDB, so GRDB still sees every transaction begin and end.
    func run(_ bind: (inout RowBinder) -> Void) throws {
        let statement = sqliteStatement
        // A statement last stepped by GRDB or by a failed run is reset before rebinding.
        sqlite3_reset(statement)
        var binder = RowBinder(statement: statement)
        bind(&binder)
        precondition(binder.index - 1 == sqlite3_bind_parameter_count(statement),
                     "bound \(binder.index - 1) values to \(sqlite3_bind_parameter_count(statement)) parameters: \(sql)")
        var code = binder.failure
        if code == SQLITE_OK {
            code = sqlite3_step(statement)
            if code == SQLITE_ROW { code = SQLITE_MISUSE }  // The writer's statements return no rows.
        }
        guard code == SQLITE_DONE else {
            let connection = sqlite3_db_handle(statement)
            let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
        }
        // Reset at once (a statement left stepped holds its table open), and drop SQLite's
        // copies of the values (key bytes among them) rather than keep them until the next run.
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }
}
