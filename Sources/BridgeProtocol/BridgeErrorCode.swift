/// The error codes of the bridge protocol (Docs/bridge-protocol.md, "Errors"): JSON-RPC 2.0's
/// standard ones, then hubsim's own in the range JSON-RPC leaves to servers.
public enum BridgeErrorCode: Int, Sendable, CaseIterable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    /// Nobody is checked out, or nobody is signed in.
    case notSignedIn = -32001
    /// MSAL: the token cannot be had without the person signing in.
    case interactionRequired = -32002
    /// `storage/get`: the item was sealed under a key that is gone.
    case unreadable = -32003
    /// The profile's rules refuse the call; the message says which.
    case refused = -32004
    /// MSAL `acquireToken`: the person cancelled the sign-in prompt.
    case canceled = -32005
}

/// A JSON-RPC error as it travels: a code (one of `BridgeErrorCode`, or any other the far end
/// sent) and the one line that says why.
public struct RPCError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String
    public init(code: Int, message: String) { self.code = code; self.message = message }
    public init(_ code: BridgeErrorCode, _ message: String) { self.code = code.rawValue; self.message = message }
}
