import Foundation
import Testing
@testable import SessionEngine

/// The event log kept in fixed-size chunks with its messages held once (Docs/performance.md): it must
/// read exactly as an array of entries did, across chunk boundaries, in its coded form and
/// in `entries(after:)`, and stay as small as its layout promises.
@Suite struct ChunkedLogTests {
    private let chunk = ChunkedLog<Int>.chunkCapacity

    @Test func appendsAndReadsAcrossChunkBoundaries() {
        var log = ChunkedLog<Int>()
        #expect(log.isEmpty)
        for i in 0..<(2 * chunk + 3) { log.append(i * 7) }
        #expect(log.count == 2 * chunk + 3)
        #expect(Array(log) == (0..<(2 * chunk + 3)).map { $0 * 7 })
        #expect(log[chunk - 1] == (chunk - 1) * 7 && log[chunk] == chunk * 7 && log.last == (2 * chunk + 2) * 7)
        #expect(Array(log[(chunk - 1)...(chunk + 1)]) == [(chunk - 1) * 7, chunk * 7, (chunk + 1) * 7])
        #expect(ChunkedLog([1, 2, 3]).reversed() == [3, 2, 1])
    }

    @Test func aCopyKeepsWhatItHadWhenTheOriginalGrows() {
        var a = ChunkedLog<String>()
        for i in 0..<(chunk - 1) { a.append("\(i)") }
        let b = a
        a.append("x"); a.append("y")
        #expect(b.count == chunk - 1 && b.last == "\(chunk - 2)")
        #expect(a.count == chunk + 1 && a[chunk - 1] == "x" && a[chunk] == "y")
    }

    /// A lesson keeps the state of every step: each kept copy must share the blocks it had
    /// with the log that goes on growing, or a walk's memory grows with the square of its steps.
    @Test func keptCopiesShareEveryFullBlock() {
        let block = ChunkedLog<Int>.blockCapacity
        var log = ChunkedLog<Int>()
        var kept: [ChunkedLog<Int>] = []
        for i in 0..<(3 * chunk + 5) {
            log.append(i)
            kept.append(log)
        }
        for (n, copy) in kept.enumerated() where n % 97 == 0 || n == kept.count - 1 {
            #expect(copy.count == n + 1 && copy.last == n)
            #expect(copy.sharedBlocks(with: log) == (n + 1) / block, "copy after \(n + 1) appends")
        }
        // Replacing the last element touches the tail only: every full block is still shared.
        let before = log
        log.replaceLast(with: -1)
        #expect(log.last == -1 && before.last == 3 * chunk + 4)
        #expect(log.sharedBlocks(with: before) == log.count / block)
    }

    /// Lines written by the engine: a broadcast's repeated messages, plain text between them.
    private func engineLog(apps: Int) -> EventLog {
        var log = EventLog()
        let t = SimInstant.shiftStart
        log.append(t, .event, "posted \(API.accountChangedNotification)")
        for i in 0..<apps {
            log.append(t, .notification, app: "app\(i)", message: .received(API.accountChangedNotification))
            log.append(t, .call, app: "app\(i)", message: .accountCheck(current: i % 3 == 0 ? nil : "cou1", previous: "cou2", reason: .notification))
            if i % 5 == 0 { log.append(t, .delivery, app: "app\(i)", "app\(i) missed something") }
        }
        return log
    }

    @Test func readsAsTheLinesItWasGivenInOrder() {
        let log = engineLog(apps: chunk)
        let entries = log.entries
        #expect(entries.count == 1 + 2 * chunk + (chunk + 4) / 5)
        #expect(entries.map(\.seq) == Array(1...entries.count))
        #expect(log.nextSeq == entries.count + 1)
        #expect(entries[0].text == "posted \(API.accountChangedNotification)")
        #expect(entries[1].text == "app0 ← \(API.accountChangedNotification)" && entries[1].app == "app0")
        #expect(entries[2].text == "app0 → getCurrentAccount (notification): current: nil, previous: cou2")
        #expect(entries[3].text == "app0 missed something" && entries[3].kind == .delivery)
        #expect(entries[5].text == "app1 → getCurrentAccount (notification): current: cou1, previous: cou2")
        let last = entries[entries.count - 1]
        #expect(last.app == "app\(chunk - 1)" && last.kind == .call)
        // A broadcast's repeated messages are held once, not once per app (here three, the
        // account check alternating between two answers); each plain text line has its own.
        #expect(log.messageCount == 1 + 3 + (chunk + 4) / 5)
    }

    @Test func entriesAfterASeqMatchAScan() {
        let log = engineLog(apps: 300)
        let all = Array(log.entries)
        for seq in [-5, 0, 1, 2, 377, all.count - 1, all.count, all.count + 10] {
            #expect(Array(log.entries(after: seq)) == all.filter { $0.seq > seq }, "after \(seq)")
        }
        // A log given out of order (no engine writes one) is scanned, as before: everything
        // from the first line after `seq`.
        let shuffled = EventLog(entries: [LogEntry(seq: 5, time: .shiftStart, kind: .event, app: nil, text: "a"),
                                          LogEntry(seq: 2, time: .shiftStart, kind: .event, app: nil, text: "b"),
                                          LogEntry(seq: 9, time: .shiftStart, kind: .event, app: nil, text: "c")])
        #expect(shuffled.entries(after: 3).map(\.text) == ["a", "b", "c"])
        #expect(shuffled.entries(after: 5).map(\.text) == ["c"])
        #expect(shuffled.nextSeq == 10)
    }

    @Test func codedAsAnArrayOfEntriesWas() throws {
        let log = engineLog(apps: 40)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(log)
        // The form of the array-backed log: one key, the entries, each with its text.
        struct ArrayForm: Codable { var entries: [LogEntry] }
        let asArray = try JSONDecoder().decode(ArrayForm.self, from: data)
        #expect(asArray.entries.map(\.text) == log.entries.map(\.text))
        #expect(try encoder.encode(ArrayForm(entries: Array(log.entries))) == data)
        let decoded = try JSONDecoder().decode(EventLog.self, from: data)
        #expect(decoded == log)
        #expect(decoded.entries(after: 10).first?.seq == 11)
        var other = decoded
        other.append(.shiftStart, .event, "one more")
        #expect(other != log && other.nextSeq == log.nextSeq + 1)
    }

    @Test func linesAndAppEntriesKeepTheirSize() {
        #expect(MemoryLayout<EventLog.Line>.stride == 40)
        #expect(MemoryLayout<AppLogEntry>.stride == 64)
    }
}
