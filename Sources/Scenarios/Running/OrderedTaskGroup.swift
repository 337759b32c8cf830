import Foundation

/// Work side by side in a task group, bounded and in order: `transform` over `items`, at most
/// `width` items at a time (the machine's cores: each item keeps a core busy, with its own device
/// and, for a program, its own process), results in the items' order whatever order they end in.
/// `startOrder` is the order items start in (the costliest first, so the cores finish together).
///
/// An item blocks its thread while it runs (a scrypt derivation, a program's answer), so it runs
/// on a dispatch thread, not on Swift's cooperative pool: that pool has one thread per core, and
/// a blocked one would stall every other task of the process (the test runner's among them);
/// the group's `width` is the bound. What an item waits for never needs that pool either: the
/// app bridge's children report through their own executor (AppBridge's `BridgeExecutor`).
enum OrderedTaskGroup {
    static func map<T: Sendable, R: Sendable>(_ items: [T], startOrder: [Int]? = nil,
                                              width: Int = ProcessInfo.processInfo.activeProcessorCount,
                                              _ transform: @escaping @Sendable (T) -> R) async -> [R] {
        let order = startOrder ?? Array(items.indices)
        var results = [R?](repeating: nil, count: items.count)
        await withTaskGroup(of: (Int, R).self) { group in
            var next = 0
            while next < order.count && next < max(1, width) {
                let i = order[next], item = items[i]
                group.addTask { (i, await offThePool { transform(item) }) }
                next += 1
            }
            for await (i, result) in group {
                results[i] = result
                if next < order.count {
                    let j = order[next], item = items[j]
                    group.addTask { (j, await offThePool { transform(item) }) }
                    next += 1
                }
            }
        }
        return results.map { $0! }
    }

    /// Blocking work on a dispatch thread, awaited without holding a thread of the pool.
    private static func offThePool<R: Sendable>(_ work: @escaping @Sendable () -> R) async -> R {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
