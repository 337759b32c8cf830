import Foundation
import Platform
import Testing
@testable import SessionEngine

/// How Workspace ONE SDK apps learn of check-out and check-in (004, Programming Interface).
@Suite struct WorkspaceOneSDKTests {
    @Test func severalCyclesBetweenOpportunitiesGiveOneInvocationOfEach() {
        var d = Fixtures.staged()
        var inbox = Inbox()
        _ = d.checkOut("cou1")
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [initialOK])
        d.openBroker()
        for user in ["cou2", "cou1", "cou2"] {
            #expect(d.logOut() == .success(.checkedIn))
            #expect(d.checkOut(user) == .success(.checkedOut(UserID(user))))
        }
        #expect(d.snapshot.marks == SessionMarks(checkOuts: 4, wipes: 3))
        #expect(inbox.take(d, "notes") == [])
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [wipe, userChange])
        d.openBroker()
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [])  // nothing new since
    }

    @Test func coldStartAfterCyclesGivesAllThreeCallbacksInOrder() {
        var d = Fixtures.staged()
        var inbox = Inbox()
        _ = d.checkOut("cou1")
        _ = d.launch("notes")
        _ = d.terminate("notes")
        _ = inbox.take(d, "notes")
        _ = d.logOut()
        _ = d.checkOut("cou2")
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [wipe, userChange, initialOK])
    }

    @Test func appColdStartedWhileCheckedInStaysBlockedUntilRelaunched() {
        var d = Fixtures.staged()
        var inbox = Inbox()
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [initialNotCheckedOut])
        #expect(d.block(of: d.app("notes")!) == .blockedUntilRelaunch)
        _ = d.checkOut("cou1")
        _ = d.launch("notes")  // back to the foreground: the SDK never initialised
        #expect(inbox.take(d, "notes") == [])
        #expect(d.block(of: d.app("notes")!) == .blockedUntilRelaunch)
        #expect(d.app("notes")!.currentUser == nil)
        _ = d.suspend("notes")
        _ = d.launch("notes")
        #expect(d.block(of: d.app("notes")!) == .blockedUntilRelaunch)
        _ = d.terminate("notes")
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [userChange, initialOK])
        #expect(d.block(of: d.app("notes")!) == nil)
        #expect(d.app("notes")!.currentUser == "cou1")
    }

    @Test func runningAppFindsTheDeviceCheckedInAndIsBlockedUntilTheNextCheckOut() {
        var d = Fixtures.staged()
        var inbox = Inbox()
        _ = d.checkOut("cou1")
        _ = d.launch("notes")
        _ = inbox.take(d, "notes")
        _ = d.logOut()
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [wipe])
        #expect(d.block(of: d.app("notes")!) == .checkedIn)
        #expect(d.findings.isEmpty)
        _ = d.checkOut("cou2")
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [userChange])
        #expect(d.block(of: d.app("notes")!) == nil)
        #expect(d.app("notes")!.currentUser == "cou2")
    }

    @Test func theSDKDeletesItsKeysBeforeTheWipeCallbackAndSealedItemsNoLongerOpen() throws {
        var d = Fixtures.staged()
        _ = d.checkOut("cou1")
        _ = d.launch("notes")
        let before = d.app("notes")!
        let key = try #require(before.keychain.sdkKey)
        let sealed = before.storage.filter { $0.dataClass == .sdkEncrypted }
        #expect(sealed.count == 3)
        #expect(sealed.allSatisfy { d.open($0, in: before) != nil })
        _ = d.logOut()
        _ = d.launch("notes")
        let after = d.app("notes")!
        #expect(after.keychain.sdkKey == nil)
        // Order in the app's log: keys deleted, then the callback.
        let names = after.log.map(\.name)
        let keysAt = try #require(names.lastIndex(of: "keys"))
        let wipeAt = try #require(names.lastIndex(of: wipe))
        #expect(keysAt < wipeAt)
        // The sealed bytes are real AES-GCM: without the key nothing opens; a fresh key fails authentication.
        for item in sealed {
            #expect(d.open(item, in: after) == nil)
            guard case let .sealed(bytes) = item.payload else { Issue.record("not sealed"); continue }
            #expect(AESGCMCipher().open(bytes, key: key) != nil)
            #expect(AESGCMCipher().open(bytes, key: SeededKeySource(seed: "other").makeKey()) == nil)
        }
    }

    @Test(arguments: [
        ("notes", [DataClass](), 0),                       // none: deletes everything, common data too
        ("scanner", [.preference, .preference], 1),        // retain-preferences: keeps cou1's preferences
        ("inventory", [.common, .common], 0),              // cache-common-data: keeps the common data
        ("reports", [.externalEncrypted, .externalEncrypted], 0),  // external-encryption: keeps sealed data
        ("timeclock", [DataClass](), 0),                   // shared-device-mode: as none, on a shared device
    ])
    func eachSupportLevelWipesWhat004Says(app: AppID, kept: [DataClass], exposures: Int) {
        var d = Fixtures.staged(apps: [app])
        _ = d.checkOut("cou1")
        _ = d.launch(app)
        #expect(d.app(app)!.currentUser == "cou1")
        _ = d.logOut()
        _ = d.launch(app)
        let a = d.app(app)!
        #expect(a.storage.map(\.dataClass) == kept)
        #expect(a.currentUser == nil)
        #expect(a.keychain.isEmpty)
        #expect(d.readableItems(of: a).allSatisfy { $0.owner == nil || $0.dataClass == .preference })
        #expect(d.findings.count == exposures)
        #expect(d.findings.allSatisfy { $0.severity == .atRestExposure })
    }

    @Test func retainedPreferencesAreReappliedOnThatUsersNextCheckOut() {
        var d = Fixtures.staged(apps: ["scanner"])
        _ = d.checkOut("cou1"); _ = d.launch("scanner"); _ = d.logOut()
        _ = d.checkOut("cou2"); _ = d.launch("scanner"); _ = d.logOut()
        _ = d.checkOut("cou1"); _ = d.launch("scanner")
        let a = d.app("scanner")!
        #expect(a.log.last { $0.name == "preferences" }?.detail == "re-applied 2 preference(s) of cou1")
        #expect(a.storage.filter { $0.dataClass == .preference }.compactMap(\.owner) == ["cou1", "cou1", "cou2", "cou2"])
        #expect(d.findings.map(\.owners) == [["cou2"]])  // cou2's preferences are at rest while cou1 works
    }

    @Test func externalKeyIsFetchedAgainAndOldDataReopensForItsOwnerOnly() {
        var d = Fixtures.staged(apps: ["reports"])
        _ = d.checkOut("cou1"); _ = d.launch("reports")
        #expect(d.visibleItems(of: d.app("reports")!).count == 2)
        _ = d.logOut(); _ = d.checkOut("cou2"); _ = d.launch("reports")
        var a = d.app("reports")!
        #expect(d.visibleItems(of: a).map(\.item.owner) == ["cou2", "cou2"])
        #expect(d.readableItems(of: a).allSatisfy { $0.owner == "cou2" })  // cou1's data stays sealed
        _ = d.logOut(); _ = d.checkOut("cou1"); _ = d.launch("reports")
        a = d.app("reports")!
        #expect(d.visibleItems(of: a).map(\.item.owner) == ["cou1", "cou1"])
        // Held in memory only: the key goes with the process.
        _ = d.terminate("reports")
        #expect(d.app("reports")!.keychain.externalKeys.isEmpty)
    }

    @Test func anAppThatIgnoresTheWipeCallbackLeaksToTheNextUser() {
        var d = Fixtures.staged(apps: ["handbook"])
        _ = d.checkOut("cou1"); _ = d.launch("handbook")
        _ = d.logOut()
        #expect(d.findings.map(\.severity) == [.atRestExposure])
        _ = d.checkOut("cou2"); _ = d.launch("handbook")
        let leak = d.findings.first { $0.severity == .visibleLeak }
        #expect(leak?.app == "handbook")
        #expect(leak?.owners == ["cou1"])
        #expect(leak?.currentUser == "cou2")
        #expect(d.snapshot.leakCount == 1)
        #expect(d.log.entries.contains { $0.kind == .leak && $0.text == "LEAK: handbook shows cou1's 2 items to cou2" })
    }

    @Test func firstColdStartWhileCheckedOutOnlyFinishesTheInitialCheck() {
        var d = Fixtures.staged()
        var inbox = Inbox()
        _ = d.checkOut("cou1"); _ = d.logOut(); _ = d.checkOut("cou2")
        _ = d.launch("inventory")
        #expect(inbox.take(d, "inventory") == [initialOK])
    }
}

/// A saved device comes back as it was left.
@Suite struct ResumeTests {
    @Test func runningAppsKeepTheirMemoryOnlyKeysWhenTheSimulationResumes() throws {
        var d = Fixtures.staged(apps: ["reports", "notes"])
        _ = d.checkOut("cou1"); _ = d.launch("reports"); _ = d.launch("notes")
        let data = try JSONEncoder().encode(d.snapshot)
        let saved = try JSONDecoder().decode(DeviceSnapshot.self, from: data)
        #expect(saved.apps[0].keychain.externalKeys.isEmpty)  // never written
        var restored = SharedDevice(snapshot: saved, tenant: Fixtures.tenant, dependencies: Fixtures.dependencies())
        #expect(restored.visibleItems(of: restored.app("reports")!).filter { $0.item.owner == "cou1" }.isEmpty)
        restored.resumeAfterRestart()
        #expect(restored.visibleItems(of: restored.app("reports")!).filter { $0.item.owner == "cou1" }.count == 2)
        #expect(restored.visibleItems(of: restored.app("notes")!).count == d.visibleItems(of: d.app("notes")!).count)
        #expect(restored.state == .checkedOut("cou1"))
    }

    /// Checked in, an app that has not noticed yet still holds the last user's key in memory:
    /// a restart gives it back, so the restored device shows and audits what it did before.
    @Test func anAppStillShowingThePreviousUserKeepsTheirKeyAcrossARestartWhileCheckedIn() throws {
        var d = Fixtures.staged(apps: ["reports", "notes"])
        _ = d.checkOut("cou1"); _ = d.launch("reports"); d.openBroker(); _ = d.logOut()
        #expect(d.app("reports")!.currentUser == "cou1")
        let shown = d.visibleItems(of: d.app("reports")!).filter { $0.item.owner == "cou1" }.count
        #expect(shown == 2)
        let saved = try JSONDecoder().decode(DeviceSnapshot.self, from: JSONEncoder().encode(d.snapshot))
        var restored = SharedDevice(snapshot: saved, tenant: Fixtures.tenant, dependencies: Fixtures.dependencies())
        let logged = restored.log.nextSeq
        restored.resumeAfterRestart()
        #expect(restored.visibleItems(of: restored.app("reports")!).filter { $0.item.owner == "cou1" }.count == shown)
        #expect(restored.findings == d.findings)
        #expect(restored.log.nextSeq == logged)  // nobody checked out: nothing to say, nothing new found
        #expect(restored.state == .checkedIn)
    }
}
