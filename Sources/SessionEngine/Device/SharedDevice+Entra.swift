extension SharedDevice {
    /// **global sign-in** (entra-ios) from the broker or from an app's interactive token
    /// request: the account becomes the current account for every eligible app.
    public mutating func signIn(user: String, password: Secret, from source: AccountSource = .broker) -> Result<DeviceState, Refusal> {
        guard profile.isEntra else { return refuse("signIn", .notSupported(action: "global sign-in", profile: profile.id)) }
        if case let .app(id) = source, appIndex[id] == nil { return refuse("signIn", unknownApp(id)) }
        // Managed Home Screen's sign-in screen appends the tenant's `domain_name` to a bare name.
        let user = source == .broker && hasManagedHomeScreenSignIn ? managedHomeScreenPolicy.signInName(user) : user
        switch state {
        case .checkedIn: break
        case .unenrolled: return refuse("signIn", .notEnrolled)
        case .enrolling: return refuse("signIn", .enrollmentInProgress)
        case let .checkedOut(u), let .locked(u): return refuse("signIn", .alreadyCheckedOut(u))
        }
        bringForeground(source)
        guard online else { return refuse("signIn", .offline("sign-in")) }
        let account: TenantUser
        switch authenticate(user: user, password: password) {
        case .success(let u): account = u
        case .failure(let r): return refuse("signIn", r)
        }
        beginSession(account.id, passcode: nil)
        managedHomeScreenSignedIn(account.id)
        if let rule = notInSharedDeviceModeBecause {
            // Not in shared device mode (002's set-up broken): the Authenticator holds the
            // account as any broker does, and offers it to apps that ask through it.
            holdInBroker(account.id)
            logEvent(.event, "sign-in from \(source): \(account.id) signed in to the \(Self.brokerAppName) only; not in shared device mode (\(rule.tag)), so no app is told")
        } else {
            logEvent(.event, "global sign-in from \(source): \(account.id) is the device's current account")
        }
        if case let .app(id) = source {
            // The app that asked gets the account in its token response.
            let ctx = appContext
            withApp(id) { app in
                app.record(ctx.now, .call, "acquireToken", "interactive: signed in \(account.id)")
                app.handleAccountChange(to: account.id, ctx)
            }
            grantGlobalSignIn(to: id, account: account.id)
        }
        cover(.signIn)
        announceAccountChange()
        audit()
        return .success(state)
    }

    /// **global sign-out** (entra-ios) from the broker or an app: removes the account and
    /// its tokens for every app, but not the apps' data. `browser` is `signoutFromBrowser`:
    /// the browser launches briefly to clear its session, then the caller returns.
    /// `transition` is the diagram's arrow it counts as: Managed Home Screen's automatic
    /// sign-outs are their own arrows.
    public mutating func signOut(from source: AccountSource = .broker, browser: Bool = false,
                                 taking transition: Transition = .signOut) -> Result<DeviceState, Refusal> {
        guard profile.isEntra else { return refuse("signOut", .notSupported(action: "global sign-out", profile: profile.id)) }
        if case let .app(id) = source, appIndex[id] == nil { return refuse("signOut", unknownApp(id)) }
        if let rule = notInSharedDeviceModeBecause, case let .app(id) = source {
            return signOutOfOneApp(id, rule: rule)
        }
        guard case let .checkedOut(user) = state else {
            return refuse("signOut", state == .unenrolled ? .notEnrolled : .notCheckedOut)
        }
        bringForeground(source)
        endSession(.signOut)
        if let rule = notInSharedDeviceModeBecause {
            // Not in shared device mode: signing out of the Authenticator is no global sign-out;
            // every app keeps the account and its tokens, and the next worker inherits them.
            snapshot.tokens?.brokerAccounts.removeAll { $0 == user }
            logEvent(.event, "sign-out from \(source): \(user) signed out of the \(Self.brokerAppName) only; not in shared device mode (\(rule.tag)), so every app keeps \(user)'s account and tokens")
        } else {
            logEvent(.event, "global sign-out from \(source): \(user)'s account and cached tokens removed for every app (app data stays)")
            signOutTokens(of: user)
        }
        sessionEndedDuringRoundTrip(of: user)
        cover(transition)
        announceAccountChange()
        if notInSharedDeviceModeBecause == nil { intuneClearsAppData(signedOut: user) }
        if browser {
            let caller = snapshot.foreground
            if let id = caller.appID { setLifecycle(id, .background) }
            snapshot.foreground = .browser
            logEvent(.event, "signoutFromBrowser: the browser launched briefly to clear its session")
            snapshot.foreground = caller
            if let id = caller.appID { setLifecycle(id, .foreground); scheduleForegroundDelivery(id, coldStart: false) }
            logEvent(.event, "returned from the browser to \(caller.appID ?? profile.brokerName)")
            cover(.signOutFromBrowser)
        }
        audit()
        return .success(state)
    }

    /// Posts the account change by the profile's delivery rule; an app whose SDK the profile
    /// does not drive (`SDKRules`) is not told, and the log says so once.
    mutating func announceAccountChange() {
        let kinds = Set(snapshot.apps.map { $0.definition.sdk.kind })
        switch profile.delivery {
        case .opportunisticSDK:
            if kinds.contains(.workspaceOne) {
                logEvent(.event, "not broadcast: Workspace ONE apps notice when they next come to the foreground or start cold")
            }
        case .darwinNotification, .androidBroadcast:
            break
        }
        for kind in SDKKind.allCases where kind != .none && kinds.contains(kind) {
            if let why = whyNotTold(kind) { logEvent(.event, "\(kind.label) apps are not told: \(why)") }
        }
        switch profile.delivery {
        case .opportunisticSDK:
            break
        case .darwinNotification where notInSharedDeviceModeBecause != nil, .androidBroadcast where notInSharedDeviceModeBecause != nil:
            // Outside shared device mode the Authenticator posts nothing (`SDKRules`).
            break
        case .androidBroadcast:
            // The broker broadcasts a global sign-out only; a new account is found by the
            // app's next getCurrentAccountAsync (`BroadcastType`).
            if state.user == nil { postBroadcast(.globalSignOut) }
            else { logEvent(.event, "no broadcast at a sign-in: apps learn the account when they next call \(API.getCurrentAccountAsync)") }
        case .darwinNotification:
            logEvent(.event, "posted \(API.accountChangedNotification)")
            // One pass, by index: who receives the notification depends only on each app's own
            // lifecycle and traits, which no delivery changes; an index (not a copy of the app)
            // keeps every mutation in place, and one pass over 10,000 apps keeps them in cache.
            // An app that cannot receive it records the miss in its own log too: its pane says
            // what it missed and why.
            let now = self.now
            for i in snapshot.apps.indices where snapshot.apps[i].definition.workspaceOneSupport == nil {
                // A Workspace ONE SDK app registers no listener for it: it does not miss it either.
                let id = snapshot.apps[i].id
                if let missed = MissReason.of(snapshot.apps[i]) {
                    snapshot.apps[i].record(now, .missed, API.accountChangedNotification, missed.rawValue)
                    logEvent(.delivery, app: id, "\(id) missed \(API.accountChangedNotification) (\(missed.rawValue))")
                } else {
                    schedule(Delivery(app: id, kind: .accountChanged), at: i)
                }
            }
        }
    }

    /// A sign-out in one app on a device not in shared device mode: MSAL signs the account out
    /// of that app only (its keychain group's tokens of it, 003), not of the device or any
    /// other app (Microsoft Learn, shared device mode for iOS: only in shared device mode is a
    /// sign-out global).
    private mutating func signOutOfOneApp(_ id: AppID, rule: SharedDeviceMisconfiguration) -> Result<DeviceState, Refusal> {
        guard state.isEnrolled else { return refuse("signOut", state == .unenrolled ? .notEnrolled : .enrollmentInProgress) }
        guard let i = appIndex[id], let account = snapshot.apps[i].token?.account else { return refuse("signOut", .notSignedInToApp(id)) }
        bringForeground(.app(id))
        logEvent(.event, app: id, "sign-out from \(id): not in shared device mode (\(rule.tag)), so it signs \(account) out of \(id) only; the \(Self.brokerAppName) and every other app keep \(account)")
        if case let .failure(r) = removeAccount(id) { return .failure(r) }
        cover(.signOut)
        return .success(state)
    }

    /// The Authenticator holds `user` as a broker outside shared device mode does.
    private mutating func holdInBroker(_ user: UserID) {
        if snapshot.tokens == nil { snapshot.tokens = TokenStore() }
        if !snapshot.tokens!.brokerAccounts.contains(user) { snapshot.tokens!.brokerAccounts.append(user) }
    }

    private mutating func bringForeground(_ source: AccountSource) {
        switch source {
        case .broker: openBroker()
        case let .app(id): _ = launch(id)
        }
    }
}
