import Testing
@testable import SessionEngine

/// Unsaved work in a suspended app across a check-in (Docs/faults.md,
/// "check-in-while-suspended-with-unsaved-data"): the wipe callback deletes stored data
/// (004, Programming Interface), not the app's memory.
@Suite struct DraftTests {
    @Test func theDraftOfTheUserWhoCheckedInShowsToTheNextOne() {
        var d = Fixtures.staged(apps: ["notes"])
        _ = d.checkOut("cou1")
        _ = d.launch("notes")
        var t = Trail(d)
        guard case let .success(draft) = d.writeDraft("notes") else { Issue.record("no draft"); return }
        #expect(draft.owner == "cou1")
        #expect(t.take(d) == ["cou1 typed a draft in notes, not saved: it lives in the app's memory only"])
        #expect(d.findings.isEmpty)
        #expect(d.suspend("notes") == .success(.suspended))
        #expect(d.logOut() == .success(.checkedIn))
        #expect(d.checkOut("cou2") == .success(.checkedOut("cou2")))
        var inbox = Inbox()
        _ = inbox.take(d, "notes")
        _ = t.take(d)
        #expect(d.launch("notes") == .success(.foreground))
        #expect(inbox.take(d, "notes") == [wipe, userChange])
        #expect(t.take(d) == [
            "launch notes",
            "notes: foreground (resumed)",
            "notes ← \(wipe)",
            "notes ← \(userChange)",
            "LEAK: notes shows cou1's 1 item to cou2",
        ])
        // The stored items are cou2's; the draft in memory is cou1's and on screen.
        let shown = d.visibleItems(of: d.app("notes")!)
        #expect(shown.filter { $0.item.owner == "cou1" }.map(\.text) == ["Unsaved draft by cou1"])
        #expect(d.app("notes")!.storage.allSatisfy { $0.owner != "cou1" })
        #expect(d.findings.first { $0.severity == .visibleLeak }?.owners == ["cou1"])
        // Terminated, the app loses it: cou1's work is gone, and so is the leak.
        #expect(d.terminate("notes") == .success(.terminated))
        #expect(t.take(d) == [
            "notes: terminated",
            "notes terminated",
            "cou1's unsaved draft in notes is lost: it was never saved",
            "leak cleared in notes: it holds nothing of cou1's now",
        ])
        #expect(d.app("notes")!.draft == nil)
    }

    @Test func aDraftNeedsTheAppInFrontShowingAUser() {
        var d = Fixtures.staged(apps: ["notes"])
        #expect(d.writeDraft("notes") == .failure(.cannotWriteDraft("notes", reason: "launch it first")))
        _ = d.launch("notes")
        #expect(d.writeDraft("notes") == .failure(.cannotWriteDraft("notes", reason: "it is blocked until relaunch")))
        #expect(d.writeDraft("nope").failureKind == .unknownApp)
    }
}
