/// The app's lifecycle, named after UIKit's `UIApplicationDelegate`; every method is optional,
/// as there. hubsim's `app/…` events become these calls, in UIKit's order:
///
/// | event | calls |
/// |---|---|
/// | `app/launch` | `applicationDidFinishLaunching`, `applicationDidBecomeActive` |
/// | `app/foreground` | `applicationWillEnterForeground`, `applicationDidBecomeActive` |
/// | `app/background` | `applicationWillResignActive`, `applicationDidEnterBackground` |
/// | `app/suspend` | `applicationDidSuspend` (hubsim's own: iOS tells an app nothing when it suspends it) |
/// | `app/terminate` | `applicationWillTerminate` |
public protocol HubsimApplicationDelegate: AnyObject {
    func applicationDidFinishLaunching(_ application: HubsimApplication)
    func applicationWillEnterForeground(_ application: HubsimApplication)
    func applicationDidBecomeActive(_ application: HubsimApplication)
    func applicationWillResignActive(_ application: HubsimApplication)
    func applicationDidEnterBackground(_ application: HubsimApplication)
    func applicationDidSuspend(_ application: HubsimApplication)
    func applicationWillTerminate(_ application: HubsimApplication)
}

public extension HubsimApplicationDelegate {
    func applicationDidFinishLaunching(_ application: HubsimApplication) {}
    func applicationWillEnterForeground(_ application: HubsimApplication) {}
    func applicationDidBecomeActive(_ application: HubsimApplication) {}
    func applicationWillResignActive(_ application: HubsimApplication) {}
    func applicationDidEnterBackground(_ application: HubsimApplication) {}
    func applicationDidSuspend(_ application: HubsimApplication) {}
    func applicationWillTerminate(_ application: HubsimApplication) {}
}
