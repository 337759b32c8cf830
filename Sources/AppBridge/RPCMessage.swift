import BridgeProtocol

/// One JSON-RPC 2.0 message as the bridge reads it from a program's standard output
/// (Docs/bridge-protocol.md: one object per line; hubsim answers the program's requests and
/// reads its answers to hubsim's own).
enum RPCMessage: Sendable, Equatable {
    /// A call from the program; `id` nil: a notification (run, never answered).
    case request(id: JSONValue?, method: String, params: JSONValue?)
    /// An answer to hubsim's request `id`: a result, or an error's code and message.
    case response(id: JSONValue, result: JSONValue?, error: RPCError?)
    /// A line that is not a JSON-RPC message: the error to send back (with `id` when one could be read).
    case invalid(id: JSONValue?, RPCError)

    /// Reads one line (without its newline).
    init(line: [UInt8]) {
        guard let value = JSONValue.parse(line) else {
            self = .invalid(id: nil, RPCError(.parseError, JSONValue.whyNotParsed(line)))
            return
        }
        guard case .object = value else {
            self = .invalid(id: nil, RPCError(.invalidRequest, "not a JSON-RPC object (one object per line; batches are not supported)"))
            return
        }
        let id = value["id"]
        if let id, !Self.isValidID(id) {
            self = .invalid(id: nil, RPCError(.invalidRequest, "id must be a string, a number or null"))
            return
        }
        guard value["jsonrpc"]?.stringValue == "2.0" else {
            self = .invalid(id: id, RPCError(.invalidRequest, "\"jsonrpc\" must be \"2.0\""))
            return
        }
        if let method = value["method"] {
            guard let name = method.stringValue else {
                self = .invalid(id: id, RPCError(.invalidRequest, "method must be a string"))
                return
            }
            let params = value["params"]
            if let params {
                switch params {
                case .object, .array, .null: break
                default:
                    self = .invalid(id: id, RPCError(.invalidRequest, "params must be an object"))
                    return
                }
            }
            self = .request(id: id, method: name, params: params)
            return
        }
        if let id, value["result"] != nil || value["error"] != nil {
            if let error = value["error"] {
                let code: Int = if case let .int(c)? = error["code"] { c } else { BridgeErrorCode.internalError.rawValue }
                self = .response(id: id, result: nil, error: RPCError(code: code, message: error["message"]?.stringValue ?? ""))
            } else {
                self = .response(id: id, result: value["result"], error: nil)
            }
            return
        }
        self = .invalid(id: id, RPCError(.invalidRequest, "neither a request (method) nor a response (result or error)"))
    }

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .int, .null: true
        default: false
        }
    }

    // MARK: writing

    /// hubsim's request `method` with `id`.
    static func request(id: Int, method: BridgeMethod, params: JSONValue) -> String {
        RPCEnvelope.request(id: .int(id), method: method, params: params).text
    }

    /// The answer to the program's request `id`.
    static func result(id: JSONValue, _ result: JSONValue) -> String {
        RPCEnvelope.result(id: id, result).text
    }

    /// An error answer (`id` null when the request's id could not be read).
    static func error(id: JSONValue?, _ error: RPCError) -> String {
        RPCEnvelope.error(id: id, error).text
    }
}
