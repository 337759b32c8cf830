import Foundation
import Synchronization

/// The app as hubsim runs it, after UIKit's `UIApplication`: its lifecycle delegate and state,
/// what it keeps on the device (``storage``) and what it shows (``screen``).
public final class HubsimApplication: Sendable {
    /// Where the app is in its lifecycle.
    public enum State: Sendable {
        /// Launched but not yet in front, or moving between foreground and background.
        case inactive
        case active
        case background
        /// Suspended by iOS: no code runs until it is resumed.
        case suspended
    }

    enum LifecycleEvent {
        case launch, foreground, background, suspend, terminate
    }

    // UIKit's lifecycle notifications, posted on `NotificationCenter.default` right after the
    // delegate method of the same name, on the run loop's thread, as UIKit posts them.
    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")

    /// The application of the bridge that delivers events on this thread (``HubsimBridge/current``).
    public static var shared: HubsimApplication { HubsimBridge.current.application }

    private struct Stored {
        var delegate = WeaklyHandedOver()
        var state = State.inactive
        var launchInformation: LaunchInformation?
    }
    private let stored = Mutex(Stored())
    let bridgeLink = BridgeLink()
    var bridge: HubsimBridge { bridgeLink.bridge }

    init() {}

    /// Told of each lifecycle event; held weakly, as UIKit holds its delegate.
    public var delegate: (any HubsimApplicationDelegate)? {
        get { stored.withLock { $0.delegate }.object as? any HubsimApplicationDelegate }
        set {
            let handed = WeaklyHandedOver(object: newValue)
            stored.withLock { $0.delegate = handed }
        }
    }

    public private(set) var applicationState: State {
        get { stored.withLock { $0.state } }
        set { stored.withLock { $0.state = newValue } }
    }

    /// What hubsim said in `initialize` (nil before it).
    public internal(set) var launchInformation: LaunchInformation? {
        get { stored.withLock { $0.launchInformation } }
        set { stored.withLock { $0.launchInformation = newValue } }
    }

    /// The app's items on the device (`storage/…`).
    public var storage: AppStorage { AppStorage(bridge: bridge) }

    /// What the app shows (`screen/show`).
    public var screen: AppScreen { AppScreen(bridge: bridge) }

    /// Android's `Context.registerReceiver`: the application plays the context.
    public func registerReceiver(_ receiver: BroadcastReceiver, filter: IntentFilter) throws {
        try bridge.receivers.registerReceiver(receiver, filter: filter)
    }

    /// Android's `Context.unregisterReceiver`.
    public func unregisterReceiver(_ receiver: BroadcastReceiver) {
        bridge.receivers.unregisterReceiver(receiver)
    }

    func deliver(_ event: LifecycleEvent) {
        let delegate = self.delegate
        switch event {
        case .launch:
            applicationState = .inactive
            delegate?.applicationDidFinishLaunching(self)
            post(Self.didFinishLaunchingNotification)
            applicationState = .active
            delegate?.applicationDidBecomeActive(self)
            post(Self.didBecomeActiveNotification)
        case .foreground:
            applicationState = .inactive
            delegate?.applicationWillEnterForeground(self)
            post(Self.willEnterForegroundNotification)
            applicationState = .active
            delegate?.applicationDidBecomeActive(self)
            post(Self.didBecomeActiveNotification)
        case .background:
            applicationState = .inactive
            delegate?.applicationWillResignActive(self)
            post(Self.willResignActiveNotification)
            applicationState = .background
            delegate?.applicationDidEnterBackground(self)
            post(Self.didEnterBackgroundNotification)
        case .suspend:
            applicationState = .suspended
            delegate?.applicationDidSuspend(self)
        case .terminate:
            delegate?.applicationWillTerminate(self)
            post(Self.willTerminateNotification)
        }
    }

    private func post(_ name: Notification.Name) {
        NotificationCenter.default.post(name: name, object: self)
    }
}
