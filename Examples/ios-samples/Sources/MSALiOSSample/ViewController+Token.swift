import MSAL

// MARK: Acquiring and using a token

extension ViewController {
    /// The "Call Microsoft Graph API" button.
    func callGraphAPI() {
        self.loadCurrentAccount { account in
            guard let currentAccount = account else {
                self.acquireTokenInteractively()
                return
            }
            self.acquireTokenSilently(currentAccount)
        }
    }

    func acquireTokenInteractively() {
        guard let applicationContext = self.applicationContext else { return }
        guard let webViewParameters = self.webViewParameters else { return }
        let parameters = MSALInteractiveTokenParameters(scopes: kScopes, webviewParameters: webViewParameters)
        parameters.promptType = .selectAccount
        applicationContext.acquireToken(with: parameters) { result, error in
            if let error = error {
                self.updateLogging(text: "Could not acquire token: \(error.localizedDescription)")
                return
            }
            guard let result = result else {
                self.updateLogging(text: "Could not acquire token: No result returned")
                return
            }
            self.accessToken = result.accessToken
            self.updateCurrentAccount(account: result.account)
            self.getContentWithToken()
        }
    }

    func acquireTokenSilently(_ account: MSALAccount) {
        guard let applicationContext = self.applicationContext else { return }
        let parameters = MSALSilentTokenParameters(scopes: kScopes, account: account)
        applicationContext.acquireTokenSilent(with: parameters) { result, error in
            if let error = error {
                let nsError = error as NSError
                if nsError.domain == MSALErrorDomain && nsError.code == MSALError.interactionRequired.rawValue {
                    DispatchQueue.main.async {
                        self.acquireTokenInteractively()
                    }
                    return
                }
                self.updateLogging(text: "Could not acquire token silently: \(error.localizedDescription)")
                return
            }
            guard let result = result else {
                self.updateLogging(text: "Could not acquire token: No result returned")
                return
            }
            self.accessToken = result.accessToken
            self.updateSignOutButton(enabled: true)
            self.getContentWithToken()
        }
    }

    /// The Graph call. hubsim has no network: the answer is made here from the token's account,
    /// as Graph's `/me` would give it, and the text view holds it until the next log line.
    func getContentWithToken() {
        guard !accessToken.isEmpty, let username = currentAccount?.username else { return }
        DispatchQueue.main.async {
            self.updateLogging(graphResult: "Result from Graph: {\"userPrincipalName\": \"\(username)\"}", of: username)
        }
    }
}

// MARK: Get account and sign out

extension ViewController {
    typealias AccountCompletion = (MSALAccount?) -> Void

    func loadCurrentAccount(completion: AccountCompletion? = nil) {
        guard let applicationContext = self.applicationContext else { return }
        let msalParameters = MSALParameters()
        msalParameters.completionBlockQueue = DispatchQueue.main
        applicationContext.getCurrentAccount(with: msalParameters) { currentAccount, previousAccount, error in
            if let error = error {
                self.updateLogging(text: "Couldn't query current account with error: \(error.localizedDescription)")
                return
            }
            if let currentAccount = currentAccount {
                self.updateLogging(text: "Found a signed in account \(currentAccount.username ?? "nil"). Updating data for that account...")
                self.updateCurrentAccount(account: currentAccount)
                completion?(self.currentAccount)
                return
            }
            if let previousAccount = previousAccount {
                self.updateLogging(text: "The account with username \(previousAccount.username ?? "nil") has been signed out.")
            } else {
                self.updateLogging(text: "Account signed out. Updating UX")
            }
            self.accessToken = ""
            self.updateCurrentAccount(account: nil)
            completion?(nil)
        }
    }

    /// The "Sign out" button: on a shared device, out of the browser too (the whole device).
    func signOut() {
        guard let applicationContext = self.applicationContext else { return }
        guard let account = self.currentAccount else { return }
        let signoutParameters = MSALSignoutParameters(webviewParameters: self.webViewParameters!)
        signoutParameters.signoutFromBrowser = self.currentDeviceMode == .shared
        applicationContext.signout(with: account, signoutParameters: signoutParameters) { success, error in
            if let error = error {
                self.updateLogging(text: "Couldn't sign out account with error: \(error.localizedDescription)")
                return
            }
            self.updateLogging(text: "Sign out completed successfully")
            self.accessToken = ""
            self.updateCurrentAccount(account: nil)
        }
    }
}
