import Foundation

/// MSAL's client application, speaking to hubsim's MSAL (`msal/…`). hubsim applies to these
/// calls the rules it applies to the catalogue's apps (single sign-on, keychain groups, the
/// broker: Docs/app-developers.md, "Single sign-on across your apps"). Every completion block
/// is called before the method returns, on the calling thread, with the bridge that delivers
/// events on that thread.
public final class MSALPublicClientApplication: @unchecked Sendable {
    public let configuration: MSALPublicClientApplicationConfig

    /// Throws nothing here; `throws` as in MSAL, so that `try` in the app's code compiles.
    public init(configuration: MSALPublicClientApplicationConfig) throws {
        self.configuration = configuration
    }

    /// The device's current account and the one before it (shared device mode), or the app's
    /// own sign-in (a personal device, where `previousAccount` is always nil).
    public func getCurrentAccount(with parameters: MSALParameters?, completionBlock: (MSALAccount?, MSALAccount?, (any Error)?) -> Void) {
        switch HubsimBridge.current.call("msal/getCurrentAccount") {
        case .failure(let failure):
            completionBlock(nil, nil, MSALError.error(failure))
        case .success(let result):
            completionBlock(MSALAccount.from(result["account"]), MSALAccount.from(result["previousAccount"]), nil)
        }
    }

    /// Whether the device is in shared device mode.
    public func getDeviceInformation(with parameters: MSALParameters?, completionBlock: (MSALDeviceInformation?, (any Error)?) -> Void) {
        let method = "msal/getDeviceInformation"
        switch HubsimBridge.current.call(method) {
        case .failure(let failure):
            completionBlock(nil, MSALError.error(failure))
        case .success(let result):
            switch result["deviceMode"]?.stringValue {
            case "shared": completionBlock(MSALDeviceInformation(deviceMode: .shared), nil)
            case "default": completionBlock(MSALDeviceInformation(deviceMode: .default), nil)
            default: completionBlock(nil, MSALError.error(.malformedResult(method: method)))
            }
        }
    }

    /// A token without a prompt; ``MSALError/interactionRequired`` when the person must sign in.
    public func acquireTokenSilent(with parameters: MSALSilentTokenParameters, completionBlock: (MSALResult?, (any Error)?) -> Void) {
        token("msal/acquireTokenSilent", scopes: parameters.scopes, completionBlock: completionBlock)
    }

    /// A token after the person signs in at the prompt hubsim shows; the call returns when they
    /// finish or cancel it.
    public func acquireToken(with parameters: MSALInteractiveTokenParameters, completionBlock: (MSALResult?, (any Error)?) -> Void) {
        token("msal/acquireToken", scopes: parameters.scopes, completionBlock: completionBlock)
    }

    /// Signs `account` out; in shared device mode with `signoutFromBrowser`, the whole device.
    public func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters, completionBlock: (Bool, (any Error)?) -> Void) {
        switch HubsimBridge.current.call("msal/signout", ["signoutFromBrowser": .bool(signoutParameters.signoutFromBrowser)]) {
        case .failure(let failure): completionBlock(false, MSALError.error(failure))
        case .success: completionBlock(true, nil)
        }
    }

    /// Removes `account` from the app's cache.
    public func remove(_ account: MSALAccount) throws {
        if case .failure(let failure) = HubsimBridge.current.call("msal/removeAccount") {
            throw MSALError.error(failure)
        }
    }

    private func token(_ method: String, scopes: [String], completionBlock: (MSALResult?, (any Error)?) -> Void) {
        switch HubsimBridge.current.call(method) {
        case .failure(let failure):
            completionBlock(nil, MSALError.error(failure))
        case .success(let result):
            guard let accessToken = result["accessToken"]?.stringValue, let account = MSALAccount.from(result["account"]) else {
                completionBlock(nil, MSALError.error(.malformedResult(method: method)))
                return
            }
            completionBlock(MSALResult(accessToken: accessToken, account: account, scopes: scopes), nil)
        }
    }
}
