import MSAL

// MARK: UI helpers: the sample's text view, label and button are the pane's lines; the Graph
// result the text view holds is the item `graph-me`, named on screen while it is shown.

extension ViewController {
    func updateLogging(text: String) {
        if Thread.isMainThread {
            self.show(loggingText: text, graphResultOf: nil)
        } else {
            DispatchQueue.main.async {
                self.show(loggingText: text, graphResultOf: nil)
            }
        }
    }

    func updateLogging(graphResult: String, of username: String) {
        self.show(loggingText: graphResult, graphResultOf: username)
    }

    func updateCurrentAccount(account: MSALAccount?) {
        self.currentAccount = account
        self.usernameLabel = account?.username ?? ""
        self.signOutButtonEnabled = account != nil
        self.render()
    }

    func updateSignOutButton(enabled: Bool) {
        self.signOutButtonEnabled = enabled
        self.render()
    }

    /// The text view's new text: a Graph result it held is gone from memory once replaced.
    private func show(loggingText text: String, graphResultOf username: String?) {
        let application = HubsimApplication.shared
        do {
            if let username {
                try application.storage.put(key: kGraphResultKey, owner: username, protection: .user, text: text)
            } else if graphResultOwner != nil {
                try application.storage.delete(key: kGraphResultKey)
            }
        } catch {
            HubsimBridge.current.log("msal-sample: \(error.localizedDescription)")
        }
        loggingText = text
        graphResultOwner = username
        render()
    }

    private func render() {
        let application = HubsimApplication.shared
        let shownUser = graphResultOwner ?? (usernameLabel.isEmpty ? nil : usernameLabel)
        let lines = ["Signed in as: " + (usernameLabel.isEmpty ? "nobody" : usernameLabel),
                     "[Sign out]" + (signOutButtonEnabled ? "" : " (disabled)"),
                     loggingText]
        do {
            try application.screen.show(user: shownUser, items: graphResultOwner == nil ? [] : [kGraphResultKey], lines: lines)
        } catch {
            HubsimBridge.current.log("msal-sample: \(error.localizedDescription)")
        }
    }
}
