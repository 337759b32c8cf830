import BridgeProtocol
import Foundation
import Testing
@testable import HubsimAppKit

/// MSAL for Android's single-account application and Android's runtime receivers, as an app
/// written the Android way uses them (Microsoft Learn, "Tutorial: Use shared-device mode in
/// your Android application").
@Suite("MSAL for Android's calls and the CURRENT_ACCOUNT_CHANGED broadcast")
struct AndroidTests {
    static let action = "com.microsoft.identity.client.sharedmode.CURRENT_ACCOUNT_CHANGED"

    /// Writes down what it hears, and runs the test's code at each broadcast.
    final class Receiver: BroadcastReceiver, @unchecked Sendable {
        var heard: [Intent] = []
        var then: () -> Void = {}
        override func onReceive(_ intent: Intent) {
            heard.append(intent)
            then()
        }
    }

    /// Writes down each callback as it reads in a log.
    final class Callbacks: CurrentAccountCallback, SignOutCallback, @unchecked Sendable {
        var said: [String] = []
        func onAccountLoaded(_ activeAccount: IAccount?) { said.append("onAccountLoaded(\(activeAccount?.username ?? "nil"))") }
        func onAccountChanged(priorAccount: IAccount?, currentAccount: IAccount?) {
            said.append("onAccountChanged(\(priorAccount?.username ?? "nil"), \(currentAccount?.username ?? "nil"))")
        }
        func onSignOut() { said.append("onSignOut") }
        func onError(_ exception: MsalException) { said.append("onError(\(exception.failure.code ?? 0))") }
    }

    @Test func aReceiverRegisteredAtRunTimeGetsTheBroadcastAndAsksForTheAccount() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let application = try SingleAccountPublicClientApplication(configuration: PublicClientApplicationConfiguration(
            clientId: "contoso-frontline", redirectUri: "msauth://com.contoso.orders/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D"))
        let receiver = Receiver()
        let callbacks = Callbacks()
        var shared: Bool?
        delegate.hooks["didFinishLaunching"] = {
            try? hubsim.bridge.application.registerReceiver(receiver, filter: IntentFilter(action: SharedDeviceModeBroadcast.currentAccountChanged))
            shared = application.isSharedDevice()
            application.getCurrentAccountAsync(callbacks)
        }
        receiver.then = { application.getCurrentAccountAsync(callbacks) }
        hubsim.start()
        hubsim.request(2, "app/launch", ["cold": true])
        #expect(hubsim.receive() == call(1, "msal/registerReceiver", ["action": .string(Self.action)]))
        hubsim.answer("a1", [:])
        #expect(hubsim.receive() == call(2, "msal/isSharedDevice"))
        hubsim.answer("a2", ["isSharedDevice": false])
        #expect(hubsim.receive() == call(3, "msal/getCurrentAccountAsync"))
        hubsim.answer("a3", ["callback": "onAccountLoaded", "activeAccount": ["username": "cou1"]])
        #expect(hubsim.receive() == done(2))
        hubsim.request(3, "broadcast/CURRENT_ACCOUNT_CHANGED", ["action": .string(Self.action), "BROADCAST_TYPE": "GLOBAL_SIGN_OUT"])
        #expect(hubsim.receive() == call(4, "msal/getCurrentAccountAsync"))
        hubsim.answer("a4", ["callback": "onAccountChanged", "priorAccount": ["username": "cou1"], "currentAccount": .null])
        #expect(hubsim.receive() == done(3))
        #expect(hubsim.finish())
        #expect(shared == false)
        #expect(receiver.heard == [Intent(action: Self.action, extras: ["BROADCAST_TYPE": "GLOBAL_SIGN_OUT"])])
        #expect(receiver.heard.first?.getStringExtra(SharedDeviceModeBroadcast.broadcastTypeKey) == SharedDeviceModeBroadcast.globalSignOut)
        #expect(callbacks.said == ["onAccountLoaded(cou1)", "onAccountChanged(cou1, nil)"])
    }

    @Test func unregisteringTheLastReceiverTellsHubsimAndABroadcastThenIsOnlyLogged() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let first = Receiver(), second = Receiver()
        let filter = IntentFilter(action: SharedDeviceModeBroadcast.currentAccountChanged)
        delegate.hooks["didFinishLaunching"] = {
            try? hubsim.bridge.application.registerReceiver(first, filter: filter)
            try? hubsim.bridge.application.registerReceiver(second, filter: filter)
            hubsim.bridge.application.unregisterReceiver(first)
            hubsim.bridge.application.unregisterReceiver(second)
        }
        hubsim.start()
        hubsim.request(2, "app/launch", ["cold": true])
        // One registration and one unregistration for the action, however many receivers.
        #expect(hubsim.receive() == call(1, "msal/registerReceiver", ["action": .string(Self.action)]))
        hubsim.answer("a1", [:])
        #expect(hubsim.receive() == call(2, "msal/unregisterReceiver", ["action": .string(Self.action)]))
        hubsim.answer("a2", [:])
        #expect(hubsim.receive() == done(2))
        hubsim.request(3, "broadcast/CURRENT_ACCOUNT_CHANGED", ["BROADCAST_TYPE": "SDM_REGISTERED"])
        #expect(hubsim.receive() == done(3))
        #expect(hubsim.finish())
        #expect(first.heard.isEmpty && second.heard.isEmpty)
        #expect(hubsim.log.contains("BroadcastReceiver: \(Self.action) arrived, but no receiver is registered for it"))
    }

    @Test func aRefusedRegistrationThrowsAndSignOutReportsItsOutcome() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let application = try SingleAccountPublicClientApplication(configuration: PublicClientApplicationConfiguration(clientId: "contoso-frontline"))
        let callbacks = Callbacks()
        var refused: HubsimBridgeError?
        delegate.hooks["didFinishLaunching"] = {
            do { try hubsim.bridge.application.registerReceiver(Receiver(), filter: IntentFilter(action: Self.action)) } catch {
                refused = error as? HubsimBridgeError
            }
            application.signOut(callbacks)
            application.signOut(callbacks)
        }
        hubsim.start()
        hubsim.request(2, "app/launch", ["cold": true])
        #expect(hubsim.receive() == call(1, "msal/registerReceiver", ["action": .string(Self.action)]))
        hubsim.send(["jsonrpc": "2.0", "id": "a1", "error": ["code": -32004, "message": "msal/registerReceiver: MSAL for Android's, not on entra-ios"]])
        #expect(hubsim.receive() == call(2, "msal/signOut"))
        hubsim.answer("a2", [:])
        #expect(hubsim.receive() == call(3, "msal/signOut"))
        hubsim.send(["jsonrpc": "2.0", "id": "a3", "error": ["code": -32004, "message": "The device is not checked out."]])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(refused == .remote(code: -32004, message: "msal/registerReceiver: MSAL for Android's, not on entra-ios"))
        #expect(callbacks.said == ["onSignOut", "onError(-32004)"])
    }
}
