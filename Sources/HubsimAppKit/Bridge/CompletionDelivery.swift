import Foundation

/// The SDK stand-ins' completion blocks, delivered as the SDKs deliver them: queued on a dispatch
/// queue (MSAL's `completionBlockQueue`, the main queue unless told otherwise), never called
/// before the method that takes them returns. The run loop counts them, so that it answers an
/// event only once every block queued while the app handled it has run.
// unchecked: both counts are read and written only with `condition` held (a thread waits on it, which Mutex cannot do)
final class CompletionDelivery: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending = 0
    private var delivered = 0

    /// Blocks queued and not yet finished.
    var pendingCount: Int { condition.withLock { pending } }

    /// Blocks finished so far.
    var deliveredCount: Int { condition.withLock { delivered } }

    /// Queues `block` on `queue`; while it runs, ``HubsimBridge/current`` is `bridge` on that
    /// queue's thread, as on the run loop's own.
    func deliver(on queue: DispatchQueue, bridge: HubsimBridge, _ block: @escaping () -> Void) {
        condition.withLock { pending += 1 }
        let handed = HandedOver(value: block)
        queue.async { [self] in
            bridge.asCurrent(handed.value)
            condition.withLock {
                pending -= 1
                delivered += 1
                condition.broadcast()
            }
        }
    }

    /// Waits until no block is pending, at most until `deadline`; false when some still are.
    func waitUntilNonePending(before deadline: Date) -> Bool {
        condition.withLock {
            while pending > 0 {
                if !condition.wait(until: deadline) { return pending == 0 }
            }
            return true
        }
    }
}

/// A flag one thread raises and another waits for (a queued block's "I ran").
// unchecked: the flag is read and written only with `condition` held (a thread waits on it, which Mutex cannot do)
final class RaisedFlag: @unchecked Sendable {
    private let condition = NSCondition()
    private var raised = false

    var isRaised: Bool { condition.withLock { raised } }

    func raise() {
        condition.withLock {
            raised = true
            condition.broadcast()
        }
    }

    /// Waits until raised, at most until `deadline`; false when it was not.
    func wait(before deadline: Date) -> Bool {
        condition.withLock {
            while !raised {
                if !condition.wait(until: deadline) { return raised }
            }
            return true
        }
    }
}
