import BridgeProtocol
import Foundation

/// Whether the device is checked out (the Workspace ONE SDK's shared device status; the Android
/// SDK's `getcheckoutStatus` gives the same three: checked out, checked in, not known).
public enum SharedDeviceStatus: Int, Sendable {
    case checkedOut = 0
    case checkedIn = 1
    case unknown = -1
}

/// What the Workspace ONE SDK knows of a shared device.
public struct SharedDeviceInformation: Equatable, Sendable {
    /// True on a Workspace ONE shared (staged) device.
    public var isDeviceStagingEnabled: Bool
    /// Checked out or in; `.unknown` on a device that is not shared.
    public var sharedDeviceStatus: SharedDeviceStatus
    /// Who the device's session belongs to: hubsim's user names are unique, so it is the user
    /// name of whoever has the device checked out; nil when it is checked in.
    public var userContextID: String?

    /// The user name of whoever has the device checked out; nil when it is checked in
    /// (hubsim's own name, kept beside ``userContextID``).
    public var checkedOutUser: String? { userContextID }

    public init(isDeviceStagingEnabled: Bool, sharedDeviceStatus: SharedDeviceStatus, userContextID: String?) {
        self.isDeviceStagingEnabled = isDeviceStagingEnabled
        self.sharedDeviceStatus = sharedDeviceStatus
        self.userContextID = userContextID
    }

    /// hubsim's older initializer.
    public init(isDeviceStagingEnabled: Bool, checkedOutUser: String?) {
        self.init(
            isDeviceStagingEnabled: isDeviceStagingEnabled,
            sharedDeviceStatus: !isDeviceStagingEnabled ? .unknown : checkedOutUser == nil ? .checkedIn : .checkedOut,
            userContextID: checkedOutUser
        )
    }
}

/// What the Workspace ONE SDK knows of the app and the device's enrollment. hubsim runs only apps
/// the device has (the catalogue's, or the ones named on the command line) on an enrolled,
/// managed device, so these are constant there.
public struct ApplicationStatusInformation: Equatable, Sendable {
    /// The device's enrollment (`.enrolled` on hubsim's device).
    public var enrollmentStatus: EnrollmentStatus
    /// Whether the console supports the app (true).
    public var isAppSupported: Bool
    /// Whether the device is managed (true).
    public var isDeviceManaged: Bool
    /// The console's version: hubsim's console is `"hubsim"`.
    public var consoleVersion: String

    public init(enrollmentStatus: EnrollmentStatus, isAppSupported: Bool, isDeviceManaged: Bool, consoleVersion: String) {
        self.enrollmentStatus = enrollmentStatus
        self.isAppSupported = isAppSupported
        self.isDeviceManaged = isDeviceManaged
        self.consoleVersion = consoleVersion
    }

    /// hubsim's device: enrolled and managed, the app supported.
    static let hubsim = ApplicationStatusInformation(enrollmentStatus: .enrolled, isAppSupported: true, isDeviceManaged: true, consoleVersion: "hubsim")
}

/// The Workspace ONE SDK's device information (`awcontroller/fetchApplicationAssignmentStatus`).
public final class DeviceInformationController: Sendable {
    /// The controller of the bridge that delivers events on this thread.
    public static var sharedController: DeviceInformationController {
        HubsimBridge.current.deviceInformationController
    }

    let bridgeLink = BridgeLink()
    var bridge: HubsimBridge { bridgeLink.bridge }

    init() {}

    /// Fetches the app's assignment and whether the device is shared and who has it checked
    /// out, the SDK's shape. The completion is called before this method returns, on the
    /// calling thread.
    public func fetchApplicationAssignmentStatus(completion: (ApplicationStatusInformation?, SharedDeviceInformation?, (any Error)?) -> Void) {
        switch fetch() {
        case .failure(let error): completion(nil, nil, error)
        case .success(let information): completion(.hubsim, information, nil)
        }
    }

    /// hubsim's older two-argument shape of the same call.
    public func fetchApplicationAssignmentStatus(completion: (SharedDeviceInformation?, NSError?) -> Void) {
        switch fetch() {
        case .failure(let error): completion(nil, error)
        case .success(let information): completion(information, nil)
        }
    }

    private func fetch() -> Result<SharedDeviceInformation, NSError> {
        let method = BridgeMethod.fetchApplicationAssignmentStatus
        switch bridge.call(method) {
        case .failure(let failure):
            return .failure(AWSDKError.error(failure))
        case .success(let result):
            let information = result["sharedDeviceInformation"]
            guard let staging = information?["isDeviceStagingEnabled"]?.boolValue else {
                return .failure(AWSDKError.error(.malformedResult(method: method.name)))
            }
            // The checked-out user: a user name, or an object with one.
            let user = information?["checkedOutUser"]
            return .success(SharedDeviceInformation(isDeviceStagingEnabled: staging, checkedOutUser: user?.stringValue ?? user?["userName"]?.stringValue))
        }
    }
}
