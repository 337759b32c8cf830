import BridgeProtocol
import Foundation
import MSAL
import Testing
@testable import HubsimAppKit

/// MSAL's threading under `import MSAL`: completion blocks run after the method returns, on
/// `completionBlockQueue` or the main queue, and the event is answered only once what they queued
/// has run.
@Suite("Completion blocks on the SDK's queues")
struct ThreadingTests {
    @Test func aCompletionsMainQueueBlockRunsAndItsCallsComeBeforeTheAnswer() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let bridge = hubsim.bridge
        let application = try MSAL.MSALPublicClientApplication(configuration: MSALPublicClientApplicationConfig(clientId: "contoso-frontline"))
        let seen = Recorder()
        // The main queue, recognised as itself (the test process's main queue may run on a
        // thread other than the first one).
        let mainKey = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: mainKey, value: "main")
        delegate.hooks["didBecomeActive"] = {
            application.getCurrentAccount(with: nil) { current, _, _ in
                seen.append("completion on main: \(DispatchQueue.getSpecific(key: mainKey) == "main")")
                DispatchQueue.main.async {
                    seen.append("main.async ran")
                    try? bridge.application.screen.show(user: current?.username, items: [])
                }
            }
            seen.append("getCurrentAccount returned")
        }
        hubsim.start()
        hubsim.request(2, "app/foreground")
        #expect(hubsim.receive() == call(1, "msal/configure", configuration))
        hubsim.answer("a1", [:])
        #expect(hubsim.receive() == call(2, "msal/getCurrentAccount"))
        hubsim.answer("a2", ["account": ["username": "cou2"], "previousAccount": ["username": "cou1"]])
        #expect(hubsim.receive() == call(3, "screen/show", ["user": "cou2", "items": []]))
        hubsim.answer("a3", [:])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        // The completion ran on the main queue and what it queued there ran after it, both before
        // the answer (the screen/show above came before done). Whether they ran after the call
        // returned cannot be pinned here: the hook runs on the bridge's thread while the test
        // process's main queue is drained by another, so the two race; in an app the call is made
        // on the main queue, which is busy with it until it returns.
        #expect(seen.lines.filter { $0 != "getCurrentAccount returned" } == ["completion on main: true", "main.async ran"])
        #expect(seen.lines.contains("getCurrentAccount returned"))
    }

    @Test func aCompletionBlockQueueIsWhereTheBlockRunsAndABlockQueuedTwiceDeepStillRunsFirst() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let bridge = hubsim.bridge
        let application = try MSAL.MSALPublicClientApplication(configuration: MSALPublicClientApplicationConfig(clientId: "contoso-frontline"))
        let queue = DispatchQueue(label: "contoso.msal-completions")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "mine")
        let seen = Recorder()
        delegate.hooks["didBecomeActive"] = {
            let parameters = MSALParameters()
            parameters.completionBlockQueue = queue
            application.getDeviceInformation(with: parameters) { information, _ in
                seen.append("on my queue: \(DispatchQueue.getSpecific(key: key) ?? "no")")
                // The current bridge is the one that delivered the completion, on any queue.
                seen.append("same bridge: \(HubsimBridge.current === bridge)")
                DispatchQueue.main.async {
                    DispatchQueue.main.async {
                        try? bridge.application.screen.show(user: nil, items: [], lines: ["mode \(information?.deviceMode == .shared ? "shared" : "default")"])
                    }
                }
            }
        }
        hubsim.start()
        hubsim.request(2, "app/foreground")
        #expect(hubsim.receive() == call(1, "msal/configure", configuration))
        hubsim.answer("a1", [:])
        #expect(hubsim.receive() == call(2, "msal/getDeviceInformation"))
        hubsim.answer("a2", ["deviceMode": "shared"])
        #expect(hubsim.receive() == call(3, "screen/show", ["user": .null, "items": [], "lines": ["mode shared"]]))
        hubsim.answer("a3", [:])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(seen.lines == ["on my queue: mine", "same bridge: true"])
    }
}

/// What `msal/configure` carries for `MSALPublicClientApplicationConfig(clientId: "contoso-frontline")`.
let configuration: JSONValue = [
    "clientId": "contoso-frontline", "redirectUri": .null, "keychainSharingGroup": "com.microsoft.adalcache", "broker": true,
]

/// Lines written from any thread.
final class Recorder: @unchecked Sendable {
    // Guarded by `lock`: the proof of the unchecked Sendable.
    private let lock = NSLock()
    private var recorded: [String] = []
    var lines: [String] { lock.withLock { recorded } }
    func append(_ line: String) { lock.withLock { recorded.append(line) } }
}

/// The token path: `import MSAL`'s client application tells hubsim its configuration once,
/// before its first call, and a hubsim that does not know the method is not asked again.
@Suite("The MSAL configuration reaches hubsim")
struct MSALConfigurationTests {
    @Test func theConfigurationGoesOnceBeforeTheFirstCallWithTheRedirectTheGroupAndTheBroker() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let authority = try MSALAADAuthority(url: URL(string: "https://login.microsoftonline.com/common")!)
        let settings = MSALPublicClientApplicationConfig(clientId: "6f1d2a4e", redirectUri: "x-msauth-contoso://com.contoso.notes", authority: authority)
        settings.cacheConfig.keychainSharingGroup = "com.contoso.shared"
        let application = try MSAL.MSALPublicClientApplication(configuration: settings)
        delegate.hooks["didBecomeActive"] = {
            application.getCurrentAccount(with: nil) { _, _, _ in }
            application.getCurrentAccount(with: nil) { _, _, _ in }
        }
        hubsim.start()
        hubsim.request(2, "app/foreground")
        #expect(hubsim.receive() == call(1, "msal/configure", [
            "clientId": "6f1d2a4e", "redirectUri": "x-msauth-contoso://com.contoso.notes",
            "keychainSharingGroup": "com.contoso.shared", "broker": true,
        ]))
        hubsim.answer("a1", [:])
        #expect(hubsim.receive() == call(2, "msal/getCurrentAccount"))
        hubsim.answer("a2", ["account": .null, "previousAccount": .null])
        #expect(hubsim.receive() == call(3, "msal/getCurrentAccount"))
        hubsim.answer("a3", ["account": .null, "previousAccount": .null])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
    }

    @Test func aHubsimWithoutTheMethodIsToldOnceAndTheCallsGoOn() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let first = try MSAL.MSALPublicClientApplication(configuration: MSALPublicClientApplicationConfig(clientId: "one"))
        let second = try MSAL.MSALPublicClientApplication(configuration: MSALPublicClientApplicationConfig(clientId: "two"))
        delegate.hooks["didBecomeActive"] = {
            first.getDeviceInformation(with: nil) { _, _ in }
            second.getDeviceInformation(with: nil) { _, _ in }
        }
        hubsim.start()
        hubsim.request(2, "app/foreground")
        #expect(hubsim.receive()?["method"] == "msal/configure")
        hubsim.send(["jsonrpc": "2.0", "id": "a1", "error": ["code": -32601, "message": "unknown method msal/configure"]])
        #expect(hubsim.receive() == call(2, "msal/getDeviceInformation"))
        hubsim.answer("a2", ["deviceMode": "shared"])
        #expect(hubsim.receive() == call(3, "msal/getDeviceInformation"))
        hubsim.answer("a3", ["deviceMode": "shared"])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(hubsim.log.count == 1)
    }
}
