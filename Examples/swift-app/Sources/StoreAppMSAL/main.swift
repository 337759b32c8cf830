import HubsimAppKit

// The app's entry point: the delegate, then the bridge's run loop until hubsim closes the pipe.
do {
    let store = try MSALStoreApp()
    HubsimApplication.shared.delegate = store
    HubsimBridge.run(name: "Store (MSAL)")
} catch {
    HubsimBridge.current.log("store: MSAL did not start: \(error)")
}
