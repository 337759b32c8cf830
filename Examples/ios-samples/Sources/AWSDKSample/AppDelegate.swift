import AWSDK

/// UIKit's part, played for the sample: the SDK starts when the app launches, and once the SDK
/// says it is up the person opens "General Information" (hubsim cannot tap, so the port opens it
/// then, once per launch).
final class AppDelegate: HubsimApplicationDelegate {
    private var generalInformation: GeneralInformationScreen?
    private var initialized: NSObjectProtocol?

    func applicationDidFinishLaunching(_ application: HubsimApplication) {
        initialized = NotificationCenter.default.addObserver(forName: .AWSDKInitialized, object: nil, queue: nil) { [weak self] _ in
            guard let self, self.generalInformation == nil else { return }
            let screen = GeneralInformationScreen()
            self.generalInformation = screen
            screen.viewDidLoad()
        }
        AWSDKHelper.shared.initializeSDK()
    }
}
