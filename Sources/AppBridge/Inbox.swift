import Dispatch
import SessionEngine
import Synchronization

/// What the children's reading tasks hand to the caller's thread. Nothing else crosses
/// threads: the device is changed only in `AppBridge.exchange`/`settle`, from these.
struct Delivery: Sendable {
    /// Which process said it (a restarted app's new process has a new one; an old one's
    /// late words are dropped).
    var process: Int
    var kind: Kind

    enum Kind: Sendable {
        case started(pid: Int32)
        case message(RPCMessage)
        case stderr(String)
        /// The reader stopped reading: a line over the limit, a flood.
        case fault(String)
        /// The program closed its standard output (it may still be running): it can answer nothing more.
        case outputClosed
        case exited(status: String, lastLines: [String])
    }
}

/// A locked queue of deliveries and a semaphore that `settle` waits on: a reading task's
/// append wakes the caller at once, so headless runs never poll with sleeps.
final class Inbox: Sendable {
    private let queue = Mutex<[Delivery]>([])
    private let signal = DispatchSemaphore(value: 0)

    func post(_ delivery: Delivery) {
        queue.withLock { $0.append(delivery) }
        signal.signal()
    }

    /// Everything delivered so far, oldest first.
    func take() -> [Delivery] {
        queue.withLock { q in
            let taken = q
            q.removeAll(keepingCapacity: true)
            return taken
        }
    }

    var isEmpty: Bool { queue.withLock { $0.isEmpty } }

    /// Blocks until something is posted or `deadline` passes (nil: no limit). A wake-up
    /// may find nothing new (the semaphore counts earlier posts): callers loop.
    func wait(until deadline: DispatchTime?) {
        if let deadline { _ = signal.wait(timeout: deadline) } else { signal.wait() }
    }
}
