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
            // An app signed in as someone else than the device's user: the next person works
            // as the previous one (an embedded-flow app after a global sign-out or check-in).
            if let account = apps[i].token?.account, account != deviceUser {
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
        return leaks + exposures
    }

    private static func owners(_ items: [StoredItem]) -> [UserID] {
        Array(Set(items.compactMap(\.owner))).sorted()
    }
}

extension ItemPayload {
    var isPlaintext: Bool { if case .plaintext = self { true } else { false } }
}
