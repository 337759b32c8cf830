extension SharedDevice {
    /// **global sign-in** (entra-ios) from the broker or from an app's interactive token
    /// request: the account becomes the current account for every eligible app.
    public mutating func signIn(user: String, password: Secret, from source: AccountSource = .broker) -> Result<DeviceState, Refusal> {
        guard profile.id == .entraIOS else { return refuse("signIn", .notSupported(action: "global sign-in", profile: profile.id)) }
        if case let .app(id) = source, appIndex[id] == nil { return refuse("signIn", unknownApp(id)) }
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
        logEvent(.event, "global sign-in from \(source): \(account.id) is the device's current account")
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
    public mutating func signOut(from source: AccountSource = .broker, browser: Bool = false) -> Result<DeviceState, Refusal> {
        guard profile.id == .entraIOS else { return refuse("signOut", .notSupported(action: "global sign-out", profile: profile.id)) }
        if case let .app(id) = source, appIndex[id] == nil { return refuse("signOut", unknownApp(id)) }
        guard case let .checkedOut(user) = state else {
            return refuse("signOut", state == .unenrolled ? .notEnrolled : .notCheckedOut)
        }
        bringForeground(source)
        endSession(.signOut)
        logEvent(.event, "global sign-out from \(source): \(user)'s account and cached tokens removed for every app (app data stays)")
        signOutTokens(of: user)
        sessionEndedDuringRoundTrip(of: user)
        cover(.signOut)
        announceAccountChange()
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
        case .darwinNotification:
            break
        }
        for kind in SDKKind.allCases where kind != .none && kinds.contains(kind) {
            if let why = SDKRules.whyNotTold(profile.id, kind) { logEvent(.event, "\(kind.label) apps are not told: \(why)") }
        }
        switch profile.delivery {
        case .opportunisticSDK:
            break
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

    private mutating func bringForeground(_ source: AccountSource) {
        switch source {
        case .broker: openBroker()
        case let .app(id): _ = launch(id)
        }
    }
}
