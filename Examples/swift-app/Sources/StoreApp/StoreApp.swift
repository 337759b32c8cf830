import Foundation
import HubsimAppKit

/// A store app on a Workspace ONE shared device, done as the Workspace ONE SDK's shared-device
/// documentation asks: it shows the checked-out user's orders, kept under the SDK's key, and
/// deletes them when the SDK says the device was checked in.
final class StoreApp: HubsimApplicationDelegate, AWControllerDelegate {
    /// The one item this app keeps: the current user's orders.
    static let ordersKey = "orders"

    private var storage: AppStorage { HubsimApplication.shared.storage }
    private var screen: AppScreen { HubsimApplication.shared.screen }
    /// Whose orders are on the screen (nil: nobody's).
    private var shownUser: String?

    // MARK: The app's lifecycle

    func applicationDidFinishLaunching(_ application: HubsimApplication) {
        if let sdk = application.launchInformation?.sdk, sdk != "workspace-one" {
            log("StoreApp integrates the Workspace ONE SDK; hubsim runs it with sdk \(sdk)")
        }
        let controller = AWController.clientInstance()
        controller.delegate = self
        controller.callbackScheme = "store"
        controller.start()
    }

    /// Back in front: the SDK's callbacks come after this, so until they do the screen would
    /// still show the previous user's orders to whoever holds the device. Ask who has it now and
    /// show nothing when it is nobody or somebody else (Docs/bridge-protocol.md, "Workspace ONE:
    /// who has the device at foreground").
    func applicationWillEnterForeground(_ application: HubsimApplication) {
        guard let shown = shownUser else { return }
        UserInformationController.sharedInstance.retrieveUserInfo { information, _ in
            guard information?.userName != shown else { return }
            do {
                try screen.show(user: nil, items: [])
                shownUser = nil
            } catch {
                log("could not clear the screen: \(error.localizedDescription)")
            }
        }
    }

    // MARK: The Workspace ONE SDK's callbacks, in the order it makes them

    /// Checked in since the app last ran: the previous user's orders go, and so does the screen.
    func controllerDidWipeCurrentUserData() {
        forgetOrders()
    }

    /// Someone else checked out since the app last ran: the previous user's orders go, the new
    /// user's come.
    func controllerDidDetectUserChange() {
        forgetOrders()
        showOrdersOfCheckedOutUser()
    }

    /// The cold start's check: nobody checked out means nobody's orders.
    func controllerDidFinishInitialCheck(error: NSError?) {
        if let error {
            log("initial check: \(error.localizedDescription)")
            forgetOrders()
            return
        }
        showOrdersOfCheckedOutUser()
    }

    // MARK: The store

    private func showOrdersOfCheckedOutUser() {
        UserInformationController.sharedInstance.retrieveUserInfo { information, error in
            guard let information else {
                log("no user: \(error?.localizedDescription ?? "unknown")")
                forgetOrders()
                return
            }
            do {
                let orders = Self.orders(of: information.userName)
                // Under the SDK's key: gone for good when the device is checked in.
                try storage.put(key: Self.ordersKey, owner: information.userName, protection: .sdk, text: orders)
                try screen.show(user: information.userName, items: [Self.ordersKey], lines: [orders])
                shownUser = information.userName
            } catch {
                log("could not keep \(information.userName)'s orders: \(error.localizedDescription)")
            }
        }
    }

    private func forgetOrders() {
        do {
            try storage.delete(key: Self.ordersKey)
            try screen.show(user: nil, items: [])
            shownUser = nil
        } catch {
            log("could not forget the orders: \(error.localizedDescription)")
        }
    }

    /// The orders the store's back end would send for `user`.
    static func orders(of user: String) -> String {
        "3 orders of \(user)"
    }

    private func log(_ line: String) {
        HubsimBridge.current.log("store: " + line)
    }
}
