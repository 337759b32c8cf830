import BridgeProtocol
import Foundation
import Testing
@testable import HubsimAppKit

@Suite("Events reach the delegates in order")
struct EventDeliveryTests {
    @Test func everyEventReachesItsDelegateMethodInOrderAndIsAnsweredWhenItReturns() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        hubsim.bridge.awController.delegate = delegate
        hubsim.bridge.awController.start()
        var notified: [String] = []
        hubsim.bridge.darwinNotificationCenter.addObserver(forName: DarwinNotificationCenter.sharedModeCurrentAccountChanged) { notified.append($0) }
        hubsim.start()
        hubsim.initialize()
        let events = [
            "app/launch", "awcontroller/controllerDidWipeCurrentUserData", "awcontroller/controllerDidDetectUserChange",
            "awcontroller/controllerDidFinishInitialCheck", "app/background", "app/suspend", "app/foreground",
            "msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED", "app/terminate",
        ]
        for (offset, method) in events.enumerated() {
            let params: JSONValue = method.hasSuffix("InitialCheck") ? ["error": "sharedDeviceNotCheckedOut"] : [:]
            hubsim.request(offset + 2, method, params)
            #expect(hubsim.receive() == done(offset + 2), "\(method)")
        }
        #expect(hubsim.finish())
        #expect(delegate.events == [
            "didFinishLaunching", "didBecomeActive", "wipe", "userChange", "initialCheck",
            "willResignActive", "didEnterBackground", "didSuspend", "willEnterForeground", "didBecomeActive",
            "willTerminate",
        ])
        #expect(notified == ["SHARED_MODE_CURRENT_ACCOUNT_CHANGED"])
        #expect(delegate.initialCheckError?.domain == AWSDKError.domain)
        #expect(delegate.initialCheckError?.code == AWSDKError.sharedDeviceNotCheckedOut.rawValue)
    }

    @Test func theApplicationStateFollowsTheLifecycle() {
        let hubsim = FakeHubsim()
        let application = hubsim.bridge.application
        hubsim.start()
        #expect(application.applicationState == .inactive)
        for (id, method, state) in [(2, "app/launch", HubsimApplication.State.active), (3, "app/background", .background),
                                    (4, "app/suspend", .suspended), (5, "app/foreground", .active)] {
            hubsim.request(id, method)
            #expect(hubsim.receive() == done(id))
            #expect(application.applicationState == state, "\(method)")
        }
        #expect(hubsim.finish())
    }

    @Test func aNullErrorIsASuccessfulInitialCheck() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        delegate.initialCheckError = NSError(domain: "unset", code: 0)
        hubsim.bridge.awController.delegate = delegate
        hubsim.bridge.awController.start()
        hubsim.start()
        hubsim.request(2, "awcontroller/controllerDidFinishInitialCheck", ["error": .null])
        #expect(hubsim.receive() == done(2))
        hubsim.request(3, "awcontroller/controllerDidFinishInitialCheck", ["error": "somethingElse"])
        #expect(hubsim.receive()?["error"]?["code"] == .int(-32602))
        #expect(hubsim.finish())
        #expect(delegate.events == ["initialCheck"])
        #expect(delegate.initialCheckError == nil)
    }

    @Test func withoutStartTheSDKCallsNoDelegateMethodAndSaysSo() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.awController.delegate = delegate
        hubsim.start()
        hubsim.request(2, "awcontroller/controllerDidWipeCurrentUserData")
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(delegate.events.isEmpty)
        #expect(hubsim.log == ["AWController: awcontroller/controllerDidWipeCurrentUserData not delivered: AWController.clientInstance().start() was not called"])
    }

    @Test func aDarwinNotificationNobodyListensForIsLogged() {
        let hubsim = FakeHubsim()
        let center = hubsim.bridge.darwinNotificationCenter
        var heard = 0
        let observer = center.addObserver(forName: DarwinNotificationCenter.sharedModeCurrentAccountChanged) { _ in heard += 1 }
        center.removeObserver(observer)
        hubsim.start()
        hubsim.request(2, "msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED")
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(heard == 0)
        #expect(hubsim.log == ["DarwinNotificationCenter: SHARED_MODE_CURRENT_ACCOUNT_CHANGED posted, but no observer listens for it"])
    }

    @Test func theSingletonsAreTheBridgesThatDeliversOnThisThread() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        var seen: [Bool] = []
        delegate.hooks["didFinishLaunching"] = {
            seen = [
                HubsimBridge.current === hubsim.bridge,
                HubsimApplication.shared === hubsim.bridge.application,
                AWController.clientInstance() === hubsim.bridge.awController,
                UserInformationController.sharedInstance === hubsim.bridge.userInformationController,
                DeviceInformationController.sharedController === hubsim.bridge.deviceInformationController,
                DarwinNotificationCenter.shared === hubsim.bridge.darwinNotificationCenter,
            ]
        }
        hubsim.start()
        hubsim.request(2, "app/launch")
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        // (Not asked on this thread: it would make the standard bridge, which takes over the
        // test process's standard output.)
        #expect(seen == [true, true, true, true, true, true])
    }
}
