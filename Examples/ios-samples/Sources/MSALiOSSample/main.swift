import MSAL

// The app's entry point, as UIApplicationMain would be: the delegate, then the run loop (which
// runs the main queue, as UIKit's does) until hubsim closes the pipe.
let appDelegate = AppDelegate()
HubsimApplication.shared.delegate = appDelegate
HubsimBridge.run(name: "MSAL iOS sample")
