import SessionEngine

/// Where a device's older event-log lines are kept: a resumed device holds only the newest
/// (a start does not read its whole history; the store's retention, Docs/stored-values.md),
/// and the event log asks for the lines before those when it is scrolled to them.
public protocol EventLogPages: Sendable {
    /// Up to `limit` lines with a `seq` below `seq`, oldest first; empty when there are none.
    func lines(before seq: Int, limit: Int) -> [LogEntry]
    /// How many lines have a `seq` below `seq` (the event log's title counts them).
    func count(before seq: Int) -> Int
}

/// The event log as the view shows it: the lines read from `EventLogPages` so far, then the
/// device's own, indexed from 0 (no copy of either per frame).
struct EventLogLines: RandomAccessCollection, Sendable {
    var earlier: [LogEntry]
    var recent: EventLog.Entries

    var startIndex: Int { 0 }
    var endIndex: Int { earlier.count + recent.count }

    subscript(position: Int) -> LogEntry {
        position < earlier.count ? earlier[position] : recent[position - earlier.count]
    }
}

extension HubModel {
    /// Lines read per request to `EventLogPages`: many screens' worth, so a held Page Up asks
    /// once every few dozen pages.
    static var eventLogPageSize: Int { 256 }

    /// Every event-log line the model holds: the pages read, then the device's.
    var eventLogLines: EventLogLines { EventLogLines(earlier: eventLog.earlier, recent: device.log.entries) }

    /// The seq of the oldest line held.
    private var firstHeldSeq: Int { eventLog.earlier.first?.seq ?? device.log.entries.first?.seq ?? device.log.nextSeq }

    /// Counts the older lines not read yet, when the event log opens (one count, no lines read).
    mutating func countEarlierLog() {
        guard let pages = eventLog.older, !eventLog.earlierComplete else { return }
        eventLog.earlierUnread = pages.count(before: firstHeldSeq)
        if eventLog.earlierUnread == 0 { eventLog.earlierComplete = true }
    }

    /// Reads older lines from `eventLog.older` until `wanted` lines are held or none are left
    /// (`Int.max`: all of them, for Home).
    mutating func readEarlierLog(toHold wanted: Int) {
        guard let pages = eventLog.older else { return }
        while !eventLog.earlierComplete, eventLogLines.count < wanted {
            let limit = wanted == Int.max ? Int.max : max(Self.eventLogPageSize, wanted - eventLogLines.count)
            let page = pages.lines(before: firstHeldSeq, limit: limit)
            if page.count < limit { eventLog.earlierComplete = true }
            eventLog.earlier.insert(contentsOf: page, at: 0)
            eventLog.earlierUnread = eventLog.earlierComplete ? 0 : max(0, eventLog.earlierUnread - page.count)
        }
    }
}
