/// The calls of MSAL for Android and of Android itself that a developer's program makes over
/// the bridge (Docs/bridge-protocol.md), answered by the rules the catalogue's apps follow on
/// the Android profiles (Microsoft Learn, "Tutorial: Use shared-device mode in your Android
/// application"). On iOS each is refused with the call iOS has instead.
extension SharedDevice {
    mutating func androidCall(_ call: AppCall, at i: Int) -> Result<AppCallResult, AppCallError> {
        let id = snapshot.apps[i].id
        guard profile.platform == .android else {
            let instead = switch call {
            case .getCurrentAccountAsync: "msal/getCurrentAccount"
            case .signOut: "msal/signout"
            default: "the Darwin notification (msal/\(API.accountChangedNotification))"
            }
            return .failure(AppCallError(.refused, "an MSAL for Android call, not on \(profile.id.rawValue); use \(instead)"))
        }
        guard snapshot.apps[i].definition.msal != nil else {
            return .failure(AppCallError(.refused, "\(id) does not use MSAL (sdk: \(snapshot.apps[i].definition.sdk.label))"))
        }
        switch call {
        case .getCurrentAccountAsync: return .success(getCurrentAccountAsync(at: i))
        case .isSharedDevice:
            let value = isSharedDevice(of: snapshot.apps[i])
            let stale = isSharedDeviceStale(of: snapshot.apps[i]) ? " (stale: read as the process started)" : ""
            snapshot.apps[i].record(now, .call, API.isSharedDevice, "→ \(value)\(stale)")
            return .success(.sharedDevice(value))
        case .signOut:
            switch signOut(from: .app(id)) {
            case let .failure(r): return .failure(AppCallError(.refused, r.description))
            case .success:
                // MSAL forgets the caller's current account as it signs out: its next
                // getCurrentAccountAsync loads nobody rather than reporting a change.
                if snapshot.apps[i].token != nil { snapshot.apps[i].token?.loadedAccount = nil }
                return .success(.done)
            }
        case .registerReceiver, .unregisterReceiver:
            let on = call == .registerReceiver
            guard snapshot.apps[i].process?.receiverRegistered != on else { return .success(.done) }
            touch()
            if snapshot.apps[i].process == nil { snapshot.apps[i].process = AppProcess() }
            snapshot.apps[i].process?.receiverRegistered = on
            snapshot.apps[i].record(now, .call, on ? "registerReceiver" : "unregisterReceiver", API.currentAccountChangedAction)
            logEvent(.call, app: id, "\(id) \(on ? "registered" : "unregistered") a receiver for \(API.currentAccountChangedBroadcast) at run time")
            return .success(.done)
        default:
            return .failure(AppCallError(.invalidParams, "not an Android call"))
        }
    }

    /// `getCurrentAccountAsync` in a program: the broker's account against the one MSAL kept
    /// for the app (`AppTokenState.loadedAccount`, which survives the process as MSAL's cache
    /// does), so a program stopped through a sign-out learns it at its next start through
    /// `onAccountChanged(prior, current)`. An injected `nil-accounts` fault (Docs/faults.md)
    /// answers nobody, as it does `getCurrentAccount`.
    private mutating func getCurrentAccountAsync(at i: Int) -> AppCallResult {
        let id = snapshot.apps[i].id
        let before = snapshot.apps[i]
        let (current, _, fault) = answerGetCurrentAccount(at: i)
        let prior = snapshot.apps[i].token?.loadedAccount
        let callback = AccountCallback(prior: prior, current: current)
        touch()
        snapshot.apps[i].record(now, .call, API.getCurrentAccountAsync, note: .text("asked by the app"))
        snapshot.apps[i].record(now, .callback, callback.name, note: .accountCallback(prior: prior, current: current))
        if snapshot.apps[i].token == nil { snapshot.apps[i].token = AppTokenState() }
        snapshot.apps[i].token?.loadedAccount = current
        logEvent(.call, app: id, "\(id) → \(API.getCurrentAccountAsync): \(callback)")
        if let fault { nilAccountsFired(fault, at: i, before: before) }
        return .accountCallback(prior: prior, current: current)
    }
}
