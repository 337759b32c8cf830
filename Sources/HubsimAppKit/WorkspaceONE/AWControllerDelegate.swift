import Foundation

/// The Workspace ONE SDK's delegate (reference 004, "Shared Device Support"; the SDK's
/// "Required and Optional AWController Delegate Callback Methods"): the initial check is
/// required, the shared-device callbacks are optional, as in the SDK.
///
/// At the next foreground or cold start after a check-in or check-out the SDK calls them in this
/// order: ``controllerDidWipeCurrentUserData()``, ``controllerDidDetectUserChange()``, then (at a
/// cold start) ``controllerDidFinishInitialCheck(error:)``.
public protocol AWControllerDelegate: AnyObject {
    /// The cold start's initial check finished. On a Workspace ONE shared device that nobody has
    /// checked out, `error` is ``AWSDKError/sharedDeviceNotCheckedOut``
    /// (`error?.domain == AWSDKError.domain`).
    func controllerDidFinishInitialCheck(error: NSError?)
    /// The device was checked in since the app last ran: the SDK has already deleted its
    /// data-encryption key; delete the previous user's data.
    func controllerDidWipeCurrentUserData()
    /// Another user checked out since the app last ran.
    func controllerDidDetectUserChange()
}

public extension AWControllerDelegate {
    func controllerDidWipeCurrentUserData() {}
    func controllerDidDetectUserChange() {}
}
