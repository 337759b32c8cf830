/// A broker round trip (003: the app in the background, the Authenticator in front) that the
/// end of a session interrupts, and what MSAL does with the request afterwards
/// (Docs/faults.md, "broker-interrupted-by-check-in").
extension SharedDevice {
    /// The session ended (a check-in, a global sign-out, an enterprise wipe) while a broker
    /// round trip waited. Under shared device mode the broker's account is the device's
    /// (Microsoft Learn, shared device mode for iOS), so the account it offered is gone and
    /// its prompt now asks for credentials, which would sign the device in again. Beside the
    /// Workspace ONE Hub the Authenticator is an app of its own: a check-in does not reach it
    /// and its prompt keeps waiting as it was.
    mutating func sessionEndedDuringRoundTrip(of user: UserID) {
        guard var request = snapshot.tokens?.pending, request.place == .broker else { return }
        if isSharedDeviceMode {
            let withdrawn = request.accounts
            request.accounts = []
            request.isGlobalSignIn = true
            snapshot.tokens!.pending = request
            logEvent(.event, app: request.app, withdrawn.isEmpty
                     ? "\(Self.brokerAppName) still waits for \(request.app)'s sign-in: completing it now signs the device in"
                     : "\(Self.brokerAppName) withdraws \(withdrawn.map(\.name).joined(separator: ", ")) from \(request.app)'s round trip: \(user) is signed out; its prompt asks for credentials now")
        } else {
            logEvent(.event, app: request.app,
                     "\(request.app)'s round trip still waits in \(Self.brokerAppName): the \(profile.brokerName)'s session end does not reach it")
        }
        cover(.race("broker-interrupted-by-check-in"))
    }

    /// The app that waits for the broker came to the front by another way than the broker's
    /// redirect: MSAL gives up the request with "application did not receive response from
    /// broker" (internal error -42700: the MSAL for iOS issue threads of that title; ADAL for
    /// iOS did the same, Docs/faults.md), and the broker's prompt ends with it.
    mutating func appReturnedWithoutBrokerResponse(_ id: AppID) {
        guard let request = snapshot.tokens?.pending, request.app == id, request.place == .broker,
              let i = appIndex[id], let sso = snapshot.apps[i].definition.sso else { return }
        snapshot.tokens!.pending = nil
        logEvent(.event, app: id, "\(id) came to the front without \(Self.brokerAppName)'s response: MSAL ends the request")
        _ = finishInteractive(i, sso, .failed(.brokerResponseNotReceived))
    }
}
