import BridgeProtocol
import Foundation

/// A message from hubsim the run loop has to handle: a request (with an `id`) or a notification.
struct IncomingRequest: Sendable {
    var id: JSONValue?
    var method: String
    var params: JSONValue
}

/// Both directions of JSON-RPC over one pair of pipes, for any number of threads.
///
/// A handler calls hubsim while hubsim waits for the handler's answer, and hubsim's answer comes
/// on the same pipe as everything else. So one reader thread of the connection's own reads the
/// lines and routes each: an answer to the call it belongs to, a request to the queue the run
/// loop takes in order; every waiter is woken to look. Nobody else reads, so the thread that runs
/// the app's code (the main thread, when it also runs the main dispatch queue) is never stuck in
/// a `read(2)` while work queued for it waits. The reader reads a line only when a waiter found
/// nothing for it, one line at a time, so lines are read in step with the app's calls (a session
/// written out beforehand, answers and all, plays the same as a live one).
// unchecked: every var is read and written only with `condition` held (threads wait on it, which Mutex cannot do)
final class BridgeConnection: @unchecked Sendable {
    private let channel: LineChannel
    private let log: @Sendable (String) -> Void
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var readerStarted = false
    private var closed = false
    private var requests: [IncomingRequest] = []
    private var awaited: Set<JSONValue> = []
    private var answers: [JSONValue: Result<JSONValue, HubsimBridgeError>] = [:]
    private var nextCall = 1
    private var calls = 0
    private var wakeMainQueue = false
    /// A waiter found nothing ready: the reader reads one more line.
    private var lineWanted = false

    init(channel: LineChannel, log: @escaping @Sendable (String) -> Void) {
        self.channel = channel
        self.log = log
    }

    /// How many calls the app has made so far: the run loop compares it before and after a turn
    /// of the main queue to see whether the app is still talking to hubsim.
    var callCount: Int {
        condition.withLock { calls }
    }

    /// Whether each line read (and the input's end) should also wake the main run loop (the run
    /// loop waits there, running the main queue, when ``HubsimBridge/run(name:)`` runs on the main thread).
    func wakeMainQueueOnRequests() {
        condition.withLock { wakeMainQueue = true }
    }

    /// The next request from hubsim, in the order it came; nil once hubsim closed the pipe and
    /// every request read before has been taken.
    func nextRequest() -> IncomingRequest? {
        waitFor(takeRequest)
    }

    /// The next request if one is there (`.some(nil)` once the input has ended), or nil after
    /// asking the reader for another line (it wakes the main run loop when it has read it).
    func takeRequestNow() -> IncomingRequest?? {
        startReader()
        return condition.withLock {
            if let request = takeRequest() { return request }
            lineWanted = true
            condition.broadcast()
            return nil
        }
    }

    /// Called with the lock held.
    private func takeRequest() -> IncomingRequest?? {
        if !requests.isEmpty { return .some(requests.removeFirst()) }
        return closed ? .some(nil) : .none
    }

    /// Calls `method` on hubsim and waits for its answer (ids `a1`, `a2`, … as in the protocol
    /// page's example session).
    func call(_ method: BridgeMethod, _ params: JSONValue = .object([:])) -> Result<JSONValue, HubsimBridgeError> {
        condition.lock()
        let id = JSONValue.string("a\(nextCall)")
        nextCall += 1
        calls += 1
        awaited.insert(id)
        condition.unlock()
        send(RPCEnvelope.request(id: id, method: method, params: params))
        return waitFor {
            if let answer = answers.removeValue(forKey: id) {
                awaited.remove(id)
                return answer
            }
            if closed {
                awaited.remove(id)
                return .failure(.closed)
            }
            return nil
        }
    }

    func answer(_ id: JSONValue, result: JSONValue) {
        send(RPCEnvelope.result(id: id, result))
    }

    func answer(_ id: JSONValue, errorCode: Int, message: String) {
        send(RPCEnvelope.error(id: id, RPCError(code: errorCode, message: message)))
    }

    private func send(_ message: JSONValue) {
        if !channel.write(message.line()) {
            log("hubsim bridge: the output pipe is closed; a message was not sent")
        }
    }

    /// Waits until `ready` (run under the lock) gives a value.
    private func waitFor<T>(_ ready: () -> T?) -> T {
        startReader()
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value = ready() { return value }
            lineWanted = true
            condition.broadcast()
            condition.wait()
        }
    }

    /// Starts the reader thread on the first wait (a call made before the run loop starts reads
    /// its answer the same way).
    private func startReader() {
        let start = condition.withLock {
            defer { readerStarted = true }
            return !readerStarted
        }
        guard start else { return }
        let thread = Thread { [self] in readLines() }
        thread.name = "HubsimAppKit bridge reader"
        thread.start()
    }

    private func readLines() {
        while true {
            condition.lock()
            while !lineWanted { condition.wait() }
            lineWanted = false
            condition.unlock()
            let line = channel.readLine()
            condition.lock()
            if let line { route(line) } else { closed = true }
            let wake = wakeMainQueue
            condition.broadcast()
            condition.unlock()
            // An empty block ends the main run loop's wait; the run loop then looks again.
            if wake { DispatchQueue.main.async {} }
            if line == nil { return }
        }
    }

    /// Files one line where it belongs (called with the lock held).
    private func route(_ line: [UInt8]) {
        guard let message = JSONValue.parse(line) else {
            answer(.null, errorCode: HubsimBridgeError.Code.parseError, message: "not JSON: " + String(decoding: line.prefix(80), as: UTF8.self))
            return
        }
        guard case .object(let members) = message else {
            answer(.null, errorCode: HubsimBridgeError.Code.invalidRequest, message: "not a JSON-RPC message: a JSON object is expected")
            return
        }
        if let method = members["method"]?.stringValue {
            requests.append(IncomingRequest(id: members["id"], method: method, params: members["params"] ?? .null))
        } else if let id = members["id"], members["result"] != nil || members["error"] != nil {
            guard awaited.contains(id) else {
                log("hubsim bridge: an answer to \(id) that no call is waiting for, dropped")
                return
            }
            if let error = members["error"] {
                let code: Int = if case .int(let number)? = error["code"] { number } else { HubsimBridgeError.Code.invalidRequest }
                answers[id] = .failure(.remote(code: code, message: error["message"]?.stringValue ?? "error \(code)"))
            } else {
                answers[id] = .success(members["result"]!)
            }
        } else {
            answer(members["id"] ?? .null, errorCode: HubsimBridgeError.Code.invalidRequest, message: "not a JSON-RPC request or response")
        }
    }
}
