import BridgeProtocol
import Foundation
import Synchronization

/// MSAL's calls to hubsim, each one round trip, shared by the two shapes of the client
/// application: HubsimAppKit's own (completion blocks called before the method returns) and the
/// `MSAL` module's (MSAL's: blocks queued on `completionBlockQueue` or the main queue).
@_spi(SDKModules) public enum MSALCalls {
    /// Tells hubsim the app's MSAL configuration (`msal/configure`) before the first call made
    /// with it on this bridge, so that hubsim's single sign-on rules (client ID, redirect URI,
    /// keychain group, broker) apply to the program as to a catalogue app. A hubsim that does not
    /// know the method is told once and not again.
    public static func configure(_ configuration: MSALPublicClientApplicationConfig) {
        let bridge = HubsimBridge.current
        let params: JSONValue = [
            "clientId": .string(configuration.clientId),
            "redirectUri": .optionalString(configuration.redirectUri),
            "keychainSharingGroup": .string(configuration.cacheConfig.keychainSharingGroup),
            "broker": .bool(MSALGlobalConfig.brokerAvailability == .auto),
        ]
        guard bridge.msalConfigurations.shouldSend(params.line()) else { return }
        if case .failure(let failure) = bridge.call(.configure, params) {
            if failure.code == HubsimBridgeError.Code.methodNotFound { bridge.msalConfigurations.stop() }
            bridge.log("MSAL: hubsim did not take the app's configuration: \(failure.localizedDescription)")
        }
    }

    public static func currentAccount() -> Result<(current: MSALAccount?, previous: MSALAccount?), NSError> {
        HubsimBridge.current.call(.getCurrentAccount)
            .map { (MSALAccount.from($0["account"]), MSALAccount.from($0["previousAccount"])) }
            .mapError(MSALError.error)
    }

    public static func deviceInformation() -> Result<MSALDeviceInformation, NSError> {
        let method = BridgeMethod.getDeviceInformation
        return HubsimBridge.current.call(method).mapError(MSALError.error).flatMap { result in
            switch result["deviceMode"]?.stringValue {
            case "shared": .success(MSALDeviceInformation(deviceMode: .shared))
            case "default": .success(MSALDeviceInformation(deviceMode: .default))
            default: .failure(MSALError.error(.malformedResult(method: method.name)))
            }
        }
    }

    /// `interactive`: `acquireToken` (the prompt), else `acquireTokenSilent`.
    public static func token(interactive: Bool, scopes: [String]) -> Result<MSALResult, NSError> {
        let method = interactive ? BridgeMethod.acquireToken : .acquireTokenSilent
        return HubsimBridge.current.call(method).mapError(MSALError.error).flatMap { result in
            guard let accessToken = result["accessToken"]?.stringValue, let account = MSALAccount.from(result["account"]) else {
                return .failure(MSALError.error(.malformedResult(method: method.name)))
            }
            return .success(MSALResult(accessToken: accessToken, account: account, scopes: scopes))
        }
    }

    public static func signout(fromBrowser: Bool) -> Result<Void, NSError> {
        HubsimBridge.current.call(.signout, ["signoutFromBrowser": .bool(fromBrowser)]).map { _ in }.mapError(MSALError.error)
    }

    public static func removeAccount() -> Result<Void, NSError> {
        HubsimBridge.current.call(.removeAccount).map { _ in }.mapError(MSALError.error)
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

/// The MSAL configurations a bridge has told hubsim (`msal/configure`), each once.
final class SentMSALConfigurations: Sendable {
    private struct Sent {
        var configurations: Set<Data> = []
        var stopped = false
    }
    private let sent = Mutex(Sent())

    /// True the first time `configuration` is seen, unless hubsim does not know the method.
    func shouldSend(_ configuration: Data) -> Bool {
        sent.withLock { !$0.stopped && $0.configurations.insert(configuration).inserted }
    }

    /// hubsim does not know `msal/configure`: send it no more.
    func stop() {
        sent.withLock { $0.stopped = true }
    }
}
