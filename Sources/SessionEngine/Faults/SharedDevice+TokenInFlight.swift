/// The `token-in-flight` fault (Docs/faults.md): an app's silent token request still under way
/// when the session ends. In Entra shared device mode the broker's global sign-out cancels
/// the silent requests it has pending before it signs out, so none writes the signed-out
/// account back (MSAL common for Android, "Add CommandDispatcher methods to stop and reset
/// silent request executor"; the app gets an error, seen as "thread interrupted"). A
/// Workspace ONE check-in tells no broker: the request finishes after it, and the previous
/// user's token lands in the app's keychain group after the check-in (the race MSAL for
/// Python's "Potential loss of sign-out" describes).
extension SharedDevice {
    /// The armed `token-in-flight` fault of `id`, taken off the armed list; nil when none.
    mutating func takeTokenInFlightFault(_ id: AppID) -> ArmedFault? {
        guard let k = snapshot.faults?.armed.firstIndex(where: { $0.app == id && $0.fault.kind == .tokenInFlight }) else { return nil }
        return snapshot.faults?.armed.remove(at: k)
    }

    /// The app at `i` sends its silent request and it stays in flight: the answer it would get
    /// now is kept and comes back when the session ends (`interruptTokensInFlight`).
    mutating func beginTokenInFlight(_ fault: ArmedFault, at i: Int, _ sso: SSOConfiguration) -> TokenOutcome {
        let id = snapshot.apps[i].id
        let answer = silentOutcome(i, sso)
        let request = TokenInFlight(app: id, faultID: fault.id, answer: answer, sentAt: now)
        let inFlight = (snapshot.faults?.tokensInFlight ?? []) + [request]
        snapshot.faults?.tokensInFlight = inFlight
        finish(i, sso, call: "acquireTokenSilent", .failed(.inFlight))
        let what = answer.grant.map { "\($0.account)'s token" } ?? "its answer (\(answer))"
        recordFiring(fault, at: "\(id): acquireTokenSilent", "\(id)'s acquireTokenSilent stays in flight (injected)",
                     consequence: "\(id)'s silent request is in flight: \(what) comes back when the session ends")
        return .failed(.inFlight)
    }

    /// The session of `user` ends with silent requests in flight. A global sign-out (Entra)
    /// cancels them first: each app gets `interrupted`, and no token is written back. A
    /// check-in (Workspace ONE) tells no broker: each finishes with the answer it was sent for.
    mutating func interruptTokensInFlight(signedOut user: UserID) {
        guard let requests = snapshot.faults?.tokensInFlight, !requests.isEmpty else { return }
        snapshot.faults?.tokensInFlight = []
        let broker = isSharedDeviceMode
        for request in requests {
            guard let i = appIndex[request.app], let sso = snapshot.apps[i].definition.sso else { continue }
            guard snapshot.apps[i].lifecycle.isRunning else {
                logEvent(.fault, app: request.app, "fault #\(request.faultID): \(request.app)'s silent request ended with its process (injected)")
                updateFiring(request.faultID, "\(request.app) stopped before its silent request came back: no token, no error")
                continue
            }
            if broker {
                finish(i, sso, call: "acquireTokenSilent", .failed(.interrupted(by: user)))
                let line = "the global sign-out of \(user) cancelled \(request.app)'s silent request: it got 'interrupted', and no token of \(user)'s was written back"
                logEvent(.fault, app: request.app, "fault #\(request.faultID): \(line) (injected)")
                updateFiring(request.faultID, line)
            } else {
                finish(i, sso, call: "acquireTokenSilent", request.answer)
                let line = request.answer.grant.map {
                    "\(request.app)'s silent request came back after \(user) checked in: \($0.account)'s token is in \(request.app) and its keychain group"
                } ?? "\(request.app)'s silent request came back after \(user) checked in: \(request.answer)"
                logEvent(.fault, app: request.app, "fault #\(request.faultID): \(line) (injected)")
                updateFiring(request.faultID, line)
            }
        }
        audit()
    }

    /// Records that `fault` fired: moved to the fired list with its effect, counted, logged as injected.
    private mutating func recordFiring(_ fault: ArmedFault, at delivery: String, _ what: String, consequence: String) {
        let during = snapshot.faults?.lastTransition
        let effect = FaultEffect(fault: fault, firedAt: now, during: during, delivery: delivery, consequence: consequence)
        snapshot.faults?.fired.append(effect)
        if let count = snapshot.faults?.fired.count, count > FaultBook.firedLimit {
            snapshot.faults?.fired.removeFirst(count - FaultBook.firedLimit)
        }
        cover(.fault(fault.fault.kind, during: during))
        logEvent(.fault, app: fault.app, "fault #\(fault.id) fired: \(what)")
    }

    /// Rewrites the consequence of fault `id` once its outcome is known.
    private mutating func updateFiring(_ id: Int, _ line: String) {
        guard let k = snapshot.faults?.fired.lastIndex(where: { $0.fault.id == id }) else { return }
        snapshot.faults?.fired[k].consequence = line
    }
}

/// A silent token request a `token-in-flight` fault keeps under way: the answer it was sent for.
public struct TokenInFlight: Codable, Equatable, Sendable {
    public var app: AppID
    public var faultID: Int
    /// What the request would have got when it was sent.
    public var answer: TokenOutcome
    public var sentAt: SimInstant
}
