import AWSDK

/// The sample's "General Information" screen (`GeneralInformationViewController.swift`), written
/// anew: when it loads it fetches the user's and the device's information, fills its table from
/// the completions and reloads it on the main queue. The table is the pane's lines; the user's
/// details it holds are the item `user-info`, kept in memory (`protection: user`).
final class GeneralInformationScreen {
    private let userInfoKey = "user-info"
    private var userInformation: [(key: String, value: String)] = []
    private var sharedDeviceInformation: [(key: String, value: String)] = []
    private var shownUser: String?

    func viewDidLoad() {
        self.fetchUserInfo()
        self.fetchDeviceInfo()
    }

    private func fetchDeviceInfo() {
        AWSDKHelper.shared.fetchApplicationAssignmentStatus { [weak self] applicationStatusInformation, sharedDeviceInformation, error in
            guard let weakSelf = self else { return }
            guard applicationStatusInformation != nil, error == nil else {
                AWLogError("Error fetching information: \(String(describing: error))")
                return
            }
            if let sharedInfo = sharedDeviceInformation {
                weakSelf.sharedDeviceInformation = [
                    ("Staging Enabled", String(describing: sharedInfo.isDeviceStagingEnabled)),
                    ("CICO Status", String(describing: sharedInfo.sharedDeviceStatus.rawValue)),
                    ("Checked Out User", sharedInfo.userContextID ?? "N/A"),
                ]
            }
            DispatchQueue.main.async {
                weakSelf.reloadData()
            }
        }
    }

    private func fetchUserInfo() {
        AWSDKHelper.shared.retrieveUserInfo { [weak self] userInformation, error in
            guard let weakSelf = self else { return }
            guard let userInformation = userInformation, error == nil else {
                AWLogError("Error fetching information: \(String(describing: error?.localizedDescription))")
                return
            }
            weakSelf.userInformation = [
                ("Username", userInformation.userName),
                ("User Organization Group", userInformation.groupID),
                ("Full Name", userInformation.firstName + " " + userInformation.lastName),
                ("Domain", userInformation.domain),
                ("User ID", userInformation.userIdentifier),
            ]
            weakSelf.shownUser = userInformation.userName
            DispatchQueue.main.async {
                weakSelf.reloadData()
            }
        }
    }

    /// The table view's `reloadData()`: the pane shows the table's rows.
    private func reloadData() {
        let application = HubsimApplication.shared
        let rows = (userInformation + sharedDeviceInformation).map { "\($0.key): \($0.value)" }
        do {
            if let shownUser {
                try application.storage.put(key: userInfoKey, owner: shownUser, protection: .user, text: rows.joined(separator: "; "))
            }
            try application.screen.show(user: shownUser, items: shownUser == nil ? [] : [userInfoKey], lines: rows)
        } catch {
            AWLogError("General Information: \(error.localizedDescription)")
        }
    }
}
