import Foundation

/// The Workspace ONE SDK's delegate (reference 004, "Shared Device Support"; the SDK's
/// "Required and Optional AWController Delegate Callback Methods"): the initial check is
/// required, every other method is optional, as in the SDK.
///
/// At the next foreground or cold start after a check-in or check-out the SDK calls them in this
/// order: ``controllerDidWipeCurrentUserData()``, ``controllerDidDetectUserChange()``, then (at a
/// cold start) ``controllerDidFinishInitialCheck(error:)``, after which the SDK hands over the
/// app's profile (``controllerDidReceive(profiles:)``) and the enrollment status
/// (``controllerDidReceive(enrollmentStatus:)``). At the device's inactivity lock a running app
/// hears ``controllerWillPromptForPasscode()`` then ``controllerDidLockDataAccess()``, and after
/// the unlock ``controllerDidUnlockDataAccess()`` (a suspended app misses them). hubsim models no
/// network policy, so it never calls the network methods; they are here so that a delegate
/// written for the SDK compiles unchanged.
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
    /// The app's SDK profiles, after the initial check (hubsim's: one profile with no payloads).
    func controllerDidReceive(profiles: [Profile])
    /// The device's enrollment status, after the initial check (on hubsim's device, `.enrolled`).
    func controllerDidReceive(enrollmentStatus: EnrollmentStatus)
    /// The SDK locked the app's data behind its passcode (the device's inactivity lock).
    func controllerDidLockDataAccess()
    /// The SDK is about to show its passcode prompt (the device's inactivity lock, before the lock).
    func controllerWillPromptForPasscode()
    /// The person unlocked the SDK's passcode prompt (the device's unlock).
    func controllerDidUnlockDataAccess()
    /// The administrator's network policy forbids network use now (not called by hubsim).
    func applicationShouldStopNetworkActivity(reason: NetworkActivityStatus)
    /// The network policy allows network use again (not called by hubsim).
    func applicationCanResumeNetworkActivity()
}

public extension AWControllerDelegate {
    func controllerDidWipeCurrentUserData() {}
    func controllerDidDetectUserChange() {}
    func controllerDidReceive(profiles: [Profile]) {}
    func controllerDidReceive(enrollmentStatus: EnrollmentStatus) {}
    func controllerDidLockDataAccess() {}
    func controllerWillPromptForPasscode() {}
    func controllerDidUnlockDataAccess() {}
    func applicationShouldStopNetworkActivity(reason: NetworkActivityStatus) {}
    func applicationCanResumeNetworkActivity() {}
}

/// The device's enrollment with the console, as the SDK reports it.
public enum EnrollmentStatus: Sendable, CaseIterable {
    case deviceNotFound
    case discovered, registered, enrollmentInProgress
    case enrolled
    case enterpriseWipePending, deviceWipePending, retired, unenrolled
    /// The network is not reachable, or the console's answer could not be read.
    case unknown
}

/// Why the SDK asks the app to stop using the network.
public enum NetworkActivityStatus: Sendable, CaseIterable {
    /// The device is offline and the administrator forbids offline use.
    case networkNotReachable
    /// The device is on a Wi-Fi network the administrator did not allow.
    case ssidRestricted
}

/// An SDK profile the console assigns to the app. hubsim's has a name and no payloads (no custom
/// settings, restrictions or branding).
public struct Profile: Equatable, Sendable, CustomStringConvertible {
    public var name: String

    public var description: String { "Profile(\(name))" }
}
