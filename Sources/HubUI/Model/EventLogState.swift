import SessionEngine

/// The event log view's own state: how far it is scrolled, its filters, and the older lines
/// read from the device's file as the person scrolls back to them (`EventLogPages`).
public struct EventLogState: Sendable {
    /// Lines scrolled up from the newest entry.
    var scroll = 0
    /// Where the older lines are read from (nil: the device holds all of its own).
    public var older: (any EventLogPages)?
    /// The older lines read so far, oldest first; how many are left to read (counted when the
    /// event log opens); whether none are.
    var earlier: [LogEntry] = []
    var earlierUnread = 0
    var earlierComplete = false
    /// The filters (F2: by app, user and kind).
    public internal(set) var filter = EventLogFilter()
}
