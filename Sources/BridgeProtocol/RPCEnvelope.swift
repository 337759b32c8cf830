/// The three JSON-RPC 2.0 messages either end writes, one object per line
/// (Docs/bridge-protocol.md, "A session").
public enum RPCEnvelope {
    /// A request (`id` nil: a notification, never answered).
    public static func request(id: JSONValue?, method: BridgeMethod, params: JSONValue) -> JSONValue {
        var message: JSONValue.Object = ["jsonrpc": "2.0"]
        if let id { message["id"] = id }
        message["method"] = .string(method.name)
        message["params"] = params
        return .object(message)
    }

    /// The answer to request `id`.
    public static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id, "result": result])
    }

    /// An error answer (`id` null when the request's id could not be read).
    public static func error(id: JSONValue?, _ error: RPCError) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id ?? .null,
                 "error": .object(["code": .int(error.code), "message": .string(error.message)])])
    }
}
