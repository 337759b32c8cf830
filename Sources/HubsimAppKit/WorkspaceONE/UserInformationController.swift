import BridgeProtocol
import Foundation

/// The end user the Workspace ONE SDK knows: on a shared device, whoever checked it out.
public struct UserInformation: Equatable, Sendable {
    public var userName: String
    public var groupID: String
    public var email: String
    public var firstName: String
    public var lastName: String
    /// The user's directory domain: hubsim's, the part of the email address after `@` unless
    /// hubsim names one.
    public var domain: String
    /// The console's identifier of the user; hubsim's user names are unique, so it is the user
    /// name unless hubsim names one.
    public var userIdentifier: String

    public init(userName: String, groupID: String, email: String, firstName: String, lastName: String, domain: String? = nil, userIdentifier: String? = nil) {
        self.userName = userName
        self.groupID = groupID
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.domain = domain ?? email.split(separator: "@", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        self.userIdentifier = userIdentifier ?? userName
    }
}

/// The Workspace ONE SDK's user information (`awcontroller/retrieveUserInfo`).
public final class UserInformationController: Sendable {
    /// The controller of the bridge that delivers events on this thread.
    public static var sharedInstance: UserInformationController {
        HubsimBridge.current.userInformationController
    }

    let bridgeLink = BridgeLink()
    var bridge: HubsimBridge { bridgeLink.bridge }

    init() {}

    /// Fetches the current end user. When nobody is checked out, the error is
    /// ``AWSDKError/sharedDeviceNotCheckedOut``. The completion handler is called before this
    /// method returns, on the calling thread.
    public func retrieveUserInfo(completionHandler: (UserInformation?, NSError?) -> Void) {
        let method = BridgeMethod.retrieveUserInfo
        switch bridge.call(method) {
        case .failure(let failure):
            completionHandler(nil, AWSDKError.error(failure))
        case .success(let result):
            guard let userName = result["userName"]?.stringValue else {
                completionHandler(nil, AWSDKError.error(.malformedResult(method: method.name)))
                return
            }
            completionHandler(UserInformation(
                userName: userName,
                groupID: result["groupID"]?.stringValue ?? "",
                email: result["email"]?.stringValue ?? "",
                firstName: result["firstName"]?.stringValue ?? "",
                lastName: result["lastName"]?.stringValue ?? "",
                domain: result["domain"]?.stringValue,
                userIdentifier: result["userIdentifier"]?.stringValue
            ), nil)
        }
    }
}
