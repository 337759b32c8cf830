import HubsimAppKit

// The app's entry point: the delegate, then the bridge's run loop until hubsim closes the pipe.
let store = StoreApp()
HubsimApplication.shared.delegate = store
HubsimBridge.run(name: "Store")
