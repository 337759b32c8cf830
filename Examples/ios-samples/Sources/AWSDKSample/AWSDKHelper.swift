import AWSDK

/// The SDK helper of the Workspace ONE SDK integration sample (`AWSDKHelper.swift` in
/// euc-releases/workspace-ONE-SDK-integration-samples, IntegrationGuideForiOS), written anew in
/// its style: one shared helper that sets the controller up and starts it once per launch, and
/// thin wrappers over the SDK's user and device information calls.
final class AWSDKHelper {
    static let shared = AWSDKHelper()
    lazy private var controller = AWController.clientInstance()

    private init() {}

    /// Sets the callback scheme and the delegate, then starts the SDK (once per launch).
    func initializeSDK() {
        controller.callbackScheme = "contososample"
        controller.delegate = self
        controller.start()
        AWLogVerbose("Starting Workspace ONE SDK")
    }

    /// A URL the app was opened with: the SDK's, if it continues the SDK's own flow.
    func handleOpenURL(_ openURL: URL, fromApplication: String?) -> Bool {
        if AWController.clientInstance().handleOpenURL(openURL, fromApplication: fromApplication) {
            AWLogInfo("Handed over open URL to AWController")
            return true
        }
        return false
    }
}

// MARK: User and device information

extension AWSDKHelper {
    func retrieveUserInfo(completion: @escaping (UserInformation?, NSError?) -> Void) {
        UserInformationController.sharedInstance.retrieveUserInfo(completionHandler: completion)
    }

    func fetchApplicationAssignmentStatus(completion: @escaping (AWSDK.ApplicationStatusInformation?, AWSDK.SharedDeviceInformation?, Error?) -> Void) {
        DeviceInformationController.sharedController.fetchApplicationAssignmentStatus(completion: completion)
    }
}

extension Notification.Name {
    /// Posted when the SDK has finished its start (its object: the initial check's error, if any).
    static let AWSDKInitialized = Notification.Name("AWSDKInitialized")
}
