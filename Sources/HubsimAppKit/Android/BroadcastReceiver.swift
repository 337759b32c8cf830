import Foundation
import Synchronization

/// Android's `BroadcastReceiver`: subclass it and override ``onReceive(_:)``. Register it at run
/// time with ``ReceiverRegistry/registerReceiver(_:filter:)`` (`HubsimApplication.shared`, which
/// plays Android's `Context`): only a receiver registered while the process runs gets the
/// broker's `CURRENT_ACCOUNT_CHANGED`; a receiver declared in the manifest never does (Android
/// Developers, "Implicit broadcast exceptions"), and a stopped app gets nothing.
// unchecked: open for the app to subclass, as Android's is, so the compiler cannot check it; it has no stored property
open class BroadcastReceiver: @unchecked Sendable {
    public init() {}

    /// Called on the bridge's run-loop thread with the broadcast's intent.
    open func onReceive(_ intent: Intent) {}
}

/// The receivers a process registered at run time, as Android's `Context` keeps them. The first
/// registration for an action tells hubsim (`msal/registerReceiver`), the last unregistration
/// too (`msal/unregisterReceiver`): hubsim delivers the broadcast only while one is registered.
public final class ReceiverRegistry: Sendable {
    private let receivers = Mutex<[(receiver: BroadcastReceiver, filter: IntentFilter)]>([])
    let bridgeLink = BridgeLink()
    var bridge: HubsimBridge { bridgeLink.bridge }

    init() {}

    /// Android's `Context.registerReceiver(receiver, filter)`. Throws what hubsim answered when it
    /// refuses (an iOS profile has no such broadcast).
    public func registerReceiver(_ receiver: BroadcastReceiver, filter: IntentFilter) throws {
        let first = receivers.withLock { receivers in
            let first = !receivers.contains { $0.filter.action == filter.action }
            receivers.append((receiver, filter))
            return first
        }
        guard first else { return }
        if case .failure(let failure) = bridge.call(.registerReceiver, ["action": .string(filter.action)]) {
            receivers.withLock { $0.removeAll { $0.receiver === receiver } }
            throw failure
        }
    }

    /// Android's `Context.unregisterReceiver(receiver)`.
    public func unregisterReceiver(_ receiver: BroadcastReceiver) {
        let emptied: [String] = receivers.withLock { receivers in
            let actions = Set(receivers.filter { $0.receiver === receiver }.map(\.filter.action))
            receivers.removeAll { $0.receiver === receiver }
            return actions.filter { action in !receivers.contains { $0.filter.action == action } }.sorted()
        }
        for action in emptied {
            if case .failure(let failure) = bridge.call(.unregisterReceiver, ["action": .string(action)]) {
                bridge.log("unregisterReceiver: \(failure.localizedDescription)")
            }
        }
    }

    func deliver(_ intent: Intent) {
        let matching = receivers.withLock { $0.filter { $0.filter.action == intent.action }.map(\.receiver) }
        if matching.isEmpty { bridge.log("BroadcastReceiver: \(intent.action) arrived, but no receiver is registered for it") }
        for receiver in matching { receiver.onReceive(intent) }
    }
}
