#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BridgeProtocol
import Foundation
import Testing
@testable import HubsimAppKit

/// hubsim's side of the bridge, written by hand: a `HubsimBridge` over two pipes runs on a
/// thread of its own; the test writes hubsim's lines and reads the app's, each read bounded by
/// a timeout so that a missing line fails the test instead of hanging it.
final class FakeHubsim: @unchecked Sendable {
    let bridge: HubsimBridge
    private let toApp = Pipe()
    private let fromApp = Pipe()
    private let logged: LogRecorder
    private let finished = DispatchSemaphore(value: 0)
    private var pending: [UInt8] = []

    init() {
        let logged = LogRecorder()
        self.logged = logged
        bridge = HubsimBridge(input: toApp.fileHandleForReading, output: fromApp.fileHandleForWriting, log: { logged.append($0) })
    }

    /// The library's log lines so far.
    var log: [String] { logged.lines }

    /// Starts the app's run loop on a thread of its own.
    func start(name: String? = "Store") {
        let bridge = self.bridge
        let finished = self.finished
        let thread = Thread {
            bridge.run(name: name)
            finished.signal()
        }
        thread.start()
    }

    /// Sends one line as hubsim would.
    func send(_ line: String) {
        toApp.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Sends `value` as one line.
    func send(_ value: JSONValue) {
        toApp.fileHandleForWriting.write(value.line())
    }

    /// Sends the request `method` and returns nothing; read the answer with ``receive()``.
    func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) {
        send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
    }

    /// Answers the app's call `id` with `result`.
    func answer(_ id: JSONValue, _ result: JSONValue) {
        send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    /// The app's next line, parsed; nil (and a recorded issue) when none came within 5 s.
    func receive(sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue? {
        guard let line = receiveLine() else {
            Issue.record("the app sent no line within 5 s", sourceLocation: sourceLocation)
            return nil
        }
        guard let value = JSONValue.parse(Array(line.utf8)) else {
            Issue.record("the app sent a line that is not JSON: \(line)", sourceLocation: sourceLocation)
            return nil
        }
        return value
    }

    /// The app's next raw line (without `\n`), or nil after 5 s without one.
    func receiveLine() -> String? {
        let descriptor = fromApp.fileHandleForReading.fileDescriptor
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 5_000) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    /// Whether the app sent nothing more within a short while (the check that something was
    /// not answered; the wait is only ever spent when the test is about to fail).
    func sendsNothingMore() -> Bool {
        guard pending.isEmpty else { return false }
        var poller = pollfd(fd: fromApp.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 100) == 0
    }

    /// Closes the app's standard input and waits (at most 5 s) for its run loop to return.
    func finish() -> Bool {
        try? toApp.fileHandleForWriting.close()
        return finished.wait(timeout: .now() + 5) == .success
    }

    /// Runs the initialize handshake and returns its answer.
    @discardableResult
    func initialize(sdk: String = "workspace-one", profile: String = "workspace-one") -> JSONValue? {
        request(1, "initialize", [
            "protocolVersion": "1",
            "app": ["id": "store", "name": "Store", "sdk": .string(sdk)],
            "profile": .string(profile),
        ])
        return receive()
    }

}

/// The library's log lines, from whichever thread writes them.
private final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var lines: [String] { lock.withLock { recorded } }
    func append(_ line: String) { lock.withLock { recorded.append(line) } }
}

/// The answer `{"jsonrpc":"2.0","id":id,"result":{}}` an event gets once it is handled.
func done(_ id: Int) -> JSONValue {
    ["jsonrpc": "2.0", "id": .int(id), "result": [:]]
}

/// The request the app sends for call number `number` (`a1`, `a2`, …).
func call(_ number: Int, _ method: String, _ params: JSONValue = [:]) -> JSONValue {
    ["jsonrpc": "2.0", "id": .string("a\(number)"), "method": .string(method), "params": params]
}

/// A delegate that writes down every callback in order, and runs the test's own code on the
/// ones it names.
final class RecordingDelegate: HubsimApplicationDelegate, AWControllerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var initialCheckError: NSError?
    var hooks: [String: () -> Void] = [:]

    var events: [String] { lock.withLock { recorded } }

    private func record(_ event: String) {
        lock.withLock { recorded.append(event) }
        hooks[event]?()
    }

    func applicationDidFinishLaunching(_ application: HubsimApplication) {
        record("didFinishLaunching")
    }
    func applicationWillEnterForeground(_ application: HubsimApplication) { record("willEnterForeground") }
    func applicationDidBecomeActive(_ application: HubsimApplication) { record("didBecomeActive") }
    func applicationWillResignActive(_ application: HubsimApplication) { record("willResignActive") }
    func applicationDidEnterBackground(_ application: HubsimApplication) { record("didEnterBackground") }
    func applicationDidSuspend(_ application: HubsimApplication) { record("didSuspend") }
    func applicationWillTerminate(_ application: HubsimApplication) { record("willTerminate") }

    func controllerDidFinishInitialCheck(error: NSError?) {
        initialCheckError = error
        record("initialCheck")
    }
    func controllerDidWipeCurrentUserData() { record("wipe") }
    func controllerDidDetectUserChange() { record("userChange") }
}
