import SessionEngine

/// The words of a forecast: what a rehearsal of the step did to each app (`StepForecast`),
/// said in a sentence (the forecast-and-confirm dialog) or a few words (the broker's
/// "If signed out now" column). Every clause reads a fact of the rehearsal; none is inferred
/// from the app's kind, so a sentence is only as true as the engine.
enum ForecastText {
    /// The dialog's sentence for one app: the step's outcome, then its next chance's when
    /// that was rehearsed and does something worth saying.
    static func sentence(_ f: AppForecast, action: DeviceAction) -> String {
        // A remove changes tokens, not data: what each app holds is not its outcome.
        let data: Bool
        if case .removeAccount = action { data = false } else { data = true }
        if f.program { return programSentence(f) }
        var text = clauses(f.step, data: data)
        if let next = f.next, worthSaying(next.outcome, after: f.step) {
            if next.kind == .refresh {
                let o = next.outcome
                text += "; next refresh: " + (o.refusal.map { "refused: \($0)" } ?? tokenClause(o.token) ?? "nothing changes")
            } else {
                // A fault that fired at the step is what the later leak is owed to.
                text += "; \(next.kind.rawValue): " + clauses(next.outcome, data: data, later: true, fault: f.step.fault)
            }
        }
        return text
    }

    /// A developer's program: what the SDK delivers to it, now and at its next chance, and
    /// that its own code decides the rest. A rehearsal cannot run the program, so what it
    /// keeps, deletes or shows is never forecast (Docs/forecasts.md).
    static func programSentence(_ f: AppForecast) -> String {
        func delivered(_ o: AppOutcome) -> String? {
            if let refusal = o.refusal { return "refused: \(refusal)" }
            if !o.received.isEmpty { return "the SDK delivers " + names(o.received) }
            return o.missed.map(missText)
        }
        var parts = [delivered(f.step).map { "now " + $0 } ?? "the SDK delivers nothing now"]
        if let next = f.next, next.kind != .refresh, let later = delivered(next.outcome) { parts.append("at its \(next.kind.rawValue) " + later) }
        else if let next = f.step.verdict.next { parts.append("it learns at its \(next.rawValue)") }
        return parts.joinedText(separator: "; ") + "; what it keeps, deletes or shows is its own code's choice"
    }

    /// A few words, longest first, for the broker's column (the step only).
    static func briefForms(_ f: AppForecast) -> [String] {
        let o = f.step
        let whose = owners(o.verdict.owners)
        switch o.verdict.kind {
        case .leak: return (o.fault.map { ["LEAK: shows \(whose) data (\($0.dropPrefix("injected ")))"] } ?? []) + ["LEAK: shows \(whose) data", "LEAK: \(whose)", "LEAK"]
        case .willLeak: return ["WILL LEAK \(whose) data", "WILL LEAK \(whose)", "WILL LEAK"]
        default: break
        }
        let holders = Set(o.holds.compactMap(\.owner)).sorted(), kept = owners(holders)
        if !o.received.isEmpty {
            // Android's broadcast notifies as iOS's Darwin notification does.
            let how = o.received.contains(API.accountChangedNotification) || o.received.contains(API.currentAccountChangedBroadcast)
                ? "notified" : "called back"
            if !o.deleted.isEmpty { return ["\(how), deletes \(count(o.deleted, "item"))", "\(how), clears", how] }
            return holders.isEmpty ? ["\(how): holds no data", how] : ["\(how), keeps \(kept)", how]
        }
        if let missed = o.missed {
            return holders.isEmpty ? ["missed: holds no data", "missed, no data", "missed"]
                : ["missed (\(missed.short)): keeps \(kept)", "missed: keeps \(kept)", "missed: keeps data", "missed"]
        }
        return holders.isEmpty ? ["not told: no user data", "holds no user data", "no user data"]
            : ["not told now: keeps \(kept)", "not told: keeps \(kept)", "keeps \(kept)", "keeps data"]
    }

    /// What one run did to the app: what reached it (or why nothing did), then what it
    /// deleted, lost and still holds, its leak and its block. `data`: whether what it holds
    /// is part of the outcome; `later`: a rehearsed next chance, not the step.
    static func clauses(_ o: AppOutcome, data: Bool = true, later: Bool = false, fault: String? = nil) -> String {
        // A leak an injected fault causes names it, so the reader tells a fault from a bug.
        let cause = (o.fault ?? fault).map { " because of \($0)" } ?? ""
        if let refusal = o.refusal { return "refused: \(refusal)" }
        var lead = o.received.isEmpty ? "" : "gets " + names(o.received)
        if !o.calls.isEmpty { lead += (lead.isEmpty ? "calls " : ", calls ") + names(o.calls) }
        // MSAL for Android answers getCurrentAccountAsync through its callbacks: the call
        // comes first, then what it got back.
        if o.calls.contains(API.getCurrentAccountAsync), !o.received.isEmpty {
            lead = "calls " + names(o.calls) + ", gets " + names(o.received)
        }
        if lead.isEmpty { lead = o.missed.map(missText) ?? (later ? "nothing reaches it" : "not told") }
        var effects: [String] = []
        if !o.deleted.isEmpty { effects.append("deletes " + items(o.deleted)) }
        if o.token != o.tokenBefore, let token = tokenClause(o.token) { effects.append(token) }
        else if !data, case let .valid(account, _) = o.token { effects.append("keeps \(account)'s token") }
        switch o.verdict.kind {
        case .leak: effects.append("LEAK: shows \(owners(o.verdict.owners)) data" + cause)
        case .willLeak: effects.append("WILL LEAK \(owners(o.verdict.owners)) data at its \(o.verdict.next?.rawValue ?? "next foreground")" + cause)
        default:
            guard data else { break }
            if !o.holds.isEmpty { effects.append("holds " + items(o.holds)) }
            else if o.deleted.isEmpty { effects.append("holds no user data") }
        }
        if let block = o.block { effects.append(blockSentence(block)) }
        return effects.isEmpty ? lead : lead + ": " + effects.joinedText(separator: ", ")
    }

    /// An app's block as a trainer says it: what the person sees and until when.
    static func blockSentence(_ block: AppBlock) -> String {
        switch block {
        case .checkedIn: "then it stays blocked until someone checks the device out"
        case .blockedUntilRelaunch: "then it stays blocked until it is relaunched"
        case .locked: "then it stays locked until the device is unlocked"
        }
    }

    /// Whether a rehearsed next chance says more than the step did: something reaches the app,
    /// it deletes something, its token or block changes, or it shows someone's data.
    static func worthSaying(_ next: AppOutcome, after step: AppOutcome) -> Bool {
        !next.received.isEmpty || !next.deleted.isEmpty || next.token != next.tokenBefore || next.block != step.block
            || next.refusal != nil || next.verdict.isLeakOrWillLeak || next.holds != step.holds
    }

    /// `cou1's 2 preferences and 3 sealed items it cannot open, cou2's 1 item and 1 common
    /// item`: each owner's, then the common ones.
    static func items(_ holdings: [Holding]) -> String {
        var byOwner: [(owner: UserID?, parts: [String])] = []
        for h in holdings.sorted(by: { ($0.owner == nil ? 1 : 0) < ($1.owner == nil ? 1 : 0) }) {
            let noun: String
            switch h.dataClass {
            case .preference: noun = "preference"
            case .common: noun = "common item"
            default: noun = h.readable ? "item" : "sealed item"
            }
            let part = count(h.count, noun) + (h.readable ? "" : " it cannot open")
            if let i = byOwner.firstIndex(where: { $0.owner == h.owner }) { byOwner[i].parts.append(part) }
            else { byOwner.append((h.owner, [part])) }
        }
        let groups = byOwner.map { ($0.owner.map { "\($0)'s " } ?? "") + $0.parts.joinedText(separator: " and ") }
        if groups.count > 1, byOwner.last?.owner == nil {
            return groups.dropLast().joinedText(separator: ", ") + " and " + groups[groups.count - 1]
        }
        return groups.joinedText(separator: ", ")
    }

    /// `getCurrentAccount ×2` for a name that comes twice in a row.
    static func names(_ list: [String]) -> String {
        var out: [(name: String, times: Int)] = []
        for name in list {
            if out.last?.name == name { out[out.count - 1].times += 1 } else { out.append((name, 1)) }
        }
        return out.map { $0.times == 1 ? $0.name : "\($0.name) ×\($0.times)" }.joinedText(separator: ", ")
    }

    /// The token after the run, when it changed.
    static func tokenClause(_ status: TokenStatus) -> String? {
        switch status {
        case .notConfigured, .inFlight: nil
        case .none: "no token left"
        case let .valid(account, _): "holds \(account)'s token"
        case let .removed(account, by): "\(account)'s token gone from its keychain group (a remove in \(by))"
        case let .failed(failure): TokenText.failureForms(failure).first
        }
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func count(_ holdings: [Holding], _ noun: String) -> String { count(holdings.reduce(0) { $0 + $1.count }, noun) }

    /// `cou1's`, `cou1's and cou2's`.
    static func owners(_ users: [UserID]) -> String {
        users.isEmpty ? "no one's" : users.map { "\($0)'s" }.joinedText(separator: " and ")
    }

    /// Why the account change does not reach the app, in its platform's words: Android's
    /// broadcast goes only to running apps with a runtime receiver, and the account's removal
    /// in Settings sends none (Microsoft Learn, shared device mode for Android).
    static func missText(_ reason: MissReason) -> String {
        switch reason {
        case .accountRemovedInSettings: "is not told (no broadcast)"
        case .stopped: "gets nothing (stopped)"
        case .cached: "gets the broadcast when it resumes (cached)"
        case .manifestReceiver, .noReceiver: "misses the broadcast (\(reason.rawValue))"
        default: "misses the notification (\(reason.rawValue))"
        }
    }
}
