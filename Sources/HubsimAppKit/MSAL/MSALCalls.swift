import Foundation

/// MSAL's calls to hubsim, each one round trip, shared by the two shapes of the client
/// application: HubsimAppKit's own (completion blocks called before the method returns) and the
/// `MSAL` module's (MSAL's: blocks queued on `completionBlockQueue` or the main queue).
@_spi(SDKModules) public enum MSALCalls {
    public static func currentAccount() -> Result<(current: MSALAccount?, previous: MSALAccount?), NSError> {
        HubsimBridge.current.call("msal/getCurrentAccount")
            .map { (MSALAccount.from($0["account"]), MSALAccount.from($0["previousAccount"])) }
            .mapError(MSALError.error)
    }

    public static func deviceInformation() -> Result<MSALDeviceInformation, NSError> {
        let method = "msal/getDeviceInformation"
        return HubsimBridge.current.call(method).mapError(MSALError.error).flatMap { result in
            switch result["deviceMode"]?.stringValue {
            case "shared": .success(MSALDeviceInformation(deviceMode: .shared))
            case "default": .success(MSALDeviceInformation(deviceMode: .default))
            default: .failure(MSALError.error(.malformedResult(method: method)))
            }
        }
    }

    /// `interactive`: `acquireToken` (the prompt), else `acquireTokenSilent`.
    public static func token(interactive: Bool, scopes: [String]) -> Result<MSALResult, NSError> {
        let method = interactive ? "msal/acquireToken" : "msal/acquireTokenSilent"
        return HubsimBridge.current.call(method).mapError(MSALError.error).flatMap { result in
            guard let accessToken = result["accessToken"]?.stringValue, let account = MSALAccount.from(result["account"]) else {
                return .failure(MSALError.error(.malformedResult(method: method)))
            }
            return .success(MSALResult(accessToken: accessToken, account: account, scopes: scopes))
        }
    }

    public static func signout(fromBrowser: Bool) -> Result<Void, NSError> {
        HubsimBridge.current.call("msal/signout", ["signoutFromBrowser": .bool(fromBrowser)]).map { _ in }.mapError(MSALError.error)
    }

    public static func removeAccount() -> Result<Void, NSError> {
        HubsimBridge.current.call("msal/removeAccount").map { _ in }.mapError(MSALError.error)
    }

    /// The accounts in the app's cache: the current account, if any (hubsim keeps one account per
    /// app, as an app in shared device mode has).
    public static func allAccounts() -> Result<[MSALAccount], NSError> {
        currentAccount().map { $0.current.map { [$0] } ?? [] }
    }

    /// Queues `block` where MSAL runs completion blocks: on `queue`, or the main queue.
    public static func complete(on queue: DispatchQueue?, _ block: @escaping () -> Void) {
        let bridge = HubsimBridge.current
        bridge.completions.deliver(on: queue ?? .main, bridge: bridge, block)
    }
}
