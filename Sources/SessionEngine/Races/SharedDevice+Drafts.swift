/// Unsaved work in an app's memory: what a wipe callback does not reach (Docs/faults.md,
/// "check-in-while-suspended-with-unsaved-data").
extension SharedDevice {
    /// **write a draft**: the person types in the app in front and does not save. The text
    /// lives in the app's memory only, owned by whoever the app shows: a suspended app keeps
    /// it, a terminated one loses it. The Workspace ONE SDK's wipe callback asks the app to
    /// delete its stored data (004, Programming Interface), and the catalogue's apps delete
    /// exactly that: an editor restored on resume shows the draft to whoever is in front.
    public mutating func writeDraft(_ id: AppID) -> Result<StoredItem, Refusal> {
        let event = StepName.writeDraft.rawValue
        guard let i = appIndex[id] else { return refuse(event, unknownApp(id)) }
        if snapshot.apps[i].definition.isExternal {
            return refuse(event, .cannotWriteDraft(id, reason: "a developer's program keeps its own screen"))
        }
        guard snapshot.apps[i].lifecycle == .foreground, snapshot.foreground == .app(id) else { return refuse(event, .cannotWriteDraft(id, reason: "launch it first")) }
        if let why = block(of: snapshot.apps[i]) { return refuse(event, .cannotWriteDraft(id, reason: "it is \(why.rawValue)")) }
        guard let owner = snapshot.apps[i].currentUser else { return refuse(event, .cannotWriteDraft(id, reason: "it shows no user yet")) }
        touch()
        let draft = StoredItem(id: "\(id)-draft", owner: owner, dataClass: .plain, payload: .plaintext("Unsaved draft by \(owner)"))
        let now = self.now
        withApp(id) { app in
            app.draft = draft
            app.record(now, .data, "draft", "\(owner) typed a draft, not saved (memory only)")
        }
        logEvent(.data, app: id, "\(owner) typed a draft in \(id), not saved: it lives in the app's memory only")
        cover(.race("unsaved-draft"))
        audit(touching: [id])
        return .success(draft)
    }

    /// The app's process ended: its unsaved draft is gone with it (whose work is lost).
    mutating func loseDraft(of id: AppID) {
        guard let i = appIndex[id], let draft = snapshot.apps[i].draft else { return }
        let now = self.now
        withApp(id) { app in
            app.draft = nil
            app.record(now, .data, "draft", "\(draft.owner?.name ?? "nobody")'s unsaved draft lost with the process")
        }
        logEvent(.data, app: id, "\(draft.owner?.name ?? "nobody")'s unsaved draft in \(id) is lost: it was never saved")
    }
}
