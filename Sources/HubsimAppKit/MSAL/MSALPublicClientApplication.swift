import Foundation

/// MSAL's client application, speaking to hubsim's MSAL (`msal/…`). hubsim applies to these
/// calls the rules it applies to the catalogue's apps (single sign-on, keychain groups, the
/// broker: Docs/app-developers.md, "Single sign-on across your apps").
///
/// Before its first call it tells hubsim the app's configuration (`msal/configure`), so that
/// hubsim's single sign-on rules apply to the program as to a catalogue app.
///
/// This is HubsimAppKit's own shape: every completion block is called before the method
/// returns, on the calling thread, with the bridge that delivers events on that thread. Under
/// `import MSAL` the same name is MSAL's shape instead: escaping blocks, run after the method
/// returns on `completionBlockQueue` or the main queue.
public final class MSALPublicClientApplication: Sendable {
    public let configuration: MSALPublicClientApplicationConfig

    /// Throws nothing here; `throws` as in MSAL, so that `try` in the app's code compiles.
    public init(configuration: MSALPublicClientApplicationConfig) throws {
        self.configuration = configuration
    }

    /// The device's current account and the one before it (shared device mode), or the app's
    /// own sign-in (a personal device, where `previousAccount` is always nil).
    public func getCurrentAccount(with parameters: MSALParameters?, completionBlock: (MSALAccount?, MSALAccount?, (any Error)?) -> Void) {
        MSALCalls.configure(configuration)
        switch MSALCalls.currentAccount() {
        case .failure(let error): completionBlock(nil, nil, error)
        case .success(let accounts): completionBlock(accounts.current, accounts.previous, nil)
        }
    }

    /// Whether the device is in shared device mode.
    public func getDeviceInformation(with parameters: MSALParameters?, completionBlock: (MSALDeviceInformation?, (any Error)?) -> Void) {
        MSALCalls.configure(configuration)
        switch MSALCalls.deviceInformation() {
        case .failure(let error): completionBlock(nil, error)
        case .success(let information): completionBlock(information, nil)
        }
    }

    /// A token without a prompt; ``MSALError/interactionRequired`` when the person must sign in.
    public func acquireTokenSilent(with parameters: MSALSilentTokenParameters, completionBlock: (MSALResult?, (any Error)?) -> Void) {
        MSALCalls.configure(configuration)
        switch MSALCalls.token(interactive: false, scopes: parameters.scopes) {
        case .failure(let error): completionBlock(nil, error)
        case .success(let result): completionBlock(result, nil)
        }
    }

    /// A token after the person signs in at the prompt hubsim shows; the call returns when they
    /// finish or cancel it.
    public func acquireToken(with parameters: MSALInteractiveTokenParameters, completionBlock: (MSALResult?, (any Error)?) -> Void) {
        MSALCalls.configure(configuration)
        switch MSALCalls.token(interactive: true, scopes: parameters.scopes) {
        case .failure(let error): completionBlock(nil, error)
        case .success(let result): completionBlock(result, nil)
        }
    }

    /// Signs `account` out; in shared device mode with `signoutFromBrowser`, the whole device.
    public func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters, completionBlock: (Bool, (any Error)?) -> Void) {
        MSALCalls.configure(configuration)
        switch MSALCalls.signout(fromBrowser: signoutParameters.signoutFromBrowser) {
        case .failure(let error): completionBlock(false, error)
        case .success: completionBlock(true, nil)
        }
    }

    /// Removes `account` from the app's cache.
    public func remove(_ account: MSALAccount) throws {
        MSALCalls.configure(configuration)
        try MSALCalls.removeAccount().get()
    }

    /// The accounts in the app's cache: the current account, if any.
    public func allAccounts() throws -> [MSALAccount] {
        MSALCalls.configure(configuration)
        return try MSALCalls.allAccounts().get()
    }
}
