import Foundation
import Synchronization
import Testing
@testable import Scenarios

/// `hubsim run` and `check-app` run their scenarios and cells in a task group (OrderedTaskGroup):
/// side by side, never more than the width at once, reported in their own order.
@Suite struct OrderedTaskGroupTests {
    /// How many items run at once, at most.
    final class Overlap: Sendable {
        private let counts = Mutex((now: 0, most: 0))
        func enter() { counts.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
        func leave() { counts.withLock { $0.now -= 1 } }
        var most: Int { counts.withLock { $0.most } }
    }

    @Test func resultsComeInTheItemsOrderWhateverOrderTheyEndIn() async {
        // The first items sleep longest, so they end last.
        let items = Array(0..<8)
        let results = await OrderedTaskGroup.map(items, width: 4) { i -> String in
            Thread.sleep(forTimeInterval: Double(8 - i) * 0.005)
            return "item \(i)"
        }
        #expect(results == items.map { "item \($0)" })
    }

    @Test func atMostTheWidthRunAtOnceAndEveryItemRunsOnce() async {
        let overlap = Overlap()
        let ran = Mutex<[Int]>([])
        let results = await OrderedTaskGroup.map(Array(0..<12), width: 3) { i -> Int in
            overlap.enter()
            defer { overlap.leave() }
            Thread.sleep(forTimeInterval: 0.01)
            ran.withLock { $0.append(i) }
            return i * i
        }
        #expect(results == (0..<12).map { $0 * $0 })
        #expect(overlap.most <= 3, "\(overlap.most) ran at once")
        #expect(ran.withLock { $0.sorted() } == Array(0..<12))
    }

    @Test func theStartOrderIsFollowed() async {
        // Width one: the items start (and so end) exactly in the order given.
        let started = Mutex<[Int]>([])
        let results = await OrderedTaskGroup.map(["a", "b", "c", "d"], startOrder: [2, 0, 3, 1], width: 1) { item -> String in
            started.withLock { $0.append(["a", "b", "c", "d"].firstIndex(of: item)!) }
            return item.uppercased()
        }
        #expect(started.withLock { $0 } == [2, 0, 3, 1])
        #expect(results == ["A", "B", "C", "D"])
    }
}
