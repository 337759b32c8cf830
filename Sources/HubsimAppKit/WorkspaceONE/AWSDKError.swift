import Foundation

/// The Workspace ONE SDK's errors as hubsim gives them: `NSError`s of ``domain`` whose codes are
/// the bridge protocol's (`-32001` nobody is checked out, `-32004` refused by the profile's
/// rules; any other code is the bridge's own, `-1` when hubsim did not answer).
public enum AWSDKError: Int, Sendable {
    /// The device is a Workspace ONE shared device and nobody has checked it out.
    case sharedDeviceNotCheckedOut = -32001
    /// The profile's rules refuse the call; the error's description says which.
    case refused = -32004

    public static let domain = "AWSDKErrorDomain"

    func error(_ description: String) -> NSError {
        NSError(domain: Self.domain, code: rawValue, userInfo: [NSLocalizedDescriptionKey: description])
    }

    /// A failed call as the SDK reports it.
    static func error(_ failure: HubsimBridgeError) -> NSError {
        NSError(domain: domain, code: failure.code ?? -1, userInfo: [NSLocalizedDescriptionKey: failure.localizedDescription])
    }
}
