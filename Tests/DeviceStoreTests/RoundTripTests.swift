import Crypto
import Foundation
import GRDB
import Platform
import SessionEngine
import Testing
@testable import DeviceStore

@Suite struct RoundTripTests {
    @Test func aNewDatabaseHoldsNoDevice() throws {
        let dir = try Fixtures.tempDir()
        let store = try DeviceStore.open(at: dir.appendingPathComponent("d.sqlite"))
        #expect(try store.load() == nil)
        #expect(try store.schemaVersion() == Schema.currentVersion)
        #expect(try store.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    }

    /// A start reads an enrolled device whole and of an unenrolled one only its profile; the
    /// device made afresh then is written whole over the old one.
    @Test func aStartReadsWhatItResumes() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            #expect(try store.loadForStart() == SavedDevice.none)
            var unenrolled = try Fixtures.newDevice(profile: .entraIOS)
            try Fixtures.drive(&unenrolled, [.goOffline, .goOnline], store: store)
            try store.close()
        }
        do {
            let store = try DeviceStore.open(at: url)
            #expect(try store.loadForStart() == .unenrolled(.entraIOS))
            var fresh = try Fixtures.newDevice(profile: .entraIOS)
            try Fixtures.drive(&fresh, [.goOffline], store: store)
            #expect(try store.load() == fresh.snapshot)
            try Fixtures.drive(&fresh, [.goOnline] + Fixtures.walk, store: store)
            try store.close()
        }
        let store = try DeviceStore.open(at: url)
        let saved = try store.loadForStart()
        #expect(saved == .enrolled(try #require(try store.load())))
        guard case let .enrolled(snapshot) = saved else { return }
        #expect(snapshot.state != .unenrolled)
    }

    /// The app set is taken from the apps' definitions when its text is theirs, joined (what the
    /// writer makes, Docs/performance.md); an app set that differs from them is still decoded on its own.
    @Test func theAppSetIsReadFromTheAppsRowsOnlyWhenItIsTheirText() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        var device = try Fixtures.newDevice()
        do {
            let store = try DeviceStore.open(at: url)
            try Fixtures.drive(&device, Fixtures.walk, store: store)
            let texts = try store.read { try String.fetchAll($0, sql: "SELECT definition FROM app_definitions JOIN apps ON apps.id = app_definitions.app ORDER BY position") }
            let appSet = try store.read { try String.fetchOne($0, sql: "SELECT app_set FROM device_setup") }
            #expect(texts.count == device.snapshot.appSet.count)
            #expect(appSet == "[" + texts.joined(separator: ",") + "]")
            try store.close()
        }
        do {
            let store = try DeviceStore.open(at: url)
            #expect(try store.load() == Fixtures.persisted(device.snapshot))
            try store.close()
        }
        // The app set without its last app: the apps' rows no longer spell it.
        let shorter = Array(device.snapshot.appSet.dropLast())
        let raw = try DatabaseQueue(path: url.path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(shorter), as: UTF8.self)
        try raw.write { try $0.execute(sql: "UPDATE device_setup SET app_set = ?", arguments: [text]) }
        try raw.close()
        let store = try DeviceStore.open(at: url)
        let snapshot = try #require(try store.load())
        #expect(snapshot.appSet == shorter)
        #expect(snapshot.apps.map(\.definition) == device.snapshot.appSet)
    }

    /// A restored device runs its profile as this build defines it, by the name in
    /// `device.profile`; `profile_json` is there for people reading the file.
    @Test func aRestoredDeviceRunsTheProfileOfThisBuild() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        var device = try Fixtures.newDevice()
        do {
            let store = try DeviceStore.open(at: url)
            try Fixtures.drive(&device, Fixtures.walk, store: store)
            try store.close()
            let raw = try DatabaseQueue(path: url.path)
            try raw.write { try $0.execute(sql: "UPDATE device_setup SET profile_json = '{\"id\": \"from an older build\"}'") }
            try raw.close()
        }
        let store = try DeviceStore.open(at: url)
        let snapshot = try #require(try store.load())
        #expect(snapshot.profile == DeviceProfile.workspaceOne)
        #expect(snapshot == Fixtures.persisted(device.snapshot))
    }

    /// Without `--state-dir`, a device's file is `$XDG_STATE_HOME/hubsim/NAME.sqlite` (`HOME` unused).
    @Test func theStateHomeChoosesTheDevicesFile() throws {
        let dir = try Fixtures.tempDir()
        let expected = dir.appendingPathComponent("hubsim/till.sqlite").path
        guard case let .new(newFile) = try DeviceStore.openForStart(stateDir: nil, device: "till",
                                                                    environment: ["XDG_STATE_HOME": dir.path, "HOME": "/nonexistent"]) else {
            Issue.record("a device never started was found"); return
        }
        #expect(newFile.path == expected)
        let file = try newFile.create()
        #expect(file.url?.path == expected)
        #expect(FileManager.default.fileExists(atPath: expected))
    }

    @Test func restartKeepsStateStorageKeysLogAndCoverage() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("till.sqlite")
        var device = try Fixtures.newDevice()
        do {
            let store = try DeviceStore.open(at: url)
            try Fixtures.drive(&device, Fixtures.walk, store: store)
            try store.close()
        }
        let store = try DeviceStore.open(at: url)
        let loaded = try #require(try store.load())
        #expect(loaded == Fixtures.persisted(device.snapshot))
        #expect(loaded.state == .checkedOut("cou2"))
        #expect(loaded.log.entries.count == min(device.log.entries.count, LogRetention.eventLogLoaded))
        #expect(loaded.coverage["checkOut"] == 2 && loaded.coverage["logOut"] == 1)
        // The SDK key of an app that saw cou2 opens its sealed items after the restart.
        let restored = Fixtures.restore(loaded)
        let notes = try #require(restored.app("notes"))
        #expect(notes.keychain.sdkKey != nil)
        #expect(restored.visibleItems(of: notes).contains { $0.item.dataClass == .sdkEncrypted && $0.item.owner == "cou2" })
    }

    @Test func aRestoredDeviceCarriesOnAndStaysInSync() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        var device = try Fixtures.newDevice()
        do {
            let store = try DeviceStore.open(at: url)
            try Fixtures.drive(&device, Fixtures.walk, store: store)
        }
        let store = try DeviceStore.open(at: url)
        var restored = Fixtures.restore(try #require(try store.load()))
        try Fixtures.drive(&restored, [.logOut, .launch("notes"), .launch("reports"), .terminate("scanner"),
                                       .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil),
                                       .launch("scanner"), .goOffline], store: store)
        // Items keep unique ids across the restart (the next serial was kept).
        let ids = restored.apps.flatMap { $0.storage.map(\.id) }
        #expect(Set(ids).count == ids.count)
        let reopened = try DeviceStore.open(at: url.deletingLastPathComponent().appendingPathComponent("copy.sqlite"))
        try reopened.save(restored)
        // The incremental file and a file written in one go hold the same device.
        try store.close()
        let again = try DeviceStore.open(at: url)
        #expect(try again.load() == Fixtures.persisted(restored.snapshot))
        #expect(try reopened.load() == Fixtures.persisted(restored.snapshot))
    }

    @Test func everyStepIsCommittedAsItHappens() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let store = try DeviceStore.open(at: url)
        var device = try Fixtures.newDevice()
        for action in Fixtures.walk.prefix(12) {
            _ = device.apply(action)
            try store.save(device)
            // Another reader of the committed file (the process could die right now).
            let copy = try Self.committedCopy(of: store)
            #expect(copy == Fixtures.persisted(device.snapshot), "after \(action.name)")
        }
    }

    /// Items are written from the first one that changed (Docs/performance.md): through check-outs that
    /// add a user's items, check-ins that wipe them and a second user's, every committed step
    /// reads back as the device holds it.
    @Test func itemsReadBackThroughCheckOutsAndWipes() throws {
        let store = try DeviceStore.inMemory()
        var device = try Fixtures.newDevice()
        let apps: [AppID] = DeviceProfile.workspaceOne.defaultApps
        let again: [DeviceAction] = [.logOut, .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil)]
            + apps.map { .launch($0) } + [.logOut]
        var itemCounts: Set<Int> = []
        for action in Fixtures.walk + again {
            _ = device.apply(action)
            try store.save(device)
            itemCounts.insert(device.apps.map(\.storage.count).reduce(0, +))
            let copy = try Self.committedCopy(of: store)
            #expect(copy == Fixtures.persisted(device.snapshot), "after \(action.name)")
        }
        #expect(itemCounts.count > 2, "the walk should add and remove items: \(itemCounts.sorted())")
    }

    /// The files as a process killed right after an event leaves them (the main file and
    /// its -wal, copied while the store is open) open to the state shown at that moment.
    @Test func aKilledProcessLosesNothingShown() throws {
        let dir = try Fixtures.tempDir()
        let url = dir.appendingPathComponent("d.sqlite")
        let store = try DeviceStore.open(at: url)
        var device = try Fixtures.newDevice()
        for (i, action) in Fixtures.walk.enumerated() {
            _ = device.apply(action)
            try store.save(device)
            guard i % 4 == 3 else { continue }
            let crash = try Fixtures.tempDir()
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: url.path + suffix) {
                try FileManager.default.copyItem(atPath: url.path + suffix, toPath: crash.appendingPathComponent("d.sqlite" + suffix).path)
            }
            let survivor = try DeviceStore.open(at: crash.appendingPathComponent("d.sqlite"))
            #expect(try survivor.load() == Fixtures.persisted(device.snapshot), "killed after \(action.name)")
        }
    }

    /// Reads what is committed through SQLite's backup API, as a fresh process would.
    static func committedCopy(of store: DeviceStore) throws -> DeviceSnapshot? {
        let memory = try DeviceStore.inMemory()
        try store.backup(to: memory)
        return try memory.load()
    }

    @Test func entraDevicesRoundTripToo() throws {
        let store = try DeviceStore.inMemory()
        var device = try Fixtures.newDevice(profile: .entraIOS)
        try Fixtures.drive(&device, [
            .enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment,
            .launch("chat"), .background("chat"), .launch("mail"), .suspend("mail"),
            .signIn(user: "cou1", password: "cou1", from: .broker), .launch("tasks"),
            .setDeliveryMode(.held), .signOut(from: .app("tasks"), browser: true),
        ], store: store)
        #expect(try store.load() == Fixtures.persisted(device.snapshot))
    }

    /// Tokens of 003 (keychain groups, a removal, a waiting prompt, per-app token state and
    /// token findings) survive a restart, saved after every step.
    @Test func ssoTokensRoundTrip() throws {
        let store = try DeviceStore.inMemory()
        var device = try Fixtures.newDevice(profile: .entraIOS)
        try Fixtures.drive(&device, Fixtures.ssoWalk, store: store)
        #expect(device.pendingTokenRequest?.app == "till")
        #expect(device.findings.contains { $0.app == "till" && $0.token == true })
        #expect(device.tokenStore.removals["com.contoso.frontline"]?.by == "chat")
        #expect(device.apps.contains { $0.token != nil })
        #expect(try store.load() == Fixtures.persisted(device.snapshot))
    }

    @Test func resetUnenrollsTheDevice() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let store = try DeviceStore.open(at: url)
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, Array(Fixtures.walk.prefix(9)), store: store)
        try store.reset()
        #expect(try store.load() == nil)
        // A new device saved after the reset is written whole, not diffed against the old one.
        var fresh = try Fixtures.newDevice()
        try Fixtures.drive(&fresh, [.goOffline], store: store)
        try store.close()
        #expect(try DeviceStore.open(at: url).load() == fresh.snapshot)
    }

    @Test func savingAnotherDeviceReplacesTheFirst() throws {
        let store = try DeviceStore.inMemory()
        var first = try Fixtures.newDevice()
        try Fixtures.drive(&first, Fixtures.walk, store: store)
        var second = try Fixtures.newDevice(profile: .entraIOS)
        try Fixtures.drive(&second, [.enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment], store: store)
        #expect(try store.load() == second.snapshot)
    }

    @Test func aDestroyedKeyIsReallyGoneFromTheFiles() throws {
        let dir = try Fixtures.tempDir()
        let url = dir.appendingPathComponent("d.sqlite")
        var device = try Fixtures.newDevice()
        let store = try DeviceStore.open(at: url)
        try Fixtures.drive(&device, Array(Fixtures.walk.prefix(2)) + [
            .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil), .launch("notes"),
        ], store: store)
        let key = try #require(device.app("notes")?.keychain.sdkKey)
        try Fixtures.drive(&device, [.logOut, .launch("notes")], store: store)
        #expect(device.app("notes")?.keychain.sdkKey != key)
        let rows = try store.keychainRows()
        #expect(!rows.contains { $0.app == "notes" && $0.key == key.bytes })
        try store.close()
        for file in Fixtures.files(under: dir) {
            #expect(try Data(contentsOf: file).range(of: Data(key.bytes)) == nil, "\(file.lastPathComponent)")
        }
    }

    /// The key tables name each key as files written before the engine lost its crypto did:
    /// the first four bytes of SHA-256, in hex (a display column; reading ignores it).
    @Test func keyFingerprintsKeepTheirFormat() throws {
        var device = try Fixtures.newDevice()
        let store = try DeviceStore.inMemory()
        try Fixtures.drive(&device, Array(Fixtures.walk.prefix(2)) + [
            .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil), .launch("notes"),
        ], store: store)
        let rows = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT fingerprint, key FROM keychain").map { ($0["fingerprint"] as String, Array($0["key"] as Data)) }
        }
        #expect(!rows.isEmpty)
        for (fingerprint, key) in rows {
            let sha = SHA256.hash(data: key).prefix(4).map { String(format: "%02x", $0) }.joined()
            #expect(fingerprint == sha)
        }
    }

    /// The cipher writes the digits by hand into the string's buffer (Docs/performance.md): every digit
    /// value in every position spells as `%02x` spells it.
    @Test func everyFingerprintDigitIsLowercaseHex() {
        let cipher = AESGCMCipher(), keys = SeededKeySource(seed: "fingerprints")
        var seen = Set<Character>()
        for _ in 0..<200 {
            let key = keys.makeKey()
            let fingerprint = cipher.fingerprint(of: key)
            #expect(fingerprint == SHA256.hash(data: key.bytes).prefix(4).map { String(format: "%02x", $0) }.joined())
            seen.formUnion(fingerprint)
        }
        #expect(seen == Set("0123456789abcdef"))
    }
}
