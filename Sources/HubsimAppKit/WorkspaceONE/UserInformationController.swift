import Foundation

/// The end user the Workspace ONE SDK knows: on a shared device, whoever checked it out.
public struct UserInformation: Equatable, Sendable {
    public var userName: String
    public var groupID: String
    public var email: String
    public var firstName: String
    public var lastName: String
}

/// The Workspace ONE SDK's user information (`awcontroller/retrieveUserInfo`).
public final class UserInformationController: @unchecked Sendable {
    /// The controller of the bridge that delivers events on this thread.
    public static var sharedInstance: UserInformationController {
        HubsimBridge.current.userInformationController
    }

    unowned var bridge: HubsimBridge!

    init() {}

    /// Fetches the current end user. When nobody is checked out, the error is
    /// ``AWSDKError/sharedDeviceNotCheckedOut``. The completion handler is called before this
    /// method returns, on the calling thread.
    public func retrieveUserInfo(completionHandler: (UserInformation?, NSError?) -> Void) {
        let method = "awcontroller/retrieveUserInfo"
        switch bridge.call(method) {
        case .failure(let failure):
            completionHandler(nil, AWSDKError.error(failure))
        case .success(let result):
            guard let userName = result["userName"]?.stringValue else {
                completionHandler(nil, AWSDKError.error(.malformedResult(method: method)))
                return
            }
            completionHandler(UserInformation(
                userName: userName,
                groupID: result["groupID"]?.stringValue ?? "",
                email: result["email"]?.stringValue ?? "",
                firstName: result["firstName"]?.stringValue ?? "",
                lastName: result["lastName"]?.stringValue ?? ""
            ), nil)
        }
    }
}
