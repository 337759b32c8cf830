import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// A device's file keeps the newest of its logs and sessions (`LogRetention`), and a start
/// reads a bounded part of them: a device after hundreds of shifts opens with the work of a
/// young one, shows its newest lines, and pages to the older ones it keeps.
@Suite struct RetentionTests {
    /// Check-out and check-in `cycles` times, every default app launched while checked out
    /// (so each app log gets callbacks, lifecycle lines and misses), engine only.
    static func agedDevice(cycles: Int) throws -> SharedDevice {
        var device = try Fixtures.newDevice()
        _ = device.apply(.enroll(group: "FRONTLINE", user: "stage", password: "stage"))
        _ = device.apply(.completeEnrollment)
        let apps: [AppID] = DeviceProfile.workspaceOne.defaultApps
        for i in 0..<cycles {
            let user = i % 2 == 0 ? "cou1" : "cou2"
            _ = device.apply(.checkOut(group: "FRONTLINE", user: user, password: Secret(user), passcode: nil))
            for app in apps { _ = device.apply(.launch(app)) }
            _ = device.apply(.logOut)
        }
        return device
    }

    /// The most history rows a start reads: the event log's loaded lines, each app's kept
    /// entries, the kept sessions and one per user before them.
    static func historyBound(apps: Int, users: Int) -> Int {
        LogRetention.eventLogLoaded + apps * LogRetention.appLogKept + LogRetention.sessionsKept + users
    }

    static func count(_ queue: DatabaseQueue, _ sql: String) throws -> Int {
        try queue.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }

    @Test func aLongHistoryOpensWithTheSameWorkAsAShorterOne() throws {
        var rows: [Int] = []
        for cycles in [120, 360] {
            let device = try Self.agedDevice(cycles: cycles)
            let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
            let store = try DeviceStore.open(at: url)
            try store.save(device)
            try store.close()
            let reopened = try DeviceStore.open(at: url)
            let loaded = try #require(try reopened.load())
            rows.append(reopened.lastLoadRowsRead.history)
            #expect(reopened.lastLoadRowsRead.history <= Self.historyBound(apps: device.apps.count, users: device.tenant.users.count))
            // The newest of each, in order.
            #expect(Array(loaded.log.entries) == Array(device.log.entries.suffix(LogRetention.eventLogLoaded)))
            #expect(loaded.log.nextSeq == device.log.nextSeq)
            for (mine, theirs) in zip(loaded.apps, device.apps) {
                #expect(Array(mine.log) == Array(theirs.log.suffix(LogRetention.appLogKept)), "\(mine.id)")
            }
            #expect(loaded.history.suffix(LogRetention.sessionsKept) == device.snapshot.history.suffix(LogRetention.sessionsKept))
            // Each user's last ended session, for the exposures' "since".
            func lastEnd(_ history: [SessionRecord], _ user: UserID) -> SimInstant? {
                history.last { $0.user == user && $0.endedAt != nil }?.endedAt
            }
            for user: UserID in ["cou1", "cou2"] {
                #expect(lastEnd(loaded.history, user) == lastEnd(device.snapshot.history, user))
            }
            try reopened.close()
        }
        #expect(rows[0] == rows[1], "history rows read after 120 and 360 cycles: \(rows)")
    }

    @Test func olderEventLogLinesArePagedFromTheFile() throws {
        // Fewer lines than the file keeps: every line is there to page to.
        let device = try Self.agedDevice(cycles: 20)
        #expect(device.log.entries.count <= LogRetention.eventLogKept)
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let store = try DeviceStore.open(at: url)
        try store.save(device)
        let loaded = try #require(try store.load())
        let all = Array(device.log.entries)
        let first = try #require(loaded.log.entries.first)
        let page = try store.eventLogPage(before: first.seq, limit: 100)
        let firstIndex = try #require(all.firstIndex { $0.seq == first.seq })
        #expect(page == Array(all[(firstIndex - 100)..<firstIndex]))
        // The oldest page is short, and nothing is before the first line.
        let oldest = try store.eventLogPage(before: all[10].seq, limit: 100)
        #expect(oldest == Array(all[0..<10]))
        let none = try store.eventLogPage(before: all[0].seq, limit: 100)
        #expect(none.isEmpty)
        try store.close()
    }

    @Test func theBoundsHoldAfterManySaves() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let store = try DeviceStore.open(at: url)
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, [.enroll(group: "FRONTLINE", user: "stage", password: "stage"), .completeEnrollment], store: store)
        // Check-outs and check-ins with notes launched: its log grows by a few entries each.
        for i in 0..<500 {
            let user = i % 2 == 0 ? "cou1" : "cou2"
            try Fixtures.drive(&device, [.checkOut(group: "FRONTLINE", user: user, password: Secret(user), passcode: nil),
                                         .launch("notes"), .logOut], store: store)
        }
        try store.close()
        let queue = try DatabaseQueue(path: url.path)
        let step = LogRetention.trimStep
        #expect(try Self.count(queue, "SELECT count(*) FROM event_log") <= LogRetention.eventLogKept + step)
        #expect(device.log.entries.count > LogRetention.eventLogKept + step, "the walk should log past the bound")
        for app in device.apps {
            let kept = try Self.count(queue, "SELECT count(*) FROM app_log WHERE app = '\(app.id)'")
            #expect(kept <= LogRetention.appLogKept + step, "\(app.id)")
        }
        let notes = try #require(device.apps.first { $0.id == "notes" })
        #expect(notes.log.count > LogRetention.appLogKept + step, "notes should log past the bound: \(notes.log.count)")
        let sessions = try Self.count(queue, "SELECT count(*) FROM sessions")
        #expect(sessions <= LogRetention.sessionsKept + device.tenant.users.count + step)
        #expect(sessions < device.snapshot.history.count)
        // The newest is the device's last, at its place.
        #expect(try Self.count(queue, "SELECT max(seq) FROM sessions") == device.snapshot.history.count)
        try queue.close()
        // And the device reads back as it was left, its newest entries.
        let reopened = try DeviceStore.open(at: url)
        let loaded = try #require(try reopened.load())
        #expect(loaded.history.last == device.snapshot.history.last)
        #expect(Array(loaded.log.entries) == Array(device.log.entries.suffix(LogRetention.eventLogLoaded)))
        try reopened.close()
    }

    /// A file of a hubsim before retention, with logs of any length: it opens to its newest
    /// entries, and its first save trims it.
    @Test func anOldFileWithLongLogsOpensAndIsTrimmedAtItsFirstSave() throws {
        let device = try Self.agedDevice(cycles: 3)
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let store = try DeviceStore.open(at: url)
        try store.save(device)
        try store.close()
        // Years of history below what the device holds, as an older hubsim kept it.
        let old = 30_000
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "UPDATE event_log SET seq = seq + ?", arguments: [old])
            for seq in 1...old {
                try db.execute(sql: "INSERT INTO event_log (seq, time_ms, kind, app, text) VALUES (?, 0, 'event', NULL, 'old')", arguments: [seq])
            }
            try db.execute(sql: "UPDATE app_log SET entry = entry + ?", arguments: [old])
            for entry in 1...old {
                try db.execute(sql: "INSERT INTO app_log (entry, app, seq, time_ms, kind, name, detail) VALUES (?, 'notes', 0, 0, 'data', 'old', '')",
                               arguments: [entry])
            }
            try db.execute(sql: "UPDATE sessions SET seq = seq + ?", arguments: [old])
            for seq in 1...old {
                try db.execute(sql: "INSERT INTO sessions (seq, user, checked_out_at_ms, ended_at_ms, ending) VALUES (?, 'cou2', 0, 0, 'log out')",
                               arguments: [seq])
            }
        }
        try queue.close()
        let reopened = try DeviceStore.open(at: url)
        var loaded = Fixtures.restore(try #require(try reopened.load()))
        #expect(loaded.log.entries.count == LogRetention.eventLogLoaded)
        #expect(loaded.log.entries.last?.seq == device.log.entries.last!.seq + old)
        #expect(loaded.snapshot.history.count == LogRetention.sessionsKept)
        _ = loaded.apply(.advanceClock(seconds: 1))
        try reopened.save(loaded)
        try reopened.close()
        let trimmed = try DatabaseQueue(path: url.path)
        #expect(try Self.count(trimmed, "SELECT count(*) FROM event_log") <= LogRetention.eventLogKept)
        #expect(try Self.count(trimmed, "SELECT count(*) FROM app_log WHERE app = 'notes'") == LogRetention.appLogKept)
        #expect(try Self.count(trimmed, "SELECT count(*) FROM sessions") <= LogRetention.sessionsKept + 2)
        try trimmed.close()
    }
}
