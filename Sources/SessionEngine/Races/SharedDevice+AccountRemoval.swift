/// The device's account removed behind the identity SDK's back (entra-ios): in the
/// Authenticator's own account list, or by an administrator, with no global sign-out through
/// MSAL (Docs/faults.md, "account-removed-behind-sdk").
extension SharedDevice {
    /// **remove the account in the Authenticator**: the account and its tokens are gone for
    /// every app that uses the broker, but no `SHARED_MODE_CURRENT_ACCOUNT_CHANGED` is posted,
    /// so every app keeps the data it shows until its own code next asks `getCurrentAccount`
    /// (Microsoft Learn, shared device mode for iOS: the app must clear its data when the
    /// account changed "or if there's no user at all on the device"). What each app learns,
    /// and when, is therefore only what its foreground check and cold start find.
    public mutating func removeAccountInAuthenticator() -> Result<DeviceState, Refusal> {
        let event = StepName.removeAccountInAuthenticator.rawValue
        guard profile.isEntra else {
            return refuse(event, .notSupported(action: "removing the account in the Authenticator", profile: profile.id))
        }
        guard case let .checkedOut(user) = state else { return refuse(event, state == .unenrolled ? .notEnrolled : .notCheckedOut) }
        touch()
        openBroker()
        endSession(.accountRemoved)
        logEvent(.event, "\(user)'s account removed in \(Self.brokerAppName), behind the SDK's back: nobody is signed in; no \(API.accountChangeNotice(on: profile.platform)) posted")
        signOutTokens(of: user)
        sessionEndedDuringRoundTrip(of: user)
        // Who still shows the account's data: each of them learns only at its own next check.
        let keeping = snapshot.apps.filter { $0.currentUser == user }.map(\.id)
        if !keeping.isEmpty {
            logEvent(.event, "\(keeping.joined(separator: ", ")) still \(keeping.count == 1 ? "shows" : "show") \(user)'s data: no app was told")
        }
        cover(.race("account-removed-behind-sdk"))
        audit()
        return .success(state)
    }
}
