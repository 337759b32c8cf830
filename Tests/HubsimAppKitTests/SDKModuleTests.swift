import AWSDK
import Foundation
import MSAL
import Testing

/// The SDKs' module names: code written against `import MSAL` and `import AWSDK` compiles
/// unchanged, module-qualified names included, and the members a sample sets are accepted. (This
/// test target also imports HubsimAppKit itself, so MSAL's client application is named with its
/// module here; the sample apps in Examples/ios-samples import only the SDKs' modules.)
@Suite("import MSAL and import AWSDK")
struct SDKModuleTests {
    @Test func aSamplesMSALSetUpCompilesAndKeepsWhatItSet() throws {
        let authority = try MSALAADAuthority(url: URL(string: "https://login.microsoftonline.com/common")!)
        let configuration = MSAL.MSALPublicClientApplicationConfig(clientId: "contoso-frontline", redirectUri: "msauth.com.contoso.frontline://auth", authority: authority)
        configuration.cacheConfig.keychainSharingGroup = "com.contoso.frontline"
        let application = try MSAL.MSALPublicClientApplication(configuration: configuration)
        let webview = MSALWebviewParameters(authPresentationViewController: NSObject())
        let interactive = MSALInteractiveTokenParameters(scopes: ["user.read"], webviewParameters: webview)
        interactive.promptType = .selectAccount
        let parameters = MSALParameters()
        parameters.completionBlockQueue = DispatchQueue.main
        MSALGlobalConfig.loggerConfig.logLevel = .verbose
        MSALGlobalConfig.loggerConfig.setLogCallback { _, _, _ in }
        #expect(application.configuration.authority?.url.host == "login.microsoftonline.com")
        #expect(application.configuration.cacheConfig.keychainSharingGroup == "com.contoso.frontline")
        #expect(interactive.promptType == .selectAccount)
        #expect(parameters.completionBlockQueue?.label == DispatchQueue.main.label)
    }

    @Test func workspaceONENamesResolveThroughTheAWSDKModule() {
        let status: AWSDK.EnrollmentStatus = .enrolled
        let reason: AWSDK.NetworkActivityStatus = .ssidRestricted
        let information = AWSDK.SharedDeviceInformation(isDeviceStagingEnabled: true, checkedOutUser: "cou1")
        let user = AWSDK.UserInformation(userName: "cou1", groupID: "store-12", email: "cou1@contoso.example", firstName: "", lastName: "")
        #expect(status == .enrolled && reason == .ssidRestricted)
        #expect(information.sharedDeviceStatus == .checkedOut)
        #expect(information.userContextID == "cou1")
        #expect(AWSDK.SharedDeviceInformation(isDeviceStagingEnabled: true, checkedOutUser: nil).sharedDeviceStatus == .checkedIn)
        #expect(user.domain == "contoso.example")
        #expect(user.userIdentifier == "cou1")
    }
}
