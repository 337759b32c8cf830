import Foundation
import GRDB
import Testing
@testable import DeviceStore

/// The writer binds values straight onto SQLite (`Statement.run`): each kind of value must
/// land as GRDB's arguments landed it, and a failure must throw and roll back as before.
@Suite struct RowBinderTests {
    private func table() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE t (i INTEGER, big INTEGER, flag INTEGER, text TEXT, empty TEXT, none TEXT,
                                blob BLOB, absent BLOB, required TEXT NOT NULL)
                """)
        }
        return queue
    }

    private static let insert = "INSERT INTO t (i, big, flag, text, empty, none, blob, absent, required) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"

    @Test func everyKindOfValueLandsWithItsSQLiteType() throws {
        let queue = try table()
        try queue.write { db in
            try db.cachedStatement(sql: Self.insert).run { row in
                row.bind(-42); row.bind(Int64(1) << 40); row.bind(true); row.bind("Zoë ✓" as String?); row.bind("")
                row.bind(nil as String?); row.bind([0, 1, 255] as [UInt8]?); row.bind(nil as [UInt8]?); row.bind("x")
            }
        }
        let row = try queue.read { db in
            try Row.fetchOne(db, sql: """
                SELECT i, big, flag, text, empty, typeof(empty) AS emptyType, none, blob, typeof(absent) AS absentType FROM t
                """)!
        }
        #expect(row["i"] as Int == -42)
        #expect(row["big"] as Int64 == 1 << 40)
        #expect(row["flag"] as Bool == true)
        #expect(row["text"] as String == "Zoë ✓")
        #expect(row["empty"] as String == "")
        #expect(row["emptyType"] as String == "text")  // '' and not NULL: an empty buffer has no address
        #expect(row["none"] as String? == nil)
        #expect(row["blob"] as Data == Data([0, 1, 255]))
        #expect(row["absentType"] as String == "null")
    }

    @Test func aFailedRowThrowsAndTheStatementRunsAgainWithFreshValues() throws {
        let queue = try table()
        try queue.write { (db: Database) throws in
            let insert = try db.cachedStatement(sql: Self.insert)
            func bindAll(_ row: inout RowBinder, _ i: Int, required: String?) {
                row.bind(i); row.bind(nil as Int?); row.bind(nil as Bool?); row.bind(nil as String?); row.bind(nil as String?)
                row.bind(nil as String?); row.bind(nil as [UInt8]?); row.bind(nil as [UInt8]?); row.bind(required)
            }
            let error = #expect(throws: DatabaseError.self) { try insert.run { bindAll(&$0, 1, required: nil) } }
            #expect(error?.resultCode == .SQLITE_CONSTRAINT)
            #expect(error?.sql == Self.insert)
            try insert.run { bindAll(&$0, 2, required: "kept") }
            let rows = try Row.fetchAll(db, sql: "SELECT i, required FROM t")
            #expect(rows.map { $0["i"] as Int } == [2])
            #expect(rows.map { $0["required"] as String } == ["kept"])
        }
    }

    @Test func aRowFailingInsideASaveRollsBackTheWholeTransaction() throws {
        let queue = try table()
        try queue.writeWithoutTransaction { (db: Database) throws in
            let error = #expect(throws: DatabaseError.self) {
                try DeviceStore.inTransaction(db) {
                    try db.cachedStatement(sql: Self.insert).run { row in
                        row.bind(1); row.bind(nil as Int?); row.bind(false); row.bind("a"); row.bind("")
                        row.bind(nil as String?); row.bind(nil as [UInt8]?); row.bind(nil as [UInt8]?); row.bind("first")
                    }
                    try db.cachedStatement(sql: Self.insert).run { row in
                        row.bind(2); row.bind(nil as Int?); row.bind(false); row.bind("b"); row.bind("")
                        row.bind(nil as String?); row.bind(nil as [UInt8]?); row.bind(nil as [UInt8]?); row.bind(nil as String?)
                    }
                }
            }
            #expect(error?.resultCode == .SQLITE_CONSTRAINT)
            #expect(!db.isInsideTransaction)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 0)
        }
    }
}
