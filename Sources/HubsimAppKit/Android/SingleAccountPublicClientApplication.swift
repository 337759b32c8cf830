import BridgeProtocol
import Foundation

/// MSAL for Android's configuration of a single-account app (its `auth_config.json`): the client
/// ID and the `redirect_uri`, `msauth://<package name>/<URL-encoded signature hash>`.
public final class PublicClientApplicationConfiguration: Sendable {
    public let clientId: String
    public let redirectUri: String?

    public init(clientId: String, redirectUri: String? = nil) {
        self.clientId = clientId
        self.redirectUri = redirectUri
    }
}

/// An account MSAL for Android hands out (its `IAccount`).
public final class IAccount: Equatable, Sendable {
    /// The account's user name (its UPN).
    public let username: String

    init(username: String) {
        self.username = username
    }

    static func from(_ value: JSONValue?) -> IAccount? {
        value?["username"]?.stringValue.map(IAccount.init(username:))
    }

    public static func == (lhs: IAccount, rhs: IAccount) -> Bool { lhs.username == rhs.username }
}

/// A failed MSAL for Android call (its `MsalException`): the bridge's error, whose description
/// is the one line the pane shows.
public struct MsalException: Error, Sendable, Equatable {
    public let failure: HubsimBridgeError
    public var message: String { failure.localizedDescription }
}

/// `ISingleAccountPublicClientApplication.CurrentAccountCallback`.
public protocol CurrentAccountCallback: AnyObject {
    /// The account is the one MSAL had for the app (nil: nobody, as before).
    func onAccountLoaded(_ activeAccount: IAccount?)
    /// The account changed since MSAL last loaded one for the app: clear the prior user's data.
    func onAccountChanged(priorAccount: IAccount?, currentAccount: IAccount?)
    func onError(_ exception: MsalException)
}

/// `ISingleAccountPublicClientApplication.SignOutCallback`.
public protocol SignOutCallback: AnyObject {
    func onSignOut()
    func onError(_ exception: MsalException)
}

/// MSAL for Android's single-account client application in shared device mode, speaking to
/// hubsim's MSAL (`msal/…`). As the other stand-ins, every callback is called before the method
/// returns, on the calling thread (Microsoft Learn, "Tutorial: Use shared-device mode in your
/// Android application": call ``getCurrentAccountAsync(_:)`` in `onResume`, and clear the prior
/// user's data in `onAccountChanged`).
public final class SingleAccountPublicClientApplication: Sendable {
    public let configuration: PublicClientApplicationConfiguration

    /// As `PublicClientApplication.createSingleAccountPublicClientApplication`; throws nothing
    /// here, `throws` so that `try` in the app's code compiles.
    public init(configuration: PublicClientApplicationConfiguration) throws {
        self.configuration = configuration
    }

    /// The broker's account against the one MSAL kept for the app: `onAccountLoaded` when they
    /// are the same, else `onAccountChanged(prior, current)`.
    public func getCurrentAccountAsync(_ callback: any CurrentAccountCallback) {
        let method = BridgeMethod.getCurrentAccountAsync
        switch HubsimBridge.current.call(method) {
        case .failure(let failure):
            callback.onError(MsalException(failure: failure))
        case .success(let result):
            switch result["callback"]?.stringValue {
            case "onAccountLoaded":
                callback.onAccountLoaded(IAccount.from(result["activeAccount"]))
            case "onAccountChanged":
                callback.onAccountChanged(priorAccount: IAccount.from(result["priorAccount"]), currentAccount: IAccount.from(result["currentAccount"]))
            default:
                callback.onError(MsalException(failure: .malformedResult(method: method.name)))
            }
        }
    }

    /// Whether the device is in shared device mode, as this process read it when it started:
    /// stale until the app is recreated (MSAL for Android's issue thread "MSFT apps do not get
    /// SDM state updates"). false when hubsim refuses the call.
    public func isSharedDevice() -> Bool {
        let bridge = HubsimBridge.current
        switch bridge.call(.isSharedDevice) {
        case .failure(let failure):
            bridge.log("isSharedDevice: \(failure.localizedDescription)")
            return false
        case .success(let result):
            return result["isSharedDevice"]?.boolValue ?? false
        }
    }

    /// Signs the account out; in shared device mode, of every shared-mode app on the device.
    public func signOut(_ callback: any SignOutCallback) {
        switch HubsimBridge.current.call(.signOut) {
        case .failure(let failure): callback.onError(MsalException(failure: failure))
        case .success: callback.onSignOut()
        }
    }
}
