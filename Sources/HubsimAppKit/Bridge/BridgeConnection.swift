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
/// on the same pipe as everything else. So whoever waits — the run loop for the next event, a
/// call for its result — reads lines itself when nobody else is reading (a leader/follower
/// scheme): each line read is routed, an answer to the call it belongs to, a request to the queue
/// the run loop takes in order, and every waiter is woken to look. A call made on the run loop's
/// own thread, inside a delegate method, therefore reads its answer itself; a call from another
/// thread waits while the run loop reads it.
final class BridgeConnection: @unchecked Sendable {
    private let channel: LineChannel
    private let log: @Sendable (String) -> Void
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var someoneReading = false
    private var closed = false
    private var requests: [IncomingRequest] = []
    private var awaited: Set<JSONValue> = []
    private var answers: [JSONValue: Result<JSONValue, HubsimBridgeError>] = [:]
    private var nextCall = 1

    init(channel: LineChannel, log: @escaping @Sendable (String) -> Void) {
        self.channel = channel
        self.log = log
    }

    /// The next request from hubsim, in the order it came; nil once hubsim closed the pipe and
    /// every request read before has been taken.
    func nextRequest() -> IncomingRequest? {
        waitFor { () -> IncomingRequest?? in
            if !requests.isEmpty { return .some(requests.removeFirst()) }
            return closed ? .some(nil) : .none
        }
    }

    /// Calls `method` on hubsim and waits for its answer (ids `a1`, `a2`, … as in the protocol
    /// page's example session).
    func call(_ method: String, _ params: JSONValue = .object([:])) -> Result<JSONValue, HubsimBridgeError> {
        condition.lock()
        let id = JSONValue.string("a\(nextCall)")
        nextCall += 1
        awaited.insert(id)
        condition.unlock()
        send(.object(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params]))
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
        send(.object(["jsonrpc": "2.0", "id": id, "result": result]))
    }

    func answer(_ id: JSONValue, errorCode: Int, message: String) {
        send(.object([
            "jsonrpc": "2.0", "id": id,
            "error": .object(["code": .int(errorCode), "message": .string(message)]),
        ]))
    }

    private func send(_ message: JSONValue) {
        if !channel.write(message.line()) {
            log("hubsim bridge: the output pipe is closed; a message was not sent")
        }
    }

    /// Waits until `ready` (run under the lock) gives a value, reading lines while nobody else does.
    private func waitFor<T>(_ ready: () -> T?) -> T {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value = ready() { return value }
            if someoneReading {
                condition.wait()
                continue
            }
            someoneReading = true
            condition.unlock()
            let line = channel.readLine()
            condition.lock()
            someoneReading = false
            if let line { route(line) } else { closed = true }
            condition.broadcast()
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
