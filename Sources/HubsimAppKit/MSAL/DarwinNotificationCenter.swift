import Foundation
import Synchronization

/// Darwin notifications, shaped after Core Foundation's `CFNotificationCenterAddObserver` on
/// `CFNotificationCenterGetDarwinNotifyCenter()`: a name and no payload. MSAL in shared device
/// mode posts ``sharedModeCurrentAccountChanged`` when the device's account changes (Microsoft,
/// "Shared device mode for iOS devices"); hubsim delivers it only to a running app with
/// background capability, as the delivery rules say.
public final class DarwinNotificationCenter: Sendable {
    /// The name Microsoft's shared device mode posts when the device's account changes.
    public static let sharedModeCurrentAccountChanged = "SHARED_MODE_CURRENT_ACCOUNT_CHANGED"

    /// The center of the bridge that delivers events on this thread (the Darwin notify center).
    public static var shared: DarwinNotificationCenter {
        HubsimBridge.current.darwinNotificationCenter
    }

    /// A registration; pass it to ``removeObserver(_:)`` to stop listening.
    public final class Observer: Sendable {
        public let name: String
        init(name: String) {
            self.name = name
        }
    }

    private let observers = Mutex<[(observer: Observer, block: HandedOver<(String) -> Void>)]>([])

    init() {}

    /// Calls `block` with the notification's name each time `name` is posted, on the bridge's
    /// run-loop thread, in the order observers were added.
    @discardableResult
    public func addObserver(forName name: String, using block: @escaping (String) -> Void) -> Observer {
        let observer = Observer(name: name)
        let handed = HandedOver(value: block)
        observers.withLock { $0.append((observer, handed)) }
        return observer
    }

    public func removeObserver(_ observer: Observer) {
        observers.withLock { $0.removeAll { $0.observer === observer } }
    }

    func post(name: String, log: (String) -> Void) {
        let blocks = observers.withLock { $0.filter { $0.observer.name == name }.map(\.block.value) }
        if blocks.isEmpty {
            log("DarwinNotificationCenter: \(name) posted, but no observer listens for it")
        }
        for block in blocks {
            block(name)
        }
    }
}
