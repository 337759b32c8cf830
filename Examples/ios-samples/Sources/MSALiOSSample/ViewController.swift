import MSAL

/// The screen of Microsoft's MSAL iOS sample (`MSALiOS/ViewController.swift` in
/// Azure-Samples/ms-identity-mobile-apple-swift-objc), written anew in its style: MSAL set up
/// when the view loads, `getCurrentAccount` (with the previous account) when the view appears
/// and when the app comes to the foreground, the device mode asked once, a silent token for the
/// current account or else an interactive one, and a sign-out from the browser on a shared device.
///
/// What the sample keeps on screen is its logging text view, its user name label and its sign-out
/// button; here they are the pane's lines, and the Graph result the text view holds is an item
/// kept in memory (`protection: user`), named on screen while the text view shows it.
final class ViewController {
    let kClientID = "contoso-msal-sample"
    let kGraphEndpoint = "https://graph.microsoft.com/"
    let kAuthority = "https://login.microsoftonline.com/common"
    let kRedirectUri = "msauth.com.contoso.msal-sample://auth"
    let kScopes: [String] = ["user.read"]
    let kGraphResultKey = "graph-me"

    var accessToken = String()
    var applicationContext: MSALPublicClientApplication?
    var webViewParameters: MSALWebviewParameters?

    var loggingText = ""
    /// Whose Graph result the text view holds, if it holds one.
    var graphResultOwner: String?
    var usernameLabel = ""
    var signOutButtonEnabled = false

    var currentAccount: MSALAccount?
    var currentDeviceMode: MSALDeviceMode?

    func viewDidLoad() {
        do {
            try self.initMSAL()
        } catch let error {
            self.updateLogging(text: "Unable to create Application Context \(error)")
        }
        self.loadCurrentAccount()
        self.refreshDeviceMode()
        self.platformViewDidLoadSetup()
    }

    func platformViewDidLoadSetup() {
        _ = NotificationCenter.default.addObserver(forName: HubsimApplication.willEnterForegroundNotification, object: nil, queue: nil) { [weak self] notification in
            self?.appCameToForeGround(notification: notification)
        }
    }

    func viewWillAppear(_ animated: Bool) {
        self.loadCurrentAccount()
    }

    func appCameToForeGround(notification: Notification) {
        self.loadCurrentAccount()
    }
}

// MARK: Initialization

extension ViewController {
    func initMSAL() throws {
        guard let authorityURL = URL(string: kAuthority) else {
            self.updateLogging(text: "Unable to create authority URL")
            return
        }
        let authority = try MSALAADAuthority(url: authorityURL)
        let msalConfiguration = MSALPublicClientApplicationConfig(clientId: kClientID, redirectUri: kRedirectUri, authority: authority)
        self.applicationContext = try MSALPublicClientApplication(configuration: msalConfiguration)
        self.webViewParameters = MSALWebviewParameters(authPresentationViewController: self)
    }
}

// MARK: Shared device

extension ViewController {
    func refreshDeviceMode() {
        self.applicationContext?.getDeviceInformation(with: nil) { deviceInformation, error in
            guard let deviceInfo = deviceInformation else {
                self.updateLogging(text: "Device info not returned. Error: \(String(describing: error))")
                return
            }
            self.currentDeviceMode = deviceInfo.deviceMode
        }
    }
}
