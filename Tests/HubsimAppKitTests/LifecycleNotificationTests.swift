import BridgeProtocol
import Foundation
import Testing
@testable import HubsimAppKit

/// UIKit's lifecycle notifications, which the MSAL sample observes instead of the delegate.
@Suite("Lifecycle notifications on NotificationCenter")
struct LifecycleNotificationTests {
    @Test func eachLifecycleNotificationIsPostedRightAfterItsDelegateMethod() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        let application = hubsim.bridge.application
        application.delegate = delegate
        let seen = Recorder()
        let names: [Notification.Name] = [
            HubsimApplication.didFinishLaunchingNotification, HubsimApplication.willEnterForegroundNotification,
            HubsimApplication.didBecomeActiveNotification, HubsimApplication.willResignActiveNotification,
            HubsimApplication.didEnterBackgroundNotification, HubsimApplication.willTerminateNotification,
        ]
        let observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: application, queue: nil) { notification in
                seen.append("\(notification.name.rawValue) after \(delegate.events.last ?? "nothing")")
            }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        hubsim.start()
        for (id, method) in [(2, "app/launch"), (3, "app/background"), (4, "app/foreground"), (5, "app/terminate")] {
            hubsim.request(id, method)
            #expect(hubsim.receive() == done(id))
        }
        #expect(hubsim.finish())
        #expect(seen.lines == [
            "UIApplicationDidFinishLaunchingNotification after didFinishLaunching",
            "UIApplicationDidBecomeActiveNotification after didBecomeActive",
            "UIApplicationWillResignActiveNotification after willResignActive",
            "UIApplicationDidEnterBackgroundNotification after didEnterBackground",
            "UIApplicationWillEnterForegroundNotification after willEnterForeground",
            "UIApplicationDidBecomeActiveNotification after didBecomeActive",
            "UIApplicationWillTerminateNotification after willTerminate",
        ])
    }
}
