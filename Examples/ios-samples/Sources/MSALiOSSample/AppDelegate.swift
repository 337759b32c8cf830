import MSAL

/// UIKit's part, played for the sample: the view loads and appears when the app launches, and the
/// person taps "Call Microsoft Graph API" once the first account check is done (the sample does
/// nothing with a token until a tap; hubsim cannot tap, so the port taps once, at launch).
final class AppDelegate: HubsimApplicationDelegate {
    let viewController = ViewController()

    func applicationDidFinishLaunching(_ application: HubsimApplication) {
        viewController.viewDidLoad()
        viewController.viewWillAppear(false)
        DispatchQueue.main.async {
            self.viewController.callGraphAPI()
        }
    }
}
