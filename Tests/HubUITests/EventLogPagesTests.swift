import Configuration
import Foundation
@testable import HubUI
import Platform
import SessionEngine
import Testing

/// A resumed device holds only its newest event-log lines (the store's retention,
/// Docs/stored-values.md); the event log reads older ones from `EventLogPages` as it is
/// scrolled to them, and scrolls as the whole log would.
@Suite struct EventLogPagesTests {
    /// The lines a store keeps beyond what the device holds, and how often they were asked for.
    final class Kept: EventLogPages, @unchecked Sendable {
        let all: [LogEntry]
        private let lock = NSLock()
        private var asked = 0
        init(_ all: [LogEntry]) { self.all = all }
        var requests: Int { lock.withLock { asked } }

        func lines(before seq: Int, limit: Int) -> [LogEntry] {
            lock.withLock { asked += 1 }
            let older = all.filter { $0.seq < seq }
            return Array(older.suffix(limit))
        }

        func count(before seq: Int) -> Int { all.count(where: { $0.seq < seq }) }
    }

    /// The same device twice: with its whole log, and resumed with its newest `held` lines and
    /// the rest in a `Kept` source.
    static func models(held: Int) -> (whole: HubModel, resumed: HubModel, kept: Kept) {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        for _ in 0..<60 {
            m.apply(.launch("notes"))
            m.apply(.background("notes"))
        }
        let device = m.device
        let all = Array(device.log.entries)
        #expect(all.count > 4 * held, "the walk should log well past what the resumed device holds: \(all.count)")
        var snapshot = device.snapshot
        snapshot.log = EventLog(entries: all.suffix(held))
        let deps = EngineDependencies.seeded(hasher: Fixtures.hasher)
        let whole = HubModel(device: SharedDevice(snapshot: device.snapshot, tenant: device.tenant, dependencies: deps), width: 80, height: 24)
        var resumed = HubModel(device: SharedDevice(snapshot: snapshot, tenant: device.tenant, dependencies: deps), width: 80, height: 24)
        let kept = Kept(Array(all.dropLast(held)))
        resumed.eventLog.older = kept
        return (whole, resumed, kept)
    }

    @Test func theResumedLogScrollsAsTheWholeLog() {
        var (whole, resumed, kept) = Self.models(held: 30)
        for key in ["<F2>", "<PageUp>", "<PageUp>", "<Up>", "<Up>", "<PageUp>", "<PageUp>", "<PageUp>", "<PageDown>", "<Home>", "<Down>", "<End>", "<PageUp>"] {
            whole.press(key)
            resumed.press(key)
            #expect(resumed.screen() == whole.screen(), "after \(key)")
        }
        #expect(kept.requests > 0)
        // Home read every kept line: the oldest shows, and nothing is read twice.
        #expect(resumed.eventLog.earlier.count == kept.all.count)
    }

    @Test func theNewestPageReadsNothingOlder() {
        var (_, resumed, kept) = Self.models(held: 60)
        resumed.press("<F2>")
        _ = resumed.screen()
        resumed.press("<PageUp>")
        _ = resumed.screen()
        #expect(kept.requests == 0, "the newest pages are held: no line is read")
        #expect(resumed.eventLog.earlier.isEmpty)
        resumed.press("<Home>")
        #expect(resumed.screen().contains(kept.all[0].time.description))
        #expect(kept.requests > 0)
    }
}
