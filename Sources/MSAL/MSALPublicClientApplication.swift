import Foundation
@_spi(SDKModules) import HubsimAppKit

/// MSAL's client application in MSAL's own shape: completion blocks are escaping and run after
/// the method has returned, on the parameters' `completionBlockQueue`, or the main queue when
/// there are no parameters or no queue is set (MSAL for iOS and macOS, `MSALParameters`). The
/// call reaches hubsim before the method returns; the bridge's run loop answers the event that
/// led to it only once the block, and whatever it queued on the main queue, has run.
///
/// Before its first call it tells hubsim the app's configuration (`msal/configure`: client ID,
/// redirect URI, keychain sharing group, `MSALGlobalConfig.brokerAvailability`), so that hubsim's
/// single sign-on rules apply to the program as to a catalogue app.
///
/// Under `import MSAL` this class shadows HubsimAppKit's class of the same name (whose blocks run
/// before the method returns), so code written for MSAL behaves as it does with MSAL.
public final class MSALPublicClientApplication: Sendable {
    public let configuration: MSALPublicClientApplicationConfig

    /// Throws nothing here; `throws` as in MSAL, so that `try` in the app's code compiles.
    public init(configuration: MSALPublicClientApplicationConfig) throws {
        self.configuration = configuration
    }

    /// The device's current account and the one before it (shared device mode), or the app's
    /// own sign-in (a personal device, where `previousAccount` is always nil).
    public func getCurrentAccount(with parameters: MSALParameters?, completionBlock: @escaping (MSALAccount?, MSALAccount?, (any Error)?) -> Void) {
        MSALCalls.configure(configuration)
        let outcome = MSALCalls.currentAccount()
        MSALCalls.complete(on: parameters?.completionBlockQueue) {
            switch outcome {
            case .failure(let error): completionBlock(nil, nil, error)
            case .success(let accounts): completionBlock(accounts.current, accounts.previous, nil)
            }
        }
    }

    /// Whether the device is in shared device mode.
    public func getDeviceInformation(with parameters: MSALParameters?, completionBlock: @escaping (MSALDeviceInformation?, (any Error)?) -> Void) {
        MSALCalls.configure(configuration)
        let outcome = MSALCalls.deviceInformation()
        MSALCalls.complete(on: parameters?.completionBlockQueue) {
            switch outcome {
            case .failure(let error): completionBlock(nil, error)
            case .success(let information): completionBlock(information, nil)
            }
        }
    }

    /// A token without a prompt; `MSALError.interactionRequired` when the person must sign in.
    public func acquireTokenSilent(with parameters: MSALSilentTokenParameters, completionBlock: @escaping (MSALResult?, (any Error)?) -> Void) {
        token(interactive: false, parameters, completionBlock)
    }

    /// A token after the person signs in at the prompt hubsim shows in the app's pane.
    public func acquireToken(with parameters: MSALInteractiveTokenParameters, completionBlock: @escaping (MSALResult?, (any Error)?) -> Void) {
        token(interactive: true, parameters, completionBlock)
    }

    /// Signs `account` out; in shared device mode with `signoutFromBrowser`, the whole device.
    public func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters, completionBlock: @escaping (Bool, (any Error)?) -> Void) {
        MSALCalls.configure(configuration)
        let outcome = MSALCalls.signout(fromBrowser: signoutParameters.signoutFromBrowser)
        MSALCalls.complete(on: signoutParameters.completionBlockQueue) {
            switch outcome {
            case .failure(let error): completionBlock(false, error)
            case .success: completionBlock(true, nil)
            }
        }
    }

    /// Removes `account` from the app's cache (synchronous in MSAL too).
    public func remove(_ account: MSALAccount) throws {
        MSALCalls.configure(configuration)
        try MSALCalls.removeAccount().get()
    }

    /// The accounts in the app's cache: the current account, if any (synchronous in MSAL too).
    public func allAccounts() throws -> [MSALAccount] {
        MSALCalls.configure(configuration)
        return try MSALCalls.allAccounts().get()
    }

    private func token(interactive: Bool, _ parameters: MSALTokenParameters, _ completionBlock: @escaping (MSALResult?, (any Error)?) -> Void) {
        MSALCalls.configure(configuration)
        let outcome = MSALCalls.token(interactive: interactive, scopes: parameters.scopes)
        MSALCalls.complete(on: parameters.completionBlockQueue) {
            switch outcome {
            case .failure(let error): completionBlock(nil, error)
            case .success(let result): completionBlock(result, nil)
            }
        }
    }
}
