import Synchronization

/// One of the app's own values (a completion block, a broadcast receiver, an observer's block),
/// which is not `Sendable`, as MSAL's Objective-C blocks and UIKit's objects are not.
// unchecked: the kit only stores the app's value and hands it back to the thread that runs the app's code (the run loop's, or the queue the app chose), as MSAL and UIKit hand theirs over
struct HandedOver<Value>: @unchecked Sendable {
    let value: Value
}

/// One of the app's objects held weakly (a delegate, held as UIKit holds its delegates).
// unchecked: as HandedOver, the kit only stores the app's object and hands it back to the thread that runs the app's code
struct WeaklyHandedOver: @unchecked Sendable {
    weak var object: AnyObject?
}

/// The bridge a stand-in (the application, the SDK's controllers) belongs to: set once, by the
/// bridge's initializer, which makes its stand-ins before it is whole itself.
final class BridgeLink: Sendable {
    private struct Weak { weak var bridge: HubsimBridge? }
    private let stored = Mutex(Weak())

    init() {}

    /// The bridge; it outlives its stand-ins, which it holds.
    var bridge: HubsimBridge { stored.withLock { $0.bridge }! }

    func set(_ bridge: HubsimBridge) {
        stored.withLock { $0.bridge = bridge }
    }
}
