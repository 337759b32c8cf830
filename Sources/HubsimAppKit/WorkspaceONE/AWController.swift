import Foundation
import Synchronization

/// The Workspace ONE SDK's controller: set its ``delegate`` and call ``start()`` when the app
/// launches, as with the SDK. Until `start()` the SDK runs no check and calls no delegate
/// method, so hubsim's Workspace ONE events reach the delegate only after it (each one missed
/// is a line in the pane's log).
public final class AWController: Sendable {
    /// The controller of the bridge that delivers events on this thread.
    public static func clientInstance() -> AWController {
        HubsimBridge.current.awController
    }

    private struct Stored {
        var delegate = WeaklyHandedOver()
        var callbackScheme = ""
        var started = false
    }
    private let stored = Mutex(Stored())
    let bridgeLink = BridgeLink()
    var bridge: HubsimBridge { bridgeLink.bridge }

    init() {}

    /// Held weakly, as in the SDK.
    public var delegate: (any AWControllerDelegate)? {
        get { stored.withLock { $0.delegate }.object as? any AWControllerDelegate }
        set {
            let handed = WeaklyHandedOver(object: newValue)
            stored.withLock { $0.delegate = handed }
        }
    }

    /// The app's URL scheme for the Hub's call-backs. Kept for source compatibility: hubsim
    /// plays the Hub in-process, so nothing is opened through it.
    public var callbackScheme: String {
        get { stored.withLock { $0.callbackScheme } }
        set { stored.withLock { $0.callbackScheme = newValue } }
    }

    /// Starts the SDK: from now on its callbacks reach the delegate.
    public func start() {
        stored.withLock { $0.started = true }
    }

    /// Hands a URL the app was opened with to the SDK, which continues a flow it began through
    /// the Hub. hubsim plays the Hub in-process and opens no URL, so nothing is the SDK's: false.
    public func handleOpenURL(_ url: URL, fromApplication sourceApplication: String?) -> Bool {
        false
    }

    /// Whether ``start()`` was called.
    public var isStarted: Bool {
        stored.withLock { $0.started }
    }

    func deliver(_ method: String, _ callback: (any AWControllerDelegate) -> Void) {
        let (handed, started) = stored.withLock { ($0.delegate, $0.started) }
        let delegate = handed.object as? any AWControllerDelegate
        guard started else {
            bridge.log("AWController: \(method) not delivered: AWController.clientInstance().start() was not called")
            return
        }
        guard let delegate else {
            bridge.log("AWController: \(method) not delivered: AWController.clientInstance().delegate is nil")
            return
        }
        callback(delegate)
    }
}
