/// Token requests of apps using the Microsoft identity SDK (003): silent, interactive (a
/// prompt in the app, or the broker round trip), remove account, background refresh. Every
/// outcome is a `TokenOutcome`; refusals are for what the simulator cannot do at all.
extension SharedDevice {
    /// The broker app's name in log lines and panes.
    public static let brokerAppName = "Authenticator"

    // MARK: queries

    /// Who shares tokens with whom, and every rule broken (installed apps, else the app set).
    public var ssoMap: SSOMap {
        SSOMap(apps: ssoMapApps, registrations: tenant.appRegistrations, platform: profile.platform)
    }

    /// The apps the map is about: those installed, else the app set.
    private var ssoMapApps: [AppDefinition] { snapshot.apps.isEmpty ? snapshot.appSet : snapshot.apps.map(\.definition) }

    /// Tokens outside the apps: keychain groups, broker accounts, the request under way.
    public var tokenStore: TokenStore { snapshot.tokens ?? TokenStore() }

    /// The interactive request waiting for the person, if any.
    public var pendingTokenRequest: PendingTokenRequest? { snapshot.tokens?.pending }

    /// What is in front while the broker handles a round trip on iOS (on Android the broker's
    /// account chooser is drawn over the app, which stays in front: `brokerDrawsOverApp`).
    public var brokerForeground: Foreground { profile.isEntra ? .hub : .authenticator }

    /// Android: an interactive request shows the broker's account chooser over the calling
    /// app instead of switching to the broker (Microsoft Learn, "Enable cross-app SSO on
    /// Android using MSAL"); the app keeps the foreground and is answered in place.
    public var brokerDrawsOverApp: Bool { profile.platform == .android }

    /// Shared device mode (entra-ios): the broker's account is the device's. A device whose
    /// registration broke a rule of the MDM set-up (002) is not in it.
    public var isSharedDeviceMode: Bool { profile.isEntra && state.isEnrolled && notInSharedDeviceModeBecause == nil }

    /// Accounts the broker holds now.
    public var brokerAccounts: [UserID] {
        isSharedDeviceMode ? (state.user.map { [$0] } ?? []) : tokenStore.brokerAccounts
    }

    /// Every rule of 003 the app's set-up breaks (empty when it has none or no SSO configuration).
    /// The app's own row of the map only: the whole map (every app against every other) grows
    /// with the square of the apps.
    public func misconfigurations(of id: AppID) -> [SSOMisconfiguration] {
        let apps = ssoMapApps
        guard let app = apps.first(where: { $0.id == id }), app.sso != nil else { return [] }
        return SSORules.problems(of: app, among: apps, registrations: tenant.appRegistrations, on: profile.platform)
    }

    /// The same for several apps (the panes on screen), the other apps indexed once: each
    /// app's rules look at the apps of its client ID and keychain group only.
    public func misconfigurations(of ids: [AppID]) -> [AppID: [SSOMisconfiguration]] {
        let apps = ssoMapApps
        let index = SSORules.SharingIndex(apps)
        var out: [AppID: [SSOMisconfiguration]] = [:]
        for id in ids {
            guard let app = appIndex[id].map({ snapshot.apps[$0].definition }) ?? apps.first(where: { $0.id == id }) else { continue }
            out[id] = SSORules.problems(of: app, in: index, registrations: tenant.appRegistrations, on: profile.platform)
        }
        return out
    }

    /// The app's token as its pane shows it.
    public func tokenStatus(of id: AppID) -> TokenStatus {
        guard let i = appIndex[id], let sso = snapshot.apps[i].definition.sso else { return .notConfigured }
        if let p = snapshot.tokens?.pending, p.app == id { return .inFlight(p.phase) }
        let token = snapshot.apps[i].token
        guard let account = token?.account else {
            if let f = token?.last?.failure { return .failed(f) }
            return .none
        }
        let group = sso.tokenCacheGroup
        let throughBroker = isSharedDeviceMode && SSORules.path(of: sso, on: profile.platform) == .broker && state.user == account
        if throughBroker || cachedToken(in: group, clientID: sso.clientID, account: account) != nil {
            return .valid(account: account, source: token?.source ?? .keychainGroup(group))
        }
        let by = snapshot.tokens?.removals[group].flatMap { $0.account == account ? $0.by : nil } ?? Self.brokerAppName
        return .removed(account: account, by: by)
    }

    // MARK: events

    /// **acquireTokenSilent** in a running app: from its keychain group's cache, or the broker.
    public mutating func acquireTokenSilently(_ id: AppID) -> Result<TokenOutcome, Refusal> {
        switch tokenApp(id, "acquireTokenSilently", needsRunning: true) {
        case let .failure(r): return .failure(r)
        case let .success((i, sso)):
            touch()
            if let fault = takeTokenInFlightFault(id) { return .success(beginTokenInFlight(fault, at: i, sso)) }
            let outcome = silentOutcome(i, sso)
            finish(i, sso, call: "acquireTokenSilent", outcome)
            cover(.tokenOutcome(.acquireTokenSilently, tag: outcome.coverageTag))
            audit()
            return .success(outcome)
        }
    }

    /// **acquireToken** (interactive): the app comes to the foreground and asks the person,
    /// in the app (embedded flow) or through the broker (the app goes to the background, the
    /// broker comes to the front). Ends at once when a rule of 003 stops it.
    public mutating func beginTokenRequest(_ id: AppID) -> Result<InteractiveStep, Refusal> {
        let i: Int, sso: SSOConfiguration
        switch tokenApp(id, "acquireTokenInteractively", needsRunning: false) {
        case let .failure(r): return .failure(r)
        case let .success(found): (i, sso) = found
        }
        if let pending = snapshot.tokens?.pending {
            if pending.app == id && pending.phase == .promptDismissed { return .success(.finished(askedAgainWhileStuck(i, sso))) }
            return refuse("acquireTokenInteractively", .tokenRequestPending(pending.app))
        }
        guard online else { return refuse("acquireTokenInteractively", .offline("an interactive sign-in")) }
        _ = launch(id)
        logEvent(.call, app: id, "\(id) → acquireToken (interactive, \(sso.credentialMode.sdkName))")
        if let problem = SSORules.registrationProblem(sso, registrations: tenant.appRegistrations, on: profile.platform) {
            return .success(.finished(finishInteractive(i, sso, .failed(.misconfigured(problem)))))
        }
        switch SSORules.path(of: sso, on: profile.platform) {
        case let .embedded(fellBack):
            if let fellBack {
                logEvent(.call, app: id, "\(id): canOpenURL(msauth://) failed, the SDK falls back to the embedded flow: \(fellBack)")
            }
            if sso.certificateAuth {
                return .success(.finished(finishInteractive(i, sso, .failed(.misconfigured(.certificateAuthNeedsBroker(mode: sso.credentialMode))))))
            }
            let request = PendingTokenRequest(app: id, place: .inApp, phase: .promptInApp, fellBack: fellBack)
            setPending(request)
            logEvent(.event, app: id, "\(id) shows its own sign-in prompt (embedded flow)")
            cover(.tokenPrompt(inApp: true))
            audit()
            return .success(.awaiting(request))
        case .broker:
            if let (problem, beforeLeaving) = SSORules.brokerProblem(sso, registrations: tenant.appRegistrations, on: profile.platform) {
                if beforeLeaving {
                    logEvent(.call, app: id, "\(id): the SDK does not leave the app: \(problem)")
                } else {
                    roundTripOut(id)
                    logEvent(.event, app: id, "\(Self.brokerAppName) refuses the request of \(sso.appName(on: profile.platform)): \(problem)")
                    roundTripBack(id, sso)
                }
                return .success(.finished(finishInteractive(i, sso, .failed(.misconfigured(problem)))))
            }
            roundTripOut(id)
            let request = PendingTokenRequest(app: id, place: .broker, phase: brokerDrawsOverApp ? .accountChooser : .brokerInFront,
                                              accounts: brokerAccounts,
                                              isGlobalSignIn: isSharedDeviceMode && state.user == nil)
            setPending(request)
            let chooser = brokerDrawsOverApp ? "'s account chooser" : ""
            logEvent(.event, app: id, request.accounts.isEmpty
                     ? "\(Self.brokerAppName)\(chooser) asks for credentials for \(id)"
                     : "\(Self.brokerAppName)\(chooser) offers \(request.accounts.map(\.name).joined(separator: ", ")) to \(id)")
            cover(.tokenPrompt(inApp: false))
            audit()
            return .success(.awaiting(request))
        }
    }

    /// The person answers the waiting prompt: an account the broker offers (no password), or
    /// credentials. Wrong credentials are refused and the prompt stays.
    public mutating func completeTokenRequest(user: String, password: Secret?) -> Result<TokenOutcome, Refusal> {
        guard let request = snapshot.tokens?.pending, request.phase != .promptDismissed else { return refuse("completeTokenRequest", .noTokenRequest) }
        guard let i = appIndex[request.app], let sso = snapshot.apps[i].definition.sso else {
            setPending(nil)
            return refuse("completeTokenRequest", .noTokenRequest)
        }
        touch()
        let id = request.app
        let wanted = UserID(user)
        let picked = password == nil && request.accounts.contains(wanted)
        if !picked {
            if request.place == .broker, isSharedDeviceMode, let current = state.user, current != wanted {
                setPending(nil)
                logEvent(.event, app: id, "\(Self.brokerAppName) refuses \(wanted): \(current) is the device's account")
                roundTripBack(id, sso)
                return .success(finishInteractive(i, sso, .failed(.otherAccountSignedIn(current))))
            }
            guard online else { return refuse("completeTokenRequest", .offline("an interactive sign-in")) }
            if case let .failure(r) = authenticate(user: user, password: password ?? Secret("")) {
                return refuse("completeTokenRequest", r)
            }
        }
        setPending(nil)
        switch request.place {
        case .inApp:
            return .success(finishInteractive(i, sso, .token(TokenGrant(account: wanted, source: .inAppPrompt, fellBack: request.fellBack))))
        case .broker:
            let source: TokenSource = picked ? .broker : .brokerPrompt
            let globalSignIn = isSharedDeviceMode && state.user == nil
            if isSharedDeviceMode {
                if globalSignIn {
                    beginSession(wanted, passcode: nil)
                    logEvent(.event, "global sign-in from \(id) through \(Self.brokerAppName): \(wanted) is the device's current account")
                    cover(.signIn)
                }
            } else if !(snapshot.tokens?.brokerAccounts.contains(wanted) ?? false) {
                snapshot.tokens?.brokerAccounts.append(wanted)
                logEvent(.event, "\(Self.brokerAppName) holds \(wanted) now, for every app that uses the broker")
            }
            roundTripBack(id, sso)
            let outcome = finishInteractive(i, sso, .token(TokenGrant(account: wanted, source: source)))
            if globalSignIn { announceAccountChange(); audit() }
            return .success(outcome)
        }
    }

    /// The person cancels the waiting prompt; a broker round trip returns to the app.
    public mutating func cancelTokenRequest() -> Result<TokenOutcome, Refusal> {
        guard let request = snapshot.tokens?.pending, request.phase != .promptDismissed else { return refuse("cancelTokenRequest", .noTokenRequest) }
        touch()
        setPending(nil)
        guard let i = appIndex[request.app], let sso = snapshot.apps[i].definition.sso else { audit(); return .success(.failed(.canceled)) }
        if request.place == .broker { roundTripBack(request.app, sso) }
        return .success(finishInteractive(i, sso, .failed(.canceled)))
    }

    /// **removeAccount** in one app: the account's tokens of its whole keychain group are
    /// deleted (003's warning); the other apps of the group fail at their next refresh.
    public mutating func removeAccount(_ id: AppID) -> Result<TokenRemoval, Refusal> {
        let i: Int, sso: SSOConfiguration
        switch tokenApp(id, "removeAccount", needsRunning: false) {
        case let .failure(r): return .failure(r)
        case let .success(found): (i, sso) = found
        }
        guard let account = snapshot.apps[i].token?.account else { return refuse("removeAccount", .notSignedInToApp(id)) }
        touch()
        let group = sso.tokenCacheGroup
        let affected = snapshot.apps.indices.compactMap { j -> AppID? in
            guard j != i, let other = snapshot.apps[j].definition.sso, other.tokenCacheGroup == group,
                  snapshot.apps[j].token?.account == account else { return nil }
            return snapshot.apps[j].id
        }
        let removal = TokenRemoval(group: group, account: account, by: id, at: now, affected: affected)
        ensureTokenStore()
        let before = snapshot.tokens!.keychains[group]?.count ?? 0
        snapshot.tokens!.keychains[group]?.removeAll { $0.account == account }
        if snapshot.tokens!.keychains[group]?.isEmpty == true { snapshot.tokens!.keychains[group] = nil }
        snapshot.tokens!.removals[group] = removal
        let deleted = before - (snapshot.tokens!.keychains[group]?.count ?? 0)
        let ctx = appContext
        withApp(id) { app in
            app.token?.account = nil
            app.token?.source = nil
            app.record(ctx.now, .call, "removeAccount", "removed \(account): deleted \(deleted) token(s) of keychain group \(group)")
            app.handleAccountChange(to: nil, ctx)
        }
        logEvent(.call, app: id, "\(id) → removeAccount(\(account)): deleted \(deleted) token(s) of \(account) in keychain group \(group)"
                 + (affected.isEmpty ? "" : "; \(affected.joined(separator: ", ")) \(affected.count == 1 ? "fails at its" : "fail at their") next refresh"))
        cover(.removeAccount)
        audit()
        return .success(removal)
    }

    /// **Background refresh**: a running app renews its token on its own (a silent request
    /// it was not asked for). Fails when its keychain group lost the tokens.
    public mutating func refreshInBackground(_ id: AppID) -> Result<TokenOutcome, Refusal> {
        let i: Int, sso: SSOConfiguration
        switch tokenApp(id, "refreshInBackground", needsRunning: true) {
        case let .failure(r): return .failure(r)
        case let .success(found): (i, sso) = found
        }
        guard snapshot.apps[i].token?.account != nil else { return refuse("refreshInBackground", .notSignedInToApp(id)) }
        let outcome = silentOutcome(i, sso)
        finish(i, sso, call: "refresh (background)", outcome)
        cover(.tokenOutcome(.refreshInBackground, tag: outcome.coverageTag))
        audit()
        return .success(outcome)
    }

    // MARK: helpers

    /// The app's index and SSO configuration, or the refusal.
    private mutating func tokenApp(_ id: AppID, _ event: String, needsRunning: Bool) -> Result<(Int, SSOConfiguration), Refusal> {
        guard let i = appIndex[id] else { return refuse(event, unknownApp(id)) }
        guard let sso = snapshot.apps[i].definition.sso else { return refuse(event, .noSSOConfiguration(id)) }
        if needsRunning {
            let lifecycle = snapshot.apps[i].lifecycle
            guard lifecycle == .foreground || lifecycle == .background else { return refuse(event, .appNotRunning(id)) }
        }
        return .success((i, sso))
    }

    /// The account an app knows without shared device mode: the one it signed in itself, else
    /// the newest of its client ID in its keychain group (another app of the group signed in).
    func ownAccount(at i: Int) -> UserID? {
        if let account = snapshot.apps[i].tokenAccount { return account }
        guard let sso = snapshot.apps[i].definition.sso else { return nil }
        return snapshot.tokens?.keychains[sso.tokenCacheGroup]?.last { $0.clientID == sso.clientID }?.account
    }

    private func cachedToken(in group: String, clientID: String, account: UserID?) -> CachedToken? {
        snapshot.tokens?.keychains[group]?.first { $0.clientID == clientID && (account == nil || $0.account == account) }
    }

    /// What a silent request gets, by 003's rules. Outside shared device mode the broker is
    /// reached only by an app switch, so silent requests read the keychain group alone; under
    /// shared device mode the broker (its SSO extension) answers them for apps that use it.
    func silentOutcome(_ i: Int, _ sso: SSOConfiguration) -> TokenOutcome {
        let registrations = tenant.appRegistrations
        let platform = profile.platform
        if let problem = SSORules.registrationProblem(sso, registrations: registrations, on: platform) { return .failed(.misconfigured(problem)) }
        let known = snapshot.apps[i].token?.account
        let group = sso.tokenCacheGroup
        let path = SSORules.path(of: sso, on: platform)
        if path == .broker {
            if let (problem, _) = SSORules.brokerProblem(sso, registrations: registrations, on: platform) { return .failed(.misconfigured(problem)) }
            if isSharedDeviceMode {
                if let user = state.user { return .token(TokenGrant(account: user, source: .broker)) }
                if let previous = snapshot.previousAccount { return .failed(.interactionRequired(.signedOut(previous))) }
                return .failed(.interactionRequired(.noToken))
            }
        }
        if let cached = cachedToken(in: group, clientID: sso.clientID, account: known) {
            return .token(TokenGrant(account: cached.account, source: .keychainGroup(group)))
        }
        if let known, let removal = snapshot.tokens?.removals[group], removal.account == known {
            return .failed(.interactionRequired(.tokensRemoved(by: removal.by, account: known)))
        }
        if platform == .iOS, let problem = SSORules.sharingProblems(snapshot.apps[i].definition, among: snapshot.apps.map(\.definition)).first {
            return .failed(.interactionRequired(.notShared(problem)))
        }
        return .failed(.interactionRequired(.noToken))
    }

    mutating func finishInteractive(_ i: Int, _ sso: SSOConfiguration, _ outcome: TokenOutcome) -> TokenOutcome {
        finish(i, sso, call: "acquireToken", outcome)
        cover(.tokenOutcome(.acquireTokenInteractively, tag: outcome.coverageTag))
        audit()
        return outcome
    }

    /// Records the outcome in the app (token state, log) and the event log; a token goes to
    /// the app's keychain group and the app shows its account.
    mutating func finish(_ i: Int, _ sso: SSOConfiguration, call: String, _ outcome: TokenOutcome, inAppLog: Bool = true) {
        let id = snapshot.apps[i].id
        let ctx = appContext
        if let grant = outcome.grant { store(grant.account, clientID: sso.clientID, group: sso.tokenCacheGroup, by: id) }
        // A person signing an app in with nobody checked out or signed in: the app is theirs.
        if call == "acquireToken", state.user == nil, let account = outcome.grant?.account,
           !(snapshot.tokens?.signedInAlone ?? []).contains(account) {
            snapshot.tokens!.signedInAlone = (snapshot.tokens!.signedInAlone ?? []) + [account]
        }
        var state = snapshot.apps[i].token ?? AppTokenState()
        switch outcome {
        case let .token(grant):
            state.account = grant.account; state.source = grant.source; state.obtainedAt = now
            // MSAL for Android keeps the signed-in account as the app's current account.
            if profile.platform == .android { state.loadedAccount = grant.account }
        case .failed(.interactionRequired), .failed(.misconfigured):
            state.account = nil; state.source = nil
        case .failed:
            break
        }
        state.last = outcome
        state.lastAt = now
        withApp(id) { app in
            app.token = state
            if inAppLog {
                if let failure = outcome.failure {
                    app.record(ctx.now, .call, call, note: .refused(detail: outcome.description, reason: failure.shortReason))
                } else {
                    app.record(ctx.now, .call, call, outcome.description)
                }
            }
            if let account = outcome.grant?.account, app.currentUser != account { app.handleAccountChange(to: account, ctx) }
        }
        logEvent(.call, app: id, "\(id) → \(call): \(outcome)")
    }

    private mutating func store(_ account: UserID, clientID: String, group: String, by id: AppID) {
        ensureTokenStore()
        var tokens = snapshot.tokens!.keychains[group] ?? []
        tokens.removeAll { $0.clientID == clientID && $0.account == account }
        tokens.append(CachedToken(clientID: clientID, account: account, by: id, at: now))
        snapshot.tokens!.keychains[group] = tokens
    }

    private mutating func ensureTokenStore() {
        if snapshot.tokens == nil { snapshot.tokens = TokenStore() }
    }

    private mutating func setPending(_ request: PendingTokenRequest?) {
        ensureTokenStore()
        snapshot.tokens!.pending = request
    }

    /// The app goes to the background; the broker comes to the front. On Android the broker's
    /// account chooser is drawn over the app instead: nothing moves.
    private mutating func roundTripOut(_ id: AppID) {
        if brokerDrawsOverApp {
            return logEvent(.event, app: id, "\(Self.brokerAppName) draws its account chooser over \(id): \(id) stays in front")
        }
        setLifecycle(id, .background, detail: "broker round trip")
        snapshot.foreground = brokerForeground
        logEvent(.event, app: id, "\(id) to the background: \(Self.brokerAppName) in front (broker round trip)")
    }

    /// The broker returns to the app through its redirect URI.
    private mutating func roundTripBack(_ id: AppID, _ sso: SSOConfiguration) {
        // Android: the chooser closes over the app, which never left the foreground; MSAL
        // answers the calling activity (its redirect URI identified the app to the broker).
        if brokerDrawsOverApp {
            return logEvent(.event, app: id, "\(Self.brokerAppName)'s account chooser closes over \(id) (\(sso.redirectURI(on: .android)))")
        }
        // The person may have opened another app while the broker waited: the redirect brings
        // this one to the front and that one goes to the background (one app in front).
        if snapshot.foreground.appID != id { sendForegroundAppToBackground() }
        snapshot.foreground = .app(id)
        setLifecycle(id, .foreground, detail: "back from the broker")
        logEvent(.event, app: id, "\(Self.brokerAppName) returns to \(id) through \(sso.redirectURI)")
        scheduleForegroundDelivery(id, coldStart: false)
    }

    /// A prompt ends with its app's process (terminated while it waited).
    mutating func endTokenRequest(of id: AppID) {
        guard let request = snapshot.tokens?.pending, request.app == id else { return }
        snapshot.tokens!.pending = nil
        if snapshot.foreground == brokerForeground && request.place == .broker { snapshot.foreground = .hub }
        logEvent(.event, app: id, "the sign-in prompt for \(id) ended with its process")
    }

    /// Global sign-out (shared device mode): every app that takes part through the broker
    /// loses the account and its keychain group's tokens of it; embedded-flow apps keep theirs.
    mutating func signOutTokens(of user: UserID) {
        interruptTokensInFlight(signedOut: user)
        guard snapshot.tokens != nil else { return }
        var groups: Set<String> = []
        let now = self.now
        for j in snapshot.apps.indices {
            guard let sso = snapshot.apps[j].definition.sso, SSORules.path(of: sso, on: profile.platform) == .broker else { continue }
            groups.insert(sso.tokenCacheGroup)
            if snapshot.apps[j].token?.account == user {
                snapshot.apps[j].token?.account = nil
                snapshot.apps[j].token?.source = nil
                snapshot.apps[j].token?.last = .failed(.interactionRequired(.signedOut(user)))
                snapshot.apps[j].token?.lastAt = now
                snapshot.apps[j].record(now, .call, "signOut", "\(user)'s token removed (global sign-out)")
            }
        }
        for group in groups.sorted() {
            guard let tokens = snapshot.tokens!.keychains[group], tokens.contains(where: { $0.account == user }) else { continue }
            snapshot.tokens!.keychains[group] = tokens.filter { $0.account != user }
            let affected = snapshot.apps.filter { $0.definition.sso?.tokenCacheGroup == group && $0.token?.account == user }.map(\.id)
            snapshot.tokens!.removals[group] = TokenRemoval(group: group, account: user, by: Self.brokerAppName, at: now, affected: affected)
            logEvent(.data, "global sign-out deleted \(user)'s tokens in keychain group \(group)"
                     + (affected.isEmpty ? "" : "; \(affected.joined(separator: ", ")) (embedded flow) still signed in"))
        }
        if snapshot.tokens!.keychains.values.contains(where: \.isEmpty) {
            snapshot.tokens!.keychains = snapshot.tokens!.keychains.filter { !$0.value.isEmpty }
        }
    }

    /// A global sign-in started from an app's own prompt gives that app the account's token
    /// when it goes through the broker.
    mutating func grantGlobalSignIn(to id: AppID, account: UserID) {
        let platform = profile.platform
        guard let i = appIndex[id], let sso = snapshot.apps[i].definition.sso, SSORules.path(of: sso, on: platform) == .broker,
              SSORules.registrationProblem(sso, registrations: tenant.appRegistrations, on: platform) == nil,
              SSORules.brokerProblem(sso, registrations: tenant.appRegistrations, on: platform) == nil else { return }
        // The app's log already has the call (`signIn`); the token state and the event log say where it came from.
        finish(i, sso, call: "acquireToken", .token(TokenGrant(account: account, source: .brokerPrompt)), inAppLog: false)
    }
}

extension TokenOutcome {
    /// `token:broker`, `failed:redirect-not-registered`: coverage keys.
    var coverageTag: String {
        switch self {
        case let .token(g): "token:\(g.source.tag)"
        case let .failed(f): "failed:\(f.misconfiguration?.tag ?? f.tag)"
        }
    }
}
