import BridgeProtocol
import Foundation

/// Why a call to hubsim did not give a result.
public enum HubsimBridgeError: Error, Equatable, Sendable {
    /// hubsim answered with a JSON-RPC error; `code` is one of ``Code`` or a standard JSON-RPC code.
    case remote(code: Int, message: String)
    /// hubsim closed the app's standard input before answering.
    case closed
    /// hubsim's result does not have the shape the protocol page gives for `method`.
    case malformedResult(method: String)

    /// The error codes of Docs/bridge-protocol.md ("Errors"), as the protocol module spells them.
    public enum Code {
        public static let parseError = BridgeErrorCode.parseError.rawValue
        public static let invalidRequest = BridgeErrorCode.invalidRequest.rawValue
        public static let methodNotFound = BridgeErrorCode.methodNotFound.rawValue
        public static let invalidParams = BridgeErrorCode.invalidParams.rawValue
        /// Nobody is checked out, or nobody is signed in.
        public static let notCheckedOut = BridgeErrorCode.notSignedIn.rawValue
        /// MSAL: the token cannot be had without the person signing in.
        public static let interactionRequired = BridgeErrorCode.interactionRequired.rawValue
        /// storage/get: the item was sealed under a key that is gone.
        public static let cannotBeRead = BridgeErrorCode.unreadable.rawValue
        /// The profile's rules refuse the call; the message says which.
        public static let refused = BridgeErrorCode.refused.rawValue
        /// MSAL `acquireToken`: the person cancelled the sign-in prompt.
        public static let canceled = BridgeErrorCode.canceled.rawValue
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
