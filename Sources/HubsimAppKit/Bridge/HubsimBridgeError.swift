import Foundation

/// Why a call to hubsim did not give a result.
public enum HubsimBridgeError: Error, Equatable, Sendable {
    /// hubsim answered with a JSON-RPC error; `code` is one of ``Code`` or a standard JSON-RPC code.
    case remote(code: Int, message: String)
    /// hubsim closed the app's standard input before answering.
    case closed
    /// hubsim's result does not have the shape the protocol page gives for `method`.
    case malformedResult(method: String)

    /// The error codes of Docs/bridge-protocol.md ("Errors").
    public enum Code {
        public static let parseError = -32700
        public static let invalidRequest = -32600
        public static let methodNotFound = -32601
        public static let invalidParams = -32602
        /// Nobody is checked out, or nobody is signed in.
        public static let notCheckedOut = -32001
        /// MSAL: the token cannot be had without the person signing in.
        public static let interactionRequired = -32002
        /// storage/get: the item was sealed under a key that is gone.
        public static let cannotBeRead = -32003
        /// The profile's rules refuse the call; the message says which.
        public static let refused = -32004
        /// MSAL `acquireToken`: the person cancelled the sign-in prompt.
        public static let canceled = -32005
    }

    /// The code hubsim answered with, nil for a closed pipe or a malformed result.
    public var code: Int? {
        if case .remote(let code, _) = self { code } else { nil }
    }
}

extension HubsimBridgeError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .remote(let code, let message): "hubsim: \(message) (\(code))"
        case .closed: "hubsim closed the bridge before answering"
        case .malformedResult(let method): "hubsim's answer to \(method) is not shaped as the bridge protocol says"
        }
    }
}
