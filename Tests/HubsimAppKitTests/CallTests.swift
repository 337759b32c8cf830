import BridgeProtocol
import Foundation
import Testing
@testable import HubsimAppKit

@Suite("A delegate's SDK calls are round trips over the same pipes")
struct CallTests {
    @Test func retrieveUserInfoDuringTheInitialCheckIsAnsweredBeforeTheEventIs() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.awController.delegate = delegate
        hubsim.bridge.awController.start()
        var user: UserInformation?
        var failure: NSError?
        delegate.hooks["initialCheck"] = {
            UserInformationController.sharedInstance.retrieveUserInfo { information, error in
                user = information
                failure = error
            }
        }
        hubsim.start()
        hubsim.request(3, "awcontroller/controllerDidFinishInitialCheck", ["error": .null])
        #expect(hubsim.receive() == call(1, "awcontroller/retrieveUserInfo"))
        hubsim.answer("a1", ["userName": "cou1", "groupID": "store-12", "email": "cou1@contoso.example", "firstName": "Ann", "lastName": "Lee"])
        #expect(hubsim.receive() == done(3))
        #expect(hubsim.finish())
        #expect(user == UserInformation(userName: "cou1", groupID: "store-12", email: "cou1@contoso.example", firstName: "Ann", lastName: "Lee"))
        #expect(failure == nil)
    }

    @Test func nobodyCheckedOutIsTheSDKsNotCheckedOutError() {
        let hubsim = FakeHubsim()
        var failure: NSError?
        var user: UserInformation?
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        delegate.hooks["willEnterForeground"] = {
            UserInformationController.sharedInstance.retrieveUserInfo { user = $0; failure = $1 }
        }
        hubsim.start()
        hubsim.request(2, "app/foreground")
        #expect(hubsim.receive() == call(1, "awcontroller/retrieveUserInfo"))
        hubsim.send(["jsonrpc": "2.0", "id": "a1", "error": ["code": -32001, "message": "nobody is checked out"]])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(user == nil)
        #expect(failure?.domain == AWSDKError.domain)
        #expect(failure?.code == AWSDKError.sharedDeviceNotCheckedOut.rawValue)
    }

    @Test func fetchApplicationAssignmentStatusGivesTheSharedDeviceInformation() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        var information: [SharedDeviceInformation?] = []
        delegate.hooks["didFinishLaunching"] = {
            for _ in 0..<2 {
                DeviceInformationController.sharedController.fetchApplicationAssignmentStatus { result, _ in information.append(result) }
            }
        }
        hubsim.start()
        hubsim.request(2, "app/launch")
        #expect(hubsim.receive() == call(1, "awcontroller/fetchApplicationAssignmentStatus"))
        hubsim.answer("a1", ["sharedDeviceInformation": ["isDeviceStagingEnabled": true, "checkedOutUser": "cou1"]])
        #expect(hubsim.receive() == call(2, "awcontroller/fetchApplicationAssignmentStatus"))
        hubsim.answer("a2", ["sharedDeviceInformation": ["isDeviceStagingEnabled": false, "checkedOutUser": .null]])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(information == [
            SharedDeviceInformation(isDeviceStagingEnabled: true, checkedOutUser: "cou1"),
            SharedDeviceInformation(isDeviceStagingEnabled: false, checkedOutUser: nil),
        ])
    }

    @Test func anEventSentWhileAHandlerWaitsIsHandledAfterItInOrder() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        var user: String?
        delegate.hooks["willEnterForeground"] = {
            UserInformationController.sharedInstance.retrieveUserInfo { information, _ in user = information?.userName }
        }
        hubsim.start()
        hubsim.request(4, "app/foreground")
        #expect(hubsim.receive() == call(1, "awcontroller/retrieveUserInfo"))
        // The next event arrives before the answer the handler waits for: it waits its turn.
        hubsim.request(5, "app/background")
        hubsim.answer("a1", ["userName": "cou2", "groupID": "", "email": "", "firstName": "", "lastName": ""])
        #expect(hubsim.receive() == done(4))
        #expect(hubsim.receive() == done(5))
        #expect(hubsim.finish())
        #expect(user == "cou2")
        #expect(delegate.events == ["willEnterForeground", "didBecomeActive", "willResignActive", "didEnterBackground"])
    }

    @Test func aCallFromAnotherThreadIsAnsweredThroughTheRunLoopsReads() {
        let hubsim = FakeHubsim()
        hubsim.start()
        let storage = hubsim.bridge.application.storage
        let answered = DispatchSemaphore(value: 0)
        let result = ResultBox()
        Thread {
            result.items = try? storage.list()
            answered.signal()
        }.start()
        #expect(hubsim.receive() == call(1, "storage/list"))
        hubsim.answer("a1", ["items": [["key": "orders", "owner": "cou1", "protection": "sdk", "readable": false]]])
        #expect(answered.wait(timeout: .now() + 5) == .success)
        #expect(result.items == [AppStorage.Item(key: "orders", owner: "cou1", protection: .sdk, readable: false)])
        #expect(hubsim.finish())
    }

    @Test func aCallStillWaitingWhenHubsimClosesTheInputFailsAsClosed() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        var failure: (any Error)?
        delegate.hooks["didEnterBackground"] = {
            do { try HubsimApplication.shared.screen.show(user: nil, items: []) } catch { failure = error }
        }
        hubsim.start()
        hubsim.request(2, "app/background")
        #expect(hubsim.receive() == call(1, "screen/show", ["user": .null, "items": []]))
        #expect(hubsim.finish())
        #expect(failure as? HubsimBridgeError == .closed)
    }

    @Test func anAnswerNobodyWaitsForIsDroppedAndLogged() {
        let hubsim = FakeHubsim()
        hubsim.start()
        hubsim.answer("a9", [:])
        hubsim.request(2, "app/foreground")
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(hubsim.log == [#"hubsim bridge: an answer to "a9" that no call is waiting for, dropped"#])
    }
}

/// A result handed from a thread the test started.
private final class ResultBox: @unchecked Sendable {
    var items: [AppStorage.Item]?
}
