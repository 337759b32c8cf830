import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// Damage that SQLite itself does not see (Docs/reliability.md: damaged device files and their time columns):
/// each file is refused with one line that says what is wrong and how to start anew, exit
/// status 2, and the file stays byte-identical with nothing (no -wal) left beside it.
@Suite("Reliability: damaged device files")
struct DamagedFileTests {
    /// A walked device's file, changed by `sql` through a plain connection, then closed.
    static func damagedFile(_ sql: String) throws -> URL {
        let url = try FailureTests.hubsimFile(in: try Fixtures.tempDir())
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        return url
    }

    /// Opens `url` and reads it as a start does; expects a `.corrupt` refusal naming `detail`,
    /// and checks the directory's files are byte-identical and no new file appeared.
    static func expectDamaged(_ url: URL, _ detail: String, also more: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = url.deletingLastPathComponent()
        let before = Fixtures.files(under: dir).map(\.lastPathComponent).sorted()
        let hash = try Fixtures.sha256(url.path)
        do {
            let store = try DeviceStore.open(at: url)
            defer { try? store.close() }
            let saved = try store.loadForStart()
            Issue.record("opened a damaged file as \(saved)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == .corrupt, "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(url.path), sourceLocation: sourceLocation)
            #expect(error.description.contains(detail), "\(error)", sourceLocation: sourceLocation)
            if let more { #expect(error.description.contains(more), "\(error)", sourceLocation: sourceLocation) }
            #expect(error.description.contains("it was left untouched: move it aside"), sourceLocation: sourceLocation)
            #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
            #expect(error.exitCode == 2, sourceLocation: sourceLocation)
        }
        #expect(try Fixtures.sha256(url.path) == hash, "file changed", sourceLocation: sourceLocation)
        #expect(Fixtures.files(under: dir).map(\.lastPathComponent).sorted() == before, sourceLocation: sourceLocation)
    }

    @Test func aZeroByteFileIsDamagedNotANewDevice() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("till.sqlite")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
        try Self.expectDamaged(url, "the file is empty (0 bytes)")
        #expect(try Data(contentsOf: url).isEmpty)
    }

    @Test func aDeletedDeviceRowDoesNotOpenAsANewDevice() throws {
        let url = try Self.damagedFile("DELETE FROM device")
        try Self.expectDamaged(url, "the device row is missing but items, keychain, app_log, apps, sessions, event_log")
    }

    /// A reset file (every table empty) is a new device, not damage.
    @Test func aResetFileStillOpensAsANewDevice() throws {
        let url = try FailureTests.hubsimFile(in: try Fixtures.tempDir())
        do {
            let store = try DeviceStore.open(at: url)
            try store.reset()
            try store.close()
        }
        let store = try DeviceStore.open(at: url)
        defer { try? store.close() }
        #expect(try store.loadForStart() == .none)
    }

    @Test(arguments: [
        ("UPDATE device SET now_ms = 9223372036854775807", "device.now_ms is 9223372036854775807, outside 0...31536000000000"),
        ("UPDATE device SET now_ms = -1", "device.now_ms is -1, outside"),
        ("UPDATE device SET now_ms = 'noon'", "device.now_ms is not a whole number of milliseconds"),
        ("UPDATE device SET now_ms = 1.5e300", "device.now_ms is not a whole number of milliseconds"),
        ("UPDATE device SET last_activity_ms = 9223372036854775807", "device.last_activity_ms is 9223372036854775807"),
        ("UPDATE device SET session_started_ms = -9223372036854775808", "device.session_started_ms is -9223372036854775808"),
        ("UPDATE sessions SET checked_out_at_ms = 9223372036854775807", "sessions.checked_out_at_ms is 9223372036854775807"),
        ("UPDATE sessions SET ended_at_ms = 9223372036854775807 WHERE ended_at_ms IS NOT NULL", "sessions.ended_at_ms is 9223372036854775807"),
        // A line a start reads (the newest: older ones are checked as their page is read, LogRetention).
        ("UPDATE event_log SET time_ms = 9223372036854775807 WHERE seq = (SELECT max(seq) - 3 FROM event_log)", "event_log.time_ms is 9223372036854775807"),
        ("UPDATE app_log SET time_ms = x'00'", "app_log.time_ms is not a whole number of milliseconds"),
    ])
    func aTimeOutOfRangeIsReportedAsDamage(sql: String, detail: String) throws {
        try Self.expectDamaged(try Self.damagedFile(sql), detail)
    }

    @Test func aLockoutEndOutOfRangeIsReportedAsDamage() throws {
        let url = try Self.damagedFile("""
            INSERT INTO failed_attempts (user, count, locked_until_ms) VALUES ('cou9', 5, 9223372036854775807)
            """)
        try Self.expectDamaged(url, "failed_attempts.locked_until_ms is 9223372036854775807")
    }

    /// The last valid time still reads, and the engine's arithmetic on it cannot trap: the
    /// clock stays there, so the device saves and reopens.
    @Test func theLatestTimeReadsAndAdvancesWithoutTrapping() throws {
        let url = try Self.damagedFile("UPDATE device SET now_ms = \(SimInstant.latest.milliseconds)")
        let store = try DeviceStore.open(at: url)
        defer { try? store.close() }
        guard case let .enrolled(snapshot) = try store.loadForStart() else { Issue.record("not enrolled"); return }
        #expect(snapshot.now == SimInstant.latest)
        var device = Fixtures.restore(snapshot)
        _ = device.apply(.advanceClock(seconds: 9.3e15))
        #expect(device.snapshot.now == SimInstant.latest)
    }
}

extension DamagedFileTests {
    /// A dropped table was reported as "cannot read …: check the disk has space": it is
    /// damage, said as damage, naming the table.
    @Test(arguments: ["items", "apps", "sessions", "event_log", "app_log", "keychain"])
    func aDroppedTableIsDamage(table: String) throws {
        let url = try Self.damagedFile("DROP TABLE \(table)")
        try Self.expectDamaged(url, "table \(table) is missing")
    }
}
