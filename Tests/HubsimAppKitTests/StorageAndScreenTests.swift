import BridgeProtocol
import Foundation
import Testing
@testable import HubsimAppKit

@Suite("What the app keeps and shows becomes the protocol's requests")
struct StorageAndScreenTests {
    @Test func putGetDeleteAndShowSendTheProtocolsParams() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        var read: String?
        var failure: (any Error)?
        delegate.hooks["didFinishLaunching"] = {
            let application = HubsimApplication.shared
            do {
                try application.storage.put(key: "orders", owner: "cou1", protection: .sdk, text: "3 orders of cou1")
                try application.storage.put(key: "catalogue", owner: nil, protection: .plain, text: "aisles")
                read = try application.storage.get(key: "orders")
                try application.screen.show(user: "cou1", items: ["orders"], lines: ["3 orders"])
                try application.storage.delete(key: "orders")
                try application.screen.show(user: nil, items: [])
            } catch {
                failure = error
            }
        }
        hubsim.start()
        hubsim.request(2, "app/launch")
        #expect(hubsim.receive() == call(1, "storage/put", ["key": "orders", "owner": "cou1", "protection": "sdk", "text": "3 orders of cou1"]))
        hubsim.answer("a1", ["key": "orders"])
        #expect(hubsim.receive() == call(2, "storage/put", ["key": "catalogue", "owner": .null, "protection": "plain", "text": "aisles"]))
        hubsim.answer("a2", ["key": "catalogue"])
        #expect(hubsim.receive() == call(3, "storage/get", ["key": "orders"]))
        hubsim.answer("a3", ["text": "3 orders of cou1"])
        #expect(hubsim.receive() == call(4, "screen/show", ["user": "cou1", "items": ["orders"], "lines": ["3 orders"]]))
        hubsim.answer("a4", [:])
        #expect(hubsim.receive() == call(5, "storage/delete", ["key": "orders"]))
        hubsim.answer("a5", [:])
        #expect(hubsim.receive() == call(6, "screen/show", ["user": .null, "items": []]))
        hubsim.answer("a6", [:])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(read == "3 orders of cou1")
        #expect(failure == nil)
    }

    @Test func anItemSealedUnderAGoneKeyThrowsCannotBeRead() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.awController.delegate = delegate
        hubsim.bridge.awController.start()
        var failure: HubsimBridgeError?
        delegate.hooks["wipe"] = {
            do throws(HubsimBridgeError) {
                _ = try HubsimApplication.shared.storage.get(key: "orders")
            } catch {
                failure = error
            }
        }
        hubsim.start()
        hubsim.request(2, "awcontroller/controllerDidWipeCurrentUserData")
        #expect(hubsim.receive() == call(1, "storage/get", ["key": "orders"]))
        hubsim.send(["jsonrpc": "2.0", "id": "a1", "error": ["code": -32003, "message": "orders was sealed under a key that is gone"]])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(failure == .remote(code: HubsimBridgeError.Code.cannotBeRead, message: "orders was sealed under a key that is gone"))
    }

    @Test func aListWithoutItemsIsAMalformedResult() {
        let hubsim = FakeHubsim()
        hubsim.start()
        let storage = hubsim.bridge.application.storage
        let answered = DispatchSemaphore(value: 0)
        let outcome = FailureBox()
        Thread {
            do throws(HubsimBridgeError) { _ = try storage.list() } catch { outcome.failure = error }
            answered.signal()
        }.start()
        #expect(hubsim.receive() == call(1, "storage/list"))
        hubsim.answer("a1", ["things": []])
        #expect(answered.wait(timeout: .now() + 5) == .success)
        #expect(outcome.failure == .malformedResult(method: "storage/list"))
        #expect(hubsim.finish())
    }
}

private final class FailureBox: @unchecked Sendable {
    var failure: HubsimBridgeError?
}
