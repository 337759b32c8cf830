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

    public init(app: AppID, severity: Severity, owners: [UserID], currentUser: UserID?, itemCount: Int) {
        self.app = app; self.severity = severity; self.owners = owners; self.currentUser = currentUser; self.itemCount = itemCount
    }

    public var message: String {
        let whose = owners.map(\.name).joined(separator: ", ")
        let now = currentUser.map { "\($0) is signed in" } ?? "the device is checked in"
        switch severity {
        case .visibleLeak: return "LEAK: \(app) shows \(itemCount) item(s) of \(whose) while \(now)"
        case .atRestExposure: return "exposure: \(app) keeps \(itemCount) plaintext item(s) of \(whose) while \(now)"
        }
    }
}

/// The leak audit: a pure function of the device, run after every event.
public enum LeakAudit {
    /// Visible leaks first, then exposures, in app order.
    public static func findings(apps: [AppRuntime], deviceUser: UserID?, uiBlocked: (AppRuntime) -> Bool) -> [LeakFinding] {
        var leaks: [LeakFinding] = [], exposures: [LeakFinding] = []
        for app in apps {
            if app.lifecycle == .foreground && !uiBlocked(app) {
                let shown = app.visibleItems.filter { $0.item.owner != nil && $0.item.owner != deviceUser }
                if !shown.isEmpty {
                    leaks.append(LeakFinding(app: app.id, severity: .visibleLeak, owners: owners(shown.map(\.item)),
                                             currentUser: deviceUser, itemCount: shown.count))
                }
            }
            let atRest = app.storage.filter { item in
                guard let owner = item.owner, owner != deviceUser else { return false }
                return item.payload.isPlaintext
            }
            if !atRest.isEmpty {
                exposures.append(LeakFinding(app: app.id, severity: .atRestExposure, owners: owners(atRest),
                                             currentUser: deviceUser, itemCount: atRest.count))
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
