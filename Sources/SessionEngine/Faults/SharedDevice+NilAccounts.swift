/// The `nil-accounts` fault (Docs/faults.md): an MSAL app's `getCurrentAccount` answering no
/// current and no previous account whoever is signed in, as reported in the MSAL for iOS and
/// macOS issue threads "Returning Account name as nil" and "Get Account returning NULL". It
/// fires on the app's next call, whether the catalogue's app asks (at a notification, a
/// foreground or a cold start) or a developer's program does over the bridge.
extension SharedDevice {
    /// MSAL `getCurrentAccount` as the app at `i` gets it now: the profile's answer, or
    /// `(nil, nil)` when a `nil-accounts` fault armed on it fires (returned, taken off the armed list).
    mutating func answerGetCurrentAccount(at i: Int) -> (current: UserID?, previous: UserID?, fault: ArmedFault?) {
        let truth = currentAccount(at: i)
        let id = snapshot.apps[i].id
        guard let k = snapshot.faults?.armed.firstIndex(where: { $0.app == id && $0.fault.kind == .nilAccounts }),
              let fault = snapshot.faults?.armed.remove(at: k) else { return (truth.current, truth.previous, nil) }
        return (nil, nil, fault)
    }

    /// Records what the fault did once the app at `i` acted on the empty answer (`before`: the
    /// app as it was): the effect, its coverage and the log line that marks it as injected.
    mutating func nilAccountsFired(_ fault: ArmedFault, at i: Int, before: AppRuntime) {
        let truth = currentAccount(at: i)
        let app = snapshot.apps[i]
        var consequence = "\(app.id) was told no one is signed in, though "
            + (truth.current.map { "\($0.name) is" } ?? "no one is")
            + (truth.previous.map { " (previous \($0.name))" } ?? "")
        if let earlier = before.currentUser {
            let held = before.storage.filter { $0.owner == earlier }.count
            let left = app.storage.filter { $0.owner == earlier }.count
            consequence += left < held
                ? ": it cleared \(earlier.name)'s \(held - left) item\(held - left == 1 ? "" : "s")"
                : ": it kept \(earlier.name)'s \(left) item\(left == 1 ? "" : "s")"
        }
        consequence += app.currentUser.map { " and shows \($0.name)" } ?? " and shows nobody"
        let during = snapshot.faults?.lastTransition
        let effect = FaultEffect(fault: fault, firedAt: now, during: during, delivery: "\(app.id): \(API.getCurrentAccount)",
                                 consequence: consequence)
        snapshot.faults?.fired.append(effect)
        if let count = snapshot.faults?.fired.count, count > FaultBook.firedLimit {
            snapshot.faults?.fired.removeFirst(count - FaultBook.firedLimit)
        }
        cover(.fault(.nilAccounts, during: during))
        logEvent(.fault, app: app.id, "\(fault.name) fired: \(app.id) → \(API.getCurrentAccount) answered current nil, previous nil (injected); \(consequence)")
    }
}
