/// One finding of the leak audit (SPEC §4).
public struct LeakFinding: Codable, Equatable, Hashable, Sendable {
    public enum Severity: String, Codable, Sendable {
        /// The app shows (or can decrypt) another user's items: the next user sees them.
        case visibleLeak = "leak"
        /// Another user's plaintext items are kept on the device (e.g. retained preferences).
        case atRestExposure = "exposure"
    }
    public var app: AppID
    public var severity: Severity
    /// Whose data it is.
    public var owners: [UserID]
    /// Who is signed in now (nil: checked in).
    public var currentUser: UserID?
    public var itemCount: Int
    /// True when the finding is the app's sign-in (it holds `owners`' token), not stored items.
    public var token: Bool?

    public init(app: AppID, severity: Severity, owners: [UserID], currentUser: UserID?, itemCount: Int, token: Bool? = nil) {
        self.app = app; self.severity = severity; self.owners = owners; self.currentUser = currentUser; self.itemCount = itemCount
        self.token = token
    }

    public var message: String {
        let whose = owners.map(\.name).joined(separator: ", ")
        let now = currentUser.map { "\($0) is signed in" } ?? "the device is checked in"
        if token == true {
            switch severity {
            case .visibleLeak: return "LEAK: \(app) is signed in as \(whose) while \(now)"
            case .atRestExposure: return "exposure: \(app) keeps \(whose)'s token while \(now)"
            }
        }
        switch severity {
        case .visibleLeak: return "LEAK: \(app) shows \(itemCount) item(s) of \(whose) while \(now)"
        case .atRestExposure: return "exposure: \(app) keeps \(itemCount) plaintext item(s) of \(whose) while \(now)"
        }
    }
}

/// The leak audit: a pure function of the device, run after every event.
public enum LeakAudit {
    /// Visible leaks first, then exposures, in app order.
    ///
    /// Runs after every event, so it reads fields in place (`apps[i].x`) rather than copying
    /// each app: a copy retains every array it holds, which dominated a 1,000-app broadcast.
    public static func findings(apps: [AppRuntime], deviceUser: UserID?, cipher: any Cipher,
                                uiBlocked: (AppRuntime) -> Bool) -> [LeakFinding] {
        var leaks: [LeakFinding] = [], exposures: [LeakFinding] = []
        for i in apps.indices {
            audit(apps, at: i, deviceUser: deviceUser, cipher: cipher, uiBlocked: uiBlocked, leaks: &leaks, exposures: &exposures)
        }
        return leaks + exposures
    }

    /// The findings of the apps at `indices` (ascending) only: `previous` (the audit of the
    /// same device before an event that changed nothing but those apps) with their findings
    /// replaced, in the order `findings` gives. An event that launches or backgrounds one app
    /// visits two apps, not all of them: starting N apps one by one cost N² app visits.
    static func findings(updating previous: [LeakFinding], apps: [AppRuntime], at indices: [Int], index: [AppID: Int],
                         deviceUser: UserID?, cipher: any Cipher, uiBlocked: (AppRuntime) -> Bool) -> [LeakFinding] {
        var leaks: [LeakFinding] = [], exposures: [LeakFinding] = []
        for i in indices {
            audit(apps, at: i, deviceUser: deviceUser, cipher: cipher, uiBlocked: uiBlocked, leaks: &leaks, exposures: &exposures)
        }
        let touched = Set(indices.map { apps[$0].id })
        let kept = previous.filter { !touched.contains($0.app) }
        func merged(_ old: [LeakFinding], _ new: [LeakFinding]) -> [LeakFinding] {
            // Both in app order: one merge by the apps' places on the device.
            var out: [LeakFinding] = []
            out.reserveCapacity(old.count + new.count)
            var a = 0, b = 0
            while a < old.count || b < new.count {
                if b == new.count || (a < old.count && index[old[a].app, default: 0] < index[new[b].app, default: 0]) {
                    out.append(old[a]); a += 1
                } else {
                    out.append(new[b]); b += 1
                }
            }
            return out
        }
        return merged(kept.filter { $0.severity == .visibleLeak }, leaks) + merged(kept.filter { $0.severity == .atRestExposure }, exposures)
    }

    /// One app's findings: its token, then what it shows, then what it keeps in plaintext.
    /// Inlined: as a call of its own it retained each app's storage (an audit of 10,000
    /// Workspace ONE apps took twice as long).
    @inline(__always)
    private static func audit(_ apps: [AppRuntime], at i: Int, deviceUser: UserID?, cipher: any Cipher,
                              uiBlocked: (AppRuntime) -> Bool, leaks: inout [LeakFinding], exposures: inout [LeakFinding]) {
        // An app signed in as someone else than the device's user: the next person works
        // as the previous one (an embedded-flow app after a global sign-out or check-in).
        if let account = apps[i].tokenAccount, account != deviceUser {
            let shown = apps[i].lifecycle == .foreground && !uiBlocked(apps[i])
            let finding = LeakFinding(app: apps[i].id, severity: shown ? .visibleLeak : .atRestExposure, owners: [account],
                                      currentUser: deviceUser, itemCount: 0, token: true)
            if shown { leaks.append(finding) } else { exposures.append(finding) }
        }
        if apps[i].lifecycle == .foreground && !uiBlocked(apps[i]) {
            let shown = apps[i].visibleItems(cipher: cipher).filter { $0.item.owner != nil && $0.item.owner != deviceUser }
            if !shown.isEmpty {
                leaks.append(LeakFinding(app: apps[i].id, severity: .visibleLeak, owners: owners(shown.map(\.item)),
                                         currentUser: deviceUser, itemCount: shown.count))
            }
        }
        var exposed = 0
        var exposedOwners: Set<UserID> = []
        for item in apps[i].storage {
            guard let owner = item.owner, owner != deviceUser, item.payload.isPlaintext else { continue }
            exposed += 1
            exposedOwners.insert(owner)
        }
        if exposed > 0 {
            exposures.append(LeakFinding(app: apps[i].id, severity: .atRestExposure, owners: exposedOwners.sorted(),
                                         currentUser: deviceUser, itemCount: exposed))
        }
    }

    private static func owners(_ items: [StoredItem]) -> [UserID] {
        Array(Set(items.compactMap(\.owner))).sorted()
    }
}

extension ItemPayload {
    var isPlaintext: Bool { if case .plaintext = self { true } else { false } }
}
