import DeviceStore
import HubUI
import Logging
import SessionEngine

/// The event log's older lines, read from the device's file (`DeviceStore.eventLogPage`) when
/// the log is scrolled past what the start read (`LogRetention`). A page that cannot be read
/// is logged and shows as the end of the log: the device itself is unaffected.
struct StoredEventLogPages: EventLogPages {
    let store: DeviceStore
    let logger: Logger

    func lines(before seq: Int, limit: Int) -> [LogEntry] {
        do { return try store.eventLogPage(before: seq, limit: limit) } catch {
            logger.error("cannot read older event-log lines: \(error)")
            return []
        }
    }

    func count(before seq: Int) -> Int {
        do { return try store.eventLogCount(before: seq) } catch {
            logger.error("cannot count older event-log lines: \(error)")
            return 0
        }
    }
}
