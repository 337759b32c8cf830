import SessionEngine

/// The checks of what an app was told on Android, read off the app's own log (the entries the
/// engine records under the API names of MSAL for Android's single-account API and the broker's
/// `CURRENT_ACCOUNT_CHANGED` broadcast: Microsoft Learn, "Shared device mode for Android
/// devices"), and of Managed Home Screen's state (android-mhs).
extension Checks {
    static func android<Log: BidirectionalCollection<AppLogEntry>>(_ e: AppExpectation, recent: Log, app: AppRuntime, device: SharedDevice,
                        _ m: inout Mismatches) {
        if let expected = e.onAccountChanged {
            let told = recent.last { $0.name == API.onAccountChanged }
            let actual = told.map { "\(API.onAccountChanged)(\(changeText(accountChange($0.detail))))" } ?? "not told since the previous expectApp"
            let ok: Bool
            switch expected {
            case .notTold: ok = told == nil
            case let .told(prior, current):
                ok = told.map { accountChange($0.detail) == (user(prior), user(current)) } ?? false
            }
            m.check(API.onAccountChanged, expected: expected == .notTold ? "not told" : "\(API.onAccountChanged)(\(expected))", actual: actual, ok)
        }
        if let expected = e.onAccountLoaded {
            let told = recent.last { $0.name == API.onAccountLoaded }
            let actual = told.map { "\(API.onAccountLoaded)(\(account($0.detail) ?? "none"))" } ?? "not told since the previous expectApp"
            let ok = expected == "not-told" ? told == nil : told.map { account($0.detail) == user(expected) } ?? false
            m.check(API.onAccountLoaded, expected: expected == "not-told" ? "not told" : "\(API.onAccountLoaded)(\(expected))", actual: actual, ok)
        }
        if let expected = e.broadcasts {
            let received = recent.filter { $0.kind == .notification && $0.name == API.currentAccountChangedBroadcast }.map { broadcastType($0.detail) }
            m.check("broadcasts received", expected: listText(expected), actual: listText(received), expected == received)
        }
        if let expected = e.missedBroadcasts {
            let missed = recent.filter { $0.kind == .missed && $0.name == API.currentAccountChangedBroadcast }
            let ok = expected.count == missed.count && zip(expected, missed).allSatisfy { want, entry in
                (want.type.map { $0 == missedType(entry) } ?? true)
                    && (want.reason.map { entry.detail.lowercased().contains($0.lowercased()) } ?? true)
            }
            let actual = missed.map { entry in missedType(entry).map { "\($0) (\(entry.detail))" } ?? entry.detail }
            m.check("broadcasts missed", expected: listText(expected.map(\.description)), actual: listText(actual), ok)
        }
        if let expected = e.isSharedDevice {
            let actual = device.isSharedDevice(of: app)
            m.check("\(API.isSharedDevice)()", expected: "\(expected)", actual: "\(actual)\(staleNote(app, device: device, actual))", expected == actual)
        }
    }

    /// Why an app's `isSharedDevice()` differs from the device's mode: it was read when the
    /// process was created (MSAL for Android's issue "MSFT apps do not get SDM state updates": the app must be recreated).
    private static func staleNote(_ app: AppRuntime, device: SharedDevice, _ value: Bool) -> String {
        guard device.isSharedDeviceStale(of: app) else { return "" }
        return " (stale: read when its process was created; the device is \(value ? "no longer" : "now") in shared device mode: relaunch the app)"
    }

    /// The `BROADCAST_TYPE` an app missed: the app's log keeps the reason only, and only a
    /// `GLOBAL_SIGN_OUT` is written there; an account removed in Settings sent none (nil).
    static func missedType(_ entry: AppLogEntry) -> String? {
        if entry.detail == MissReason.accountRemovedInSettings.rawValue { return nil }
        return BroadcastType.allCases.first { entry.detail.contains($0.rawValue) }?.rawValue ?? BroadcastType.globalSignOut.rawValue
    }

    /// `GLOBAL_SIGN_OUT` out of a detail that names the type first (`GLOBAL_SIGN_OUT: manifest receiver`).
    static func broadcastType(_ detail: String) -> String {
        BroadcastType.allCases.first { detail.contains($0.rawValue) }?.rawValue ?? detail
    }

    /// `cou1` out of `cou1`, `account: cou1`, `null`, `nil` or `none` (nil for no account).
    private static func account(_ text: String) -> String? {
        var t = Substring(text)
        if let colon = t.lastIndex(of: ":") { t = t[t.index(after: colon)...] }
        let word = t.trimmingCharacters(" ()")
        return ["", "nil", "null", "none"].contains(word) ? nil : word
    }

    /// The prior and current accounts of an `onAccountChanged` detail: `cou1 → cou2`, or
    /// `prior: cou1, current: cou2` in either order.
    static func accountChange(_ detail: String) -> (String?, String?) {
        if let arrow = detail.range(of: "→") {
            return (account(String(detail[..<arrow.lowerBound])), account(String(detail[arrow.upperBound...])))
        }
        var prior: String?, current: String?
        for part in detail.split(separator: ",") {
            let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(" ") }
            guard pair.count == 2 else { continue }
            if pair[0] == "prior" || pair[0] == "previous" { prior = account(pair[1]) }
            if pair[0] == "current" { current = account(pair[1]) }
        }
        return (prior, current)
    }

    private static func changeText(_ change: (String?, String?)) -> String {
        "\(change.0 ?? "none") → \(change.1 ?? "none")"
    }

    /// A user as written in a check: `none` is no account.
    private static func user(_ text: String) -> String? { text == "none" ? nil : UserID(text).name }

    // MARK: Managed Home Screen

    static func managedHomeScreen(_ e: DeviceExpectation, device: SharedDevice, _ m: inout Mismatches) {
        let mhs = device.managedHomeScreen
        if let c = e.countdown {
            let left = device.autoSignOutSecondsLeft
            let actual = left.map { "\($0) s left" } ?? "not shown"
            m.check("countdown", expected: c == "none" ? "not shown" : "\(c) s left", actual: actual, c == "none" ? left == nil : Int(c) == left)
        }
        if let s = e.screensaver {
            let shown = mhs?.screensaver ?? false
            m.check("screensaver", expected: s ? "shown" : "not shown", actual: shown ? "shown" : "not shown", s == shown)
        }
        if let n = e.pinAttemptsLeft {
            let left = pinAttemptsLeft(device)
            m.check("session PIN attempts left", expected: "\(n)", actual: left.map { "\($0)" } ?? "no limit (max_number_of_attempts_for_session_PIN is 0)", n == left)
        }
        if let p = e.sessionPIN {
            let actual = sessionPINState(mhs)
            m.check("session PIN", expected: p, actual: actual, p == actual)
        }
    }

    /// `set`, `needed` (the prompt waits for one) or `none`.
    static func sessionPINState(_ mhs: ManagedHomeScreenState?) -> String {
        mhs.map { $0.sessionPINHash != nil ? "set" : $0.mustSetSessionPIN ? "needed" : "none" } ?? "none"
    }

    /// Wrong session PINs MHS still accepts; nil when the policy sets no limit.
    static func pinAttemptsLeft(_ device: SharedDevice) -> Int? {
        guard let limit = device.tenant.managedHomeScreen.sessionPINAttemptLimit else { return nil }
        return max(0, limit - (device.managedHomeScreen?.failedPINAttempts ?? 0))
    }
}

private extension StringProtocol {
    func trimmingCharacters(_ set: String) -> String {
        let chars = Set(set + " ")
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s.removeFirst() }
        while let l = s.last, chars.contains(l) { s.removeLast() }
        return String(s)
    }
}
