import Foundation
import Testing
@testable import SessionEngine

/// Callback faults (Docs/faults.md): a crash inside the app's wipe or clear leaves a partial
/// wipe; a slow one lets the device move on and may delete the next user's data when it ends.
/// Seeded and replayable; kept by a restored device.
@Suite struct FaultsCallbackTests {
    static func faultLines(_ d: SharedDevice, after mark: Int) -> [String] { FaultsArmingTests.faultLines(d, after: mark) }

    @Test func aCrashInTheWorkspaceOneWipeLeavesAPartialWipeAndTheSDKCountsItDelivered() {
        var (d, inbox) = FaultsDeliveryTests.workspaceOne()
        let before = d.app("notes")!.storage
        #expect(before.map(\.owner) == [nil, "cou1", "cou1", "cou1"])
        _ = d.armFault(InjectedFault(.crashInCallback, deletesBeforeCrash: 1), on: "notes")
        let mark = d.log.nextSeq
        _ = d.launch("notes")
        // The SDK deleted its keys and called back; the app crashed inside: no later callback.
        #expect(inbox.take(d, "notes") == [wipe])
        #expect(d.lifecycle(of: "notes") == .terminated)
        #expect(d.foreground == .hub)
        #expect(d.app("notes")!.storage.map(\.id) == before.dropFirst().map(\.id))
        #expect(d.app("notes")!.keychain.sdkKey == nil)
        #expect(d.app("notes")!.sdkSeen == d.snapshot.marks)
        #expect(d.log.entries(after: mark - 1).map(\.text).contains("notes: terminated (crashed in \(wipe): injected fault #1 (crash-in-callback after 1))"))
        #expect(Self.faultLines(d, after: mark) == [
            "fault #1 fired: notes crashed in its \(wipe) (injected)",
            "fault #1: notes crashed in its \(wipe) after deleting 1 of 4 item(s): cou1's 3 items survived (3 sealed with a deleted key: unreadable)",
        ])
        #expect(d.faultEffects.map(\.during) == [.checkOut])
        #expect(d.verdict(of: d.app("notes")!).sentence == "CRASHED: injected fault #1 (crash-in-callback after 1): notes crashed in its \(wipe) after deleting 1 of 4 item(s): cou1's 3 items survived (3 sealed with a deleted key: unreadable)")
        #expect(d.snapshot.coverage(of: .fault(.crashInCallback, during: .checkOut)) == 1)
        // At its next start the SDK does not repeat the wipe: the survivors stay, sealed.
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [initialOK])
        #expect(d.verdict(of: d.app("notes")!).kind != .crashed)
        #expect(d.app("notes")!.storage.filter { $0.owner == "cou1" }.count == 3)
        #expect(d.findings.isEmpty)
    }

    @Test func aCrashInAnMSALClearRepeatsTheClearAtTheNextStart() {
        var (d, inbox) = FaultsDeliveryTests.entra()
        _ = d.armFault(InjectedFault(.crashInCallback), on: "chat")
        let mark = d.log.nextSeq
        _ = d.signOut()
        #expect(inbox.take(d, "chat") == [accountChanged])
        #expect(d.lifecycle(of: "chat") == .terminated)
        // Two items to clear: the seed lets it delete one (a partial wipe leaves at least one).
        #expect(d.app("chat")!.storage.count == 1)
        #expect(d.app("chat")!.currentUser == "cou1")
        #expect(Self.faultLines(d, after: mark).last == "fault #1: chat crashed in its \(SharedDevice.clearCallback) after deleting 1 of 2 item(s): cou1's 1 item survived; it clears them again at its next start")
        #expect(d.findings.map(\.severity) == [.atRestExposure])
        _ = d.launch("chat")
        #expect(d.app("chat")!.storage.isEmpty)
        #expect(d.app("chat")!.currentUser == nil)
        #expect(d.findings.isEmpty)
    }

    @Test func theSameSeedGivesTheSameCrash() {
        func run(seed: UInt64?) -> (Int, [String]) {
            var d = Fixtures.staged(.entraIOS, apps: ["chat"])
            _ = d.signIn(user: "cou1", password: "cou1")
            _ = d.launch("chat")
            if let seed { d.setFaultSeed(seed) }
            _ = d.armFault(InjectedFault(.crashInCallback), on: "chat")
            _ = d.signOut()
            return (d.app("chat")!.storage.count, d.log.entries.map(\.text))
        }
        #expect(run(seed: 7) == run(seed: 7))
        #expect(run(seed: nil) == run(seed: nil))
        // The draw is SplitMix64's: replaying it by hand gives the same count.
        var g = FaultGenerator(seed: 7)
        #expect(run(seed: 7).0 == 2 - g.draw(in: 1...1))
    }

    @Test func aSlowWorkspaceOneWipeDeletesTheNextUsersDataWhenItEnds() {
        var d = Fixtures.staged(apps: ["timeclock"])
        _ = d.checkOut("cou1"); _ = d.launch("timeclock"); _ = d.background("timeclock")
        _ = d.logOut(); _ = d.checkOut("cou2")
        var inbox = Inbox()
        _ = inbox.take(d, "timeclock")
        _ = d.armFault(InjectedFault(.slowCallback, seconds: 120), on: "timeclock")
        let mark = d.log.nextSeq
        _ = d.launch("timeclock")
        // The callbacks come on; the wipe has not deleted anything yet.
        #expect(inbox.take(d, "timeclock") == [wipe, userChange])
        #expect(d.app("timeclock")!.storage.compactMap(\.owner) == ["cou1", "cou2"])
        #expect(d.app("timeclock")!.currentUser == "cou2")
        #expect(d.snapshot.faults?.slowCallbacks.map(\.due) == [SimInstant.shiftStart.adding(seconds: 120)])
        _ = d.advanceClock(by: 119)
        #expect(d.app("timeclock")!.storage.count == 2)
        _ = d.advanceClock(by: 1)
        #expect(d.app("timeclock")!.storage.isEmpty)
        #expect(d.snapshot.faults?.slowCallbacks == [])
        let finished = "timeclock's \(wipe) finished at 08:02:00, 2m 00s late: deleted cou1's 1 item, cou2's 1 item — cou2's data too, written meanwhile"
        #expect(Self.faultLines(d, after: mark) == [
            "fault #1 fired: timeclock's \(wipe) takes until 08:02:00 (injected)",
            "fault #1: until 08:02:00 timeclock holds nobody else's readable data",
            "fault #1: \(finished) (injected)",
        ])
        #expect(d.faultEffects.map(\.consequence) == [finished])
    }

    @Test func aSlowMSALClearKeepsShowingThePreviousUserAndDeletesTheNextUsersData() {
        var (d, inbox) = FaultsDeliveryTests.entra()
        _ = d.armFault(InjectedFault(.slowCallback, seconds: 60), on: "roster")
        _ = d.signOut()
        #expect(inbox.take(d, "roster") == [accountChanged])
        // Until the clear ends roster holds cou1's data; brought to the front, its own check
        // finds the clear under way and it shows cou1's data with nobody signed in.
        #expect(d.app("roster")!.currentUser == "cou1" && d.app("roster")!.storage.count == 1)
        _ = d.launch("roster")
        #expect(d.app("roster")!.currentUser == "cou1")
        let verdict = d.verdict(of: d.app("roster")!)
        #expect(verdict.kind == .leak)
        #expect(verdict.sentence == "LEAK: shows cou1's 1 item: injected fault #1 (slow-callback 1m) slowed roster's \(SharedDevice.clearCallback) at signOut")
        // cou2 signs in meanwhile: roster shows cou2 (its clear is still under way).
        _ = d.signIn(user: "cou2", password: "cou2")
        #expect(d.app("roster")!.currentUser == "cou2")
        #expect(d.app("roster")!.storage.compactMap(\.owner) == ["cou1", "cou2"])
        _ = d.advanceClock(by: 60)
        // The slow clear ends on what roster holds then: cou2's data goes too.
        #expect(d.app("roster")!.storage.isEmpty)
        #expect(d.app("roster")!.currentUser == "cou2")
        #expect(d.faultEffects.map(\.consequence) == ["roster's \(SharedDevice.clearCallback) finished at 08:01:00, 1m 00s late: deleted cou1's 1 item, cou2's 1 item — cou2's data too, written meanwhile"])
    }

    @Test func aSlowCallbackEndsWithItsAppsProcess() {
        var (d, _) = FaultsDeliveryTests.entra()
        _ = d.armFault(InjectedFault(.slowCallback), on: "roster")
        _ = d.signOut()
        _ = d.terminate("roster")
        #expect(d.snapshot.faults?.slowCallbacks == [])
        _ = d.advanceClock(by: 300)
        #expect(d.app("roster")!.storage.count == 1)
        #expect(d.faultEffects.map(\.consequence) == ["roster stopped before its slow callback finished: roster still holds cou1's 1 item, shows cou1's data"])
    }

    @Test func aRestoredDeviceKeepsItsFaults() throws {
        var (d, inbox) = FaultsDeliveryTests.entra()
        _ = d.armFault(InjectedFault(.drop), on: "chat")
        _ = d.armFault(InjectedFault(.delay, seconds: 45), on: "roster")
        _ = d.armFault(InjectedFault(.crashInCallback), on: "roster")
        _ = d.signOut()
        let data = try JSONEncoder().encode(d.snapshot)
        let snapshot = try JSONDecoder().decode(DeviceSnapshot.self, from: data)
        #expect(snapshot == d.snapshot)
        var restored = SharedDevice(snapshot: snapshot, tenant: Fixtures.tenant, dependencies: Fixtures.dependencies())
        #expect(restored.armedFaults.map(\.fault) == [InjectedFault(.crashInCallback)])
        #expect(restored.snapshot.faults?.delayed.count == 1)
        _ = restored.advanceClock(by: 45)
        _ = d.advanceClock(by: 45)
        #expect(inbox.take(restored, "roster") == [accountChanged])
        // The delayed notification made roster clear: the crash fired there too, the same way.
        #expect(restored.lifecycle(of: "roster") == .terminated)
        #expect(restored.snapshot == d.snapshot)
        // A device without faults keeps its shape: no `faults` key at all.
        let plain = try JSONEncoder().encode(Fixtures.staged(apps: ["notes"]).snapshot)
        #expect(!String(decoding: plain, as: UTF8.self).contains("\"faults\":{"))
    }
}
