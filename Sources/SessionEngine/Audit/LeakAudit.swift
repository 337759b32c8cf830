/// One finding of the leak audit (Docs/decisions.md, "Leak audit and step mode").
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

    /// The finding in a line, in the profile's words (Workspace ONE: checked out / checked
    /// in; Entra: signed in / signed out), naming what leaks: items, a token.
    public func message(_ profile: ProfileID) -> String {
        message(profile, what: itemCount == 1 ? "1 item" : "\(itemCount) items")
    }

    /// The line with `what` naming the items (`2 items`, `1 item and 2 preferences`).
    func message(_ profile: ProfileID, what: String) -> String {
        let whose = owners.isEmpty ? "another user's" : owners.map { "\($0.name)'s" }.joined(separator: " and ")
        let viewer: String
        switch (currentUser, profile.family) {
        case let (user?, .workspaceOne): viewer = "while the device is checked out to \(user)"
        case let (user?, .entra): viewer = "while \(user) is signed in"
        case (nil, .workspaceOne): viewer = "while the device is checked in"
        case (nil, .entra): viewer = "while nobody is signed in"
        }
        let hasItems = itemCount > 0
        switch severity {
        case .visibleLeak:
            let to = currentUser.map { "to \($0)" } ?? viewer
            if !hasItems { return "LEAK: \(app) uses \(whose) token \(currentUser.map { "for \($0)" } ?? viewer)" }
            return "LEAK: \(app) shows \(whose) \(what) \(to)" + (token == true ? " and uses \(whose) token" : "")
        case .atRestExposure:
            let parts = [hasItems ? "\(whose) \(what) in plaintext" : nil, token == true ? "\(whose) token" : nil].compactMap { $0 }
            return "exposure: \(app) keeps \(parts.joined(separator: " and ")) \(viewer)"
        }
    }
}

/// The leak audit: a pure function of the device, run after every event.
public enum LeakAudit {
    /// Visible leaks first, then exposures, in app order.
    ///
    /// Runs after every event, so it reads fields in place (`apps[i].x`) rather than copying
    /// each app: a copy retains every array it holds, which dominated a 1,000-app broadcast.
    public static func findings(apps: [AppRuntime], deviceUser: UserID?, signedInAlone: [UserID] = [], cipher: any Cipher,
                                uiBlocked: (AppRuntime) -> Bool) -> [LeakFinding] {
        var leaks: [LeakFinding] = [], exposures: [LeakFinding] = []
        for i in apps.indices {
            audit(apps, at: i, deviceUser: deviceUser, signedInAlone: signedInAlone, cipher: cipher, uiBlocked: uiBlocked,
                  leaks: &leaks, exposures: &exposures)
        }
        return leaks + exposures
    }

    /// The findings of the apps at `indices` (ascending) only: `previous` (the audit of the
    /// same device before an event that changed nothing but those apps) with their findings
    /// replaced, in the order `findings` gives. An event that launches or backgrounds one app
    /// visits two apps, not all of them: starting N apps one by one cost N² app visits.
    static func findings(updating previous: [LeakFinding], apps: [AppRuntime], at indices: [Int], index: [AppID: Int],
                         deviceUser: UserID?, signedInAlone: [UserID] = [], cipher: any Cipher,
                         uiBlocked: (AppRuntime) -> Bool) -> [LeakFinding] {
        var leaks: [LeakFinding] = [], exposures: [LeakFinding] = []
        for i in indices {
            audit(apps, at: i, deviceUser: deviceUser, signedInAlone: signedInAlone, cipher: cipher, uiBlocked: uiBlocked,
                  leaks: &leaks, exposures: &exposures)
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

    /// Who uses `apps[i]` now: the device's user; with nobody checked out or signed in, the
    /// account the app was signed in to by that person themselves since the last session
    /// ended (signing yourself in is not a leak); else nobody.
    @inline(__always)
    static func viewer(of apps: [AppRuntime], at i: Int, deviceUser: UserID?, signedInAlone: [UserID]) -> UserID? {
        if let deviceUser { return deviceUser }
        guard !signedInAlone.isEmpty, let account = apps[i].tokenAccount, signedInAlone.contains(account) else { return nil }
        return account
    }

    /// One app's findings: one visible leak (the token it uses and the items it shows of
    /// other users) and one at-rest exposure (the token and plaintext items it keeps), each
    /// at most once. Inlined: as a call of its own it retained each app's storage (an audit
    /// of 10,000 Workspace ONE apps took twice as long).
    @inline(__always)
    private static func audit(_ apps: [AppRuntime], at i: Int, deviceUser: UserID?, signedInAlone: [UserID], cipher: any Cipher,
                              uiBlocked: (AppRuntime) -> Bool, leaks: inout [LeakFinding], exposures: inout [LeakFinding]) {
        let user = viewer(of: apps, at: i, deviceUser: deviceUser, signedInAlone: signedInAlone)
        let inFront = apps[i].lifecycle == .foreground && !uiBlocked(apps[i])
        // An app signed in as someone else than its user: the next person works as the
        // previous one (an embedded-flow app after a global sign-out, an MSAL app beside the Hub).
        var tokenOwner: UserID?
        if let account = apps[i].tokenAccount, account != user { tokenOwner = account }
        if inFront {
            let shown = apps[i].visibleItems(cipher: cipher).filter { $0.item.owner != nil && $0.item.owner != user }
            if !shown.isEmpty || tokenOwner != nil {
                var whose = Set(shown.compactMap(\.item.owner))
                if let tokenOwner { whose.insert(tokenOwner) }
                leaks.append(LeakFinding(app: apps[i].id, severity: .visibleLeak, owners: whose.sorted(),
                                         currentUser: user, itemCount: shown.count, token: tokenOwner != nil ? true : nil))
            }
        }
        var exposed = 0
        var exposedOwners: Set<UserID> = []
        for item in apps[i].storage {
            guard let owner = item.owner, owner != user, item.payload.isPlaintext else { continue }
            exposed += 1
            exposedOwners.insert(owner)
        }
        let keptToken = !inFront ? tokenOwner : nil
        if let keptToken { exposedOwners.insert(keptToken) }
        if exposed > 0 || keptToken != nil {
            exposures.append(LeakFinding(app: apps[i].id, severity: .atRestExposure, owners: exposedOwners.sorted(),
                                         currentUser: user, itemCount: exposed, token: keptToken != nil ? true : nil))
        }
    }

    private static func owners(_ items: [StoredItem]) -> [UserID] {
        Array(Set(items.compactMap(\.owner))).sorted()
    }
}

extension ItemPayload {
    var isPlaintext: Bool { if case .plaintext = self { true } else { false } }
}
