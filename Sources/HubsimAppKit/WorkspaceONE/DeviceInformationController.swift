import Foundation

/// What the Workspace ONE SDK knows of a shared device.
public struct SharedDeviceInformation: Equatable, Sendable {
    /// True on a Workspace ONE shared (staged) device.
    public var isDeviceStagingEnabled: Bool
    /// The user name of whoever has the device checked out; nil when it is checked in.
    public var checkedOutUser: String?
}

/// The Workspace ONE SDK's device information (`awcontroller/fetchApplicationAssignmentStatus`).
public final class DeviceInformationController: @unchecked Sendable {
    /// The controller of the bridge that delivers events on this thread.
    public static var sharedController: DeviceInformationController {
        HubsimBridge.current.deviceInformationController
    }

    unowned var bridge: HubsimBridge!

    init() {}

    /// Fetches whether the device is shared and who has it checked out. The completion is
    /// called before this method returns, on the calling thread.
    public func fetchApplicationAssignmentStatus(completion: (SharedDeviceInformation?, NSError?) -> Void) {
        let method = "awcontroller/fetchApplicationAssignmentStatus"
        switch bridge.call(method) {
        case .failure(let failure):
            completion(nil, AWSDKError.error(failure))
        case .success(let result):
            let information = result["sharedDeviceInformation"]
            guard let staging = information?["isDeviceStagingEnabled"]?.boolValue else {
                completion(nil, AWSDKError.error(.malformedResult(method: method)))
                return
            }
            // The checked-out user: a user name, or an object with one.
            let user = information?["checkedOutUser"]
            completion(SharedDeviceInformation(
                isDeviceStagingEnabled: staging,
                checkedOutUser: user?.stringValue ?? user?["userName"]?.stringValue
            ), nil)
        }
    }
}
