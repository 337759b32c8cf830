import Foundation

/// MSAL's error domain: every error hubsim's MSAL gives is an `NSError` of this domain.
public let MSALErrorDomain = "MSALErrorDomain"

/// The `userInfo` key under which an MSAL error keeps the bridge's own error code.
public let MSALHubsimBridgeErrorCodeKey = "MSALHubsimBridgeErrorCodeKey"

/// MSAL's error codes (the MSAL for iOS and macOS `MSALError` enumeration), those hubsim gives.
public enum MSALError: Int, Sendable {
    /// Anything else: the description says what.
    case `internal` = -50000
    /// The token cannot be had silently; call `acquireToken` (bridge codes `-32001`, `-32002`).
    case interactionRequired = -50002
    /// The person cancelled the sign-in prompt.
    case userCanceled = -50005

    /// A failed call as MSAL reports it.
    static func error(_ failure: HubsimBridgeError) -> NSError {
        let code: MSALError = switch failure.code {
        case HubsimBridgeError.Code.notCheckedOut, HubsimBridgeError.Code.interactionRequired: .interactionRequired
        case HubsimBridgeError.Code.canceled: .userCanceled
        default: .internal
        }
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: failure.localizedDescription]
        if let bridgeCode = failure.code { userInfo[MSALHubsimBridgeErrorCodeKey] = bridgeCode }
        return NSError(domain: MSALErrorDomain, code: code.rawValue, userInfo: userInfo)
    }
}
