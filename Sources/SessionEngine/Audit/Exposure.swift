/// One item of another user's data that can be read on the device now: the audit screen's
/// row. Either shown (a visible leak) or kept in plaintext (an at-rest exposure).
public struct Exposure: Equatable, Sendable {
    public var app: AppID
    public var itemID: String
    /// The item as it reads (plaintext, or opened with the keys the app holds).
    public var text: String
    /// Whose data it is.
    public var owner: UserID
    /// When the owner's last session ended (nil: no session of theirs ended yet).
    public var since: SimInstant?
    /// On screen now, not only kept.
    public var shown: Bool
    /// Which callback or notification the app missed or ignored, or why it keeps the item.
    public var why: String
}

extension SharedDevice {
    /// Every item of a user other than the signed-in one that the device can read now, app
    /// by app: those shown first, then those kept in plaintext. Sealed items whose key is gone
    /// are not exposed, and neither is common data.
    public var exposures: [Exposure] {
        var list: [Exposure] = []
        for app in snapshot.apps {
            let user = auditUser(of: app)
            let shownIDs = snapshot.findings.contains { $0.app == app.id && $0.severity == .visibleLeak }
                ? Set(visibleItems(of: app).filter { $0.item.owner != nil && $0.item.owner != user }.map(\.item.id)) : []
            let cause = leakCause(of: app) ?? "kept in plaintext"
            // Why each owner's items are kept: worked out once per owner, not once per item.
            var why: [UserID: String] = [:]
            for item in app.storage {
                guard let owner = item.owner, owner != user else { continue }
                let shown = shownIDs.contains(item.id)
                guard shown || item.payload.isPlaintext, let text = open(item, in: app) else { continue }
                // An injected fault that left the owner's data behind comes first (Docs/faults.md):
                // the reader must tell a fault from a bug.
                let reason = why[owner] ?? (explainingFault(of: app.id, owners: [owner]).map { "\($0.explanation); \(cause)" } ?? cause)
                why[owner] = reason
                list.append(Exposure(app: app.id, itemID: item.id, text: text, owner: owner, since: sessionEnd(of: owner),
                                     shown: shown, why: reason))
            }
        }
        return list.filter(\.shown) + list.filter { !$0.shown }
    }

    /// The one count every screen calls "exposed": the items of a user other than the
    /// signed-in one that the device can read now, shown or kept (`exposures`). The device's
    /// header, F3, the audit's title and a comparison's tab all read this, so they never
    /// disagree; what was counted over the session (`snapshot.exposureCount`, once per app and
    /// owner) is the event log's and the store's, not a number on screen.
    public var exposedCount: Int { exposures.count }

    /// When `user`'s most recent session ended.
    func sessionEnd(of user: UserID) -> SimInstant? {
        snapshot.history.last { $0.user == user && $0.endedAt != nil }?.endedAt
    }
}
