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
        #expect(hubsim.receive() == call(1, "msal/getCurrentAccount"))
        hubsim.answer("a1", ["account": ["username": "cou2"], "previousAccount": ["username": "cou1"]])
        #expect(hubsim.receive() == call(2, "screen/show", ["user": "cou2", "items": []]))
        hubsim.answer("a2", [:])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(seen.lines == ["getCurrentAccount returned", "completion on main: true", "main.async ran"])
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
        #expect(hubsim.receive() == call(1, "msal/getDeviceInformation"))
        hubsim.answer("a1", ["deviceMode": "shared"])
        #expect(hubsim.receive() == call(2, "screen/show", ["user": .null, "items": [], "lines": ["mode shared"]]))
        hubsim.answer("a2", [:])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(seen.lines == ["on my queue: mine", "same bridge: true"])
    }
}

/// Lines written from any thread.
final class Recorder: @unchecked Sendable {
    // Guarded by `lock`: the proof of the unchecked Sendable.
    private let lock = NSLock()
    private var recorded: [String] = []
    var lines: [String] { lock.withLock { recorded } }
    func append(_ line: String) { lock.withLock { recorded.append(line) } }
}
