import SessionEngine

/// A pane's compact history: what the app received, called and missed, one row per entry
/// (gathered newest first, so the latest are the ones kept; `PaneLayout` draws them oldest
/// first), so the wipe and the user-change callback both show in an 80x24 pane. Each
/// entry reads as wide as the pane allows: with the time and its detail, the API name alone,
/// or a short label (`← wipe callback`). The zoomed pane shows every entry whole.
enum PaneHistory {
    /// The entries the compact history shows, newest first; a run of the same entry (a
    /// notification missed at every sign-in) is one entry with its count.
    static func entries(_ app: AppRuntime) -> [(entry: AppLogEntry, count: Int)] {
        var out: [(entry: AppLogEntry, count: Int)] = []
        for e in app.log.reversed() where [.callback, .notification, .call, .missed].contains(e.kind) {
            // Android: getCurrentAccountAsync's callback names the call; the row goes to what it answered.
            if e.kind == .call, e.name == API.getCurrentAccountAsync, let last = out.last, last.entry.kind == .callback,
               last.entry.name == API.onAccountChanged || last.entry.name == API.onAccountLoaded { continue }
            // MSAL for Android calls onAccountChanged and then onAccountLoaded in one answer: the
            // compact history keeps the change, which names both accounts (the zoom shows both).
            if e.kind == .callback, e.name == API.onAccountChanged, let last = out.last, last.count == 1,
               last.entry.kind == .callback, last.entry.name == API.onAccountLoaded, last.entry.time == e.time {
                out[out.count - 1] = (e, 1)
                continue
            }
            if let last = out.last, last.entry.kind == e.kind, last.entry.name == e.name, last.entry.detail == e.detail {
                out[out.count - 1].count += 1
            } else {
                out.append((e, 1))
            }
        }
        return out
    }

    /// One row per entry, in the order given (`PaneLayout` gives them oldest first), in `width` columns. Every row takes the same form (all
    /// whole, all API names, all short labels), the widest that fits them all, so they read alike.
    static func rows(_ entries: [(entry: AppLogEntry, count: Int)], width: Int) -> [PaneLogView.Row] {
        guard width > 0 else { return [] }
        let time = SimInstant.shiftStart.description.count + 1
        func text(_ e: (entry: AppLogEntry, count: Int), tier: Int) -> String {
            let f = forms(e.entry)
            return f[min(tier, f.count - 1)] + (e.count > 1 ? " ×\(e.count)" : "")
        }
        let tiers = entries.map { forms($0.entry).count }.max() ?? 1
        // The time goes on every row or on none, so the rows line up.
        let timed = entries.allSatisfy { TextWidth.of(text($0, tier: 1)) <= width - time }
        let room = width - (timed ? time : 0)
        // Failing a form down to the short labels that fits every row, each row takes its own
        // widest from the short labels on.
        let uniform = (0..<min(3, tiers)).first { t in entries.allSatisfy { TextWidth.of(text($0, tier: t)) <= room } }
        return entries.enumerated().map { i, e in
            let tier = uniform ?? (2..<tiers).first { TextWidth.of(text(e, tier: $0)) <= room } ?? tiers - 1
            // A miss the app has answered since (it was launched and asked, or was told) is
            // history: dim, not the warning of a miss that is still the app's latest news.
            let superseded = e.entry.kind == .missed && entries.dropFirst(i + 1).contains { $0.entry.kind != .missed }
            return PaneLogView.Row(time: timed ? e.entry.time.description : nil, text: TextWidth.truncate(text(e, tier: tier), to: room),
                                   indent: timed ? time : 0, kind: superseded ? .data : kind(e.entry))
        }
    }

    static func kind(_ e: AppLogEntry) -> PaneLogView.Kind {
        switch e.kind {
        case .callback, .notification: .callback
        case .missed: .missed
        default: .call
        }
    }

    /// The entry from the widest form to the narrowest: whole with its detail, the API name,
    /// a short label of at most 22 columns (the narrowest pane's inside).
    static func forms(_ e: AppLogEntry) -> [String] {
        let full = PaneLogView.describe(e).0
        switch e.kind {
        case .callback:
            let short: String
            switch e.name {
            case API.didWipeCurrentUserData: short = "← wipe callback"
            case API.didDetectUserChange: short = "← user-change callback"
            case API.didFinishInitialCheck: short = e.detail.hasSuffix("nil") ? "← initial check: ok" : "← initial check failed"
            // The accounts are what these callbacks say: they stay in every form but the whole one.
            case API.onAccountChanged: return [full, "← changed: " + PaneLogView.accounts(e.detail)]
            case API.onAccountLoaded: return [full, "← loaded: " + e.detail]
            default: short = "← " + e.name
            }
            return [full, "← " + e.name, short, short]
        // Android's broadcast: its BROADCAST_TYPE is what a narrow pane keeps.
        case .notification where e.name == API.currentAccountChangedBroadcast:
            let type = e.detail == BroadcastType.registrationStart.rawValue ? "registration start" : e.detail
            return [full, "← \(type) broadcast", "← " + type]
        case .notification:
            return [full, "← " + e.name, "← ACCOUNT_CHANGED", "← ACCOUNT_CHANGED"]
        case .missed where e.name == API.currentAccountChangedBroadcast:
            let reason = MissReason(rawValue: e.detail)?.short ?? e.detail
            return [full, "✗ missed (\(reason))", "✗ \(reason)", "✗ missed"]
        case .missed:
            let reason = MissReason(rawValue: e.detail)?.short ?? e.detail
            return [full, "✗ missed ACCOUNT_CHANGED (\(reason))", "✗ missed (\(reason))", "✗ missed notification", "✗ missed"]
        default:
            let current = e.detail.firstRange(of: "current: ").map { e.detail[$0.upperBound...].prefix { $0 != "," } }
            // getCurrentAccountAsync is wider than the narrowest pane: its short label says what it asks.
            let short = e.name == API.getCurrentAccountAsync ? "→ current account?" : "→ " + e.name
            if e.name == API.isSharedDevice {
                let value = "→ \(e.name)(): " + e.detail.prefix { $0 != " " }
                return [full, value, value]
            }
            return [full, "→ " + e.name + (current.map { ": \($0)" } ?? ""), short, short]
        }
    }
}
