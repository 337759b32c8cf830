import GRDB

/// How much of a device's history its file keeps, and how much a start reads back.
///
/// The event log, the app logs and the sessions grow with every check-out; read whole, a
/// device that had served a few hundred shifts took longer to open than a new one. The file
/// keeps the newest entries of each (older ones are deleted at a save), and a start reads only
/// what the engine and the first screens use: the event log's newest lines (older retained
/// ones are read a page at a time when the event log is scrolled to them,
/// `DeviceStore.eventLogPage`), each app's newest entries (the verdicts read an app's log from
/// its end) and the newest sessions, with each user's last ended one (an exposure names when
/// its owner's last session ended). Docs/stored-values.md, "Retention", states the bounds.
public enum LogRetention {
    /// Event-log lines the file keeps: the newest, about 23 check-out cycles. Bounded by the
    /// start as much as the reads are: it checks every page of the file (`StoreFileCheck`,
    /// `PRAGMA quick_check`), and 10,000 lines kept made a start 2.4 ms slower than 1,000.
    public static let eventLogKept = 1_000
    /// Event-log lines a start reads back: the newest, a few screens of the event log (pages
    /// of older ones on demand). Each line read costs a start 1–3 µs.
    public static let eventLogLoaded = 64
    /// Entries the file keeps per app log, and a start reads back: the newest. The verdicts
    /// read an app's log from its end, back to its latest delivery; a pane shows a screenful.
    public static let appLogKept = 64
    /// Sessions the file keeps and a start reads back: the newest, and besides them each
    /// user's last ended session (nothing shows the sessions; the engine reads the last one
    /// and each user's last end).
    public static let sessionsKept = 16
    /// Trimming runs at the first save after the file is opened, then once this many more
    /// event-log lines, app-log entries or sessions have been written: so the file holds at
    /// most this many beyond each bound after any save (app logs: in all apps together).
    /// A trim sorts the app logs and deletes what they and the event log wrote since the last
    /// (SQLite's `secure_delete` overwrites it): every 64 writes, about once a cycle, it tripled
    /// a cycle's saves. A start reads the app-log rows a trim would delete and drops them (a
    /// window query that left them in SQLite cost a start 0.5–1 ms more than reading them), so
    /// the step is a few cycles: 256.
    public static let trimStep = 256

    /// Deletes what the bounds leave out. `lastSeq` is the event log's newest line written,
    /// `lastSession` the newest session's `seq` (0: none).
    static func trim(_ db: Database, lastSeq: Int, lastSession: Int) throws {
        if lastSeq > eventLogKept {
            try db.cachedStatement(sql: "DELETE FROM event_log WHERE seq <= ?").execute(arguments: [lastSeq - eventLogKept])
        }
        try db.cachedStatement(sql: """
            DELETE FROM app_log WHERE entry IN (
                SELECT entry FROM (SELECT entry, row_number() OVER (PARTITION BY app ORDER BY entry DESC) AS newer FROM app_log)
                WHERE newer > ?)
            """).execute(arguments: [appLogKept])
        if lastSession > sessionsKept {
            try db.cachedStatement(sql: """
                DELETE FROM sessions WHERE seq <= ?
                    AND seq NOT IN (SELECT max(seq) FROM sessions WHERE ended_at_ms IS NOT NULL GROUP BY user)
                """).execute(arguments: [lastSession - sessionsKept])
        }
    }
}
