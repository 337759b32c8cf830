import Testing
@testable import SessionEngine

/// The network lost between the Hub's check-out and an external-encryption app's key fetch
/// (Docs/faults.md, "network-lost-during-check-out"; 004, Use Case: External Encryption).
@Suite struct ExternalKeyOfflineTests {
    @Test func offlineTheKeyIsNotFetchedAndTheAppShowsNobodyUntilOnline() {
        var d = Fixtures.staged(apps: ["reports"])
        _ = d.checkOut("cou1")
        _ = d.launch("reports")
        #expect(d.app("reports")!.currentUser == "cou1")
        _ = d.logOut()
        _ = d.checkOut("cou2")
        #expect(d.goOffline() == .success(.checkedOut("cou2")))
        var inbox = Inbox()
        _ = inbox.take(d, "reports")
        #expect(d.launch("reports") == .success(.foreground))
        #expect(inbox.take(d, "reports") == [wipe, userChange])
        let app = d.app("reports")!
        #expect(app.currentUser == nil)
        #expect(app.keychain.externalKeys.isEmpty)
        #expect(app.log.last?.name == "key")
        #expect(app.log.last?.detail == "could not fetch cou2's external key: the key server is unreachable (offline)")
        // cou1's reports stay on the device, sealed: nothing of theirs shows.
        #expect(app.storage.filter { $0.owner == "cou1" }.count == 2)
        #expect(d.visibleItems(of: app).isEmpty)
        #expect(d.findings.isEmpty)
        // Online again, the next foreground fetches cou2's key and cou2 starts working.
        _ = d.goOnline()
        _ = d.background("reports")
        #expect(d.launch("reports") == .success(.foreground))
        #expect(inbox.take(d, "reports") == [])
        #expect(d.app("reports")!.currentUser == "cou2")
        #expect(d.app("reports")!.keychain.externalKeys.keys.sorted() == ["cou2"])
        #expect(d.findings.isEmpty)
    }
}
