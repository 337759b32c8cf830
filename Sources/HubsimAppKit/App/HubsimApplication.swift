import Foundation

/// The app as hubsim runs it, after UIKit's `UIApplication`: its lifecycle delegate and state,
/// what it keeps on the device (``storage``) and what it shows (``screen``).
public final class HubsimApplication: @unchecked Sendable {
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

    /// The application of the bridge that delivers events on this thread (``HubsimBridge/current``).
    public static var shared: HubsimApplication { HubsimBridge.current.application }

    private let lock = NSLock()
    private weak var storedDelegate: (any HubsimApplicationDelegate)?
    private var storedState = State.inactive
    private var storedLaunchInformation: LaunchInformation?
    unowned var bridge: HubsimBridge!

    init() {}

    /// Told of each lifecycle event; held weakly, as UIKit holds its delegate.
    public var delegate: (any HubsimApplicationDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    public private(set) var applicationState: State {
        get { lock.withLock { storedState } }
        set { lock.withLock { storedState = newValue } }
    }

    /// What hubsim said in `initialize` (nil before it).
    public internal(set) var launchInformation: LaunchInformation? {
        get { lock.withLock { storedLaunchInformation } }
        set { lock.withLock { storedLaunchInformation = newValue } }
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
            applicationState = .active
            delegate?.applicationDidBecomeActive(self)
        case .foreground:
            applicationState = .inactive
            delegate?.applicationWillEnterForeground(self)
            applicationState = .active
            delegate?.applicationDidBecomeActive(self)
        case .background:
            applicationState = .inactive
            delegate?.applicationWillResignActive(self)
            applicationState = .background
            delegate?.applicationDidEnterBackground(self)
        case .suspend:
            applicationState = .suspended
            delegate?.applicationDidSuspend(self)
        case .terminate:
            delegate?.applicationWillTerminate(self)
        }
    }
}
