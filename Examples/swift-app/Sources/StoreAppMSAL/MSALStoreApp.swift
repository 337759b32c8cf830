import Foundation
import HubsimAppKit

/// The store app in Microsoft Entra shared device mode, done as Microsoft's "Shared device mode
/// for iOS devices" asks: it listens for `SHARED_MODE_CURRENT_ACCOUNT_CHANGED` and asks
/// `getCurrentAccount` whenever it comes to the front, and keeps only the current account's
/// orders, under the SDK's key.
final class MSALStoreApp: HubsimApplicationDelegate {
    static let ordersKey = "orders"

    private let msal: MSALPublicClientApplication
    /// Whose orders the app holds now.
    private var shownUser: String?

    init() throws {
        msal = try MSALPublicClientApplication(configuration: MSALPublicClientApplicationConfig(clientId: "contoso-store"))
    }

    func applicationDidFinishLaunching(_ application: HubsimApplication) {
        DarwinNotificationCenter.shared.addObserver(forName: DarwinNotificationCenter.sharedModeCurrentAccountChanged) { [weak self] _ in
            self?.followCurrentAccount()
        }
    }

    /// At launch and at every return to the front: the account may have changed while the app
    /// was not listening (suspended, or without background capability).
    func applicationDidBecomeActive(_ application: HubsimApplication) {
        followCurrentAccount()
    }

    private func followCurrentAccount() {
        msal.getCurrentAccount(with: nil) { current, _, error in
            if let error {
                HubsimBridge.current.log("store: getCurrentAccount: \(error.localizedDescription)")
            }
            let user = current?.username
            guard user != shownUser || user == nil else { return }
            let application = HubsimApplication.shared
            do {
                try application.storage.delete(key: Self.ordersKey)
                shownUser = user
                guard let user else {
                    try application.screen.show(user: nil, items: [])
                    return
                }
                let orders = "3 orders of \(user)"
                try application.storage.put(key: Self.ordersKey, owner: user, protection: .sdk, text: orders)
                try application.screen.show(user: user, items: [Self.ordersKey], lines: [orders])
            } catch {
                HubsimBridge.current.log("store: \(error.localizedDescription)")
            }
        }
    }
}
