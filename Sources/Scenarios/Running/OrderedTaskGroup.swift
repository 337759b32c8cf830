import Foundation

/// Work side by side in a task group, bounded and in order: `transform` over `items`, at most
/// `width` items at a time (the machine's cores: each item keeps a core busy, with its own device
/// and, for a program, its own process), results in the items' order whatever order they end in.
/// `startOrder` is the order items start in (the costliest first, so the cores finish together).
///
/// The items run on Swift's cooperative pool, which has one thread per core, and block it while
/// they run (a scrypt derivation, a program's answer): that is the bound the pool gives anyway.
/// What an item waits for never needs that pool: the app bridge's children report through their
/// own executor (AppBridge's `BridgeExecutor`).
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
                group.addTask { (i, transform(item)) }
                next += 1
            }
            for await (i, result) in group {
                results[i] = result
                if next < order.count {
                    let j = order[next], item = items[j]
                    group.addTask { (j, transform(item)) }
                    next += 1
                }
            }
        }
        return results.map { $0! }
    }
}
