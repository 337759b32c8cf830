import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// Injected faults (Docs/faults.md) are part of the device: saved and restored with it, and a
/// file saved before faults existed (schema v4) still opens.
@Suite struct FaultsStoreTests {
    /// An entra-ios device with a fault armed, one fired and a delivery it delayed.
    static func faultedDevice() throws -> SharedDevice {
        var device = try Fixtures.newDevice(profile: .entraIOS)
        _ = device.apply(.enroll(group: nil, user: "stage", password: "stage"))
        _ = device.apply(.completeEnrollment)
        _ = device.apply(.signIn(user: "cou1", password: "cou1", from: .broker))
        _ = device.apply(.launch("chat"))
        device.setFaultSeed(99)
        _ = device.apply(.armFault("chat", InjectedFault(.delay, seconds: 45)))
        _ = device.apply(.armFault("chat", InjectedFault(.crashInCallback)))
        _ = device.apply(.signOut(from: .broker, browser: false))
        return device
    }

    @Test func aRestoredDeviceKeepsItsFaults() throws {
        var device = try Self.faultedDevice()
        #expect(device.snapshot.faults?.delayed.count == 1)
        #expect(device.armedFaults.map(\.fault) == [InjectedFault(.crashInCallback)])
        let url = try Fixtures.tempDir().appendingPathComponent("faults.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            try store.save(device)
            try store.close()
        }
        let store = try DeviceStore.open(at: url)
        let loaded = try #require(try store.load())
        #expect(loaded == Fixtures.persisted(device.snapshot))
        #expect(loaded.faults?.seed == 99)
        // The restored device goes on as the original does: the delayed notification arrives,
        // the armed crash fires in the clear it causes.
        var restored = Fixtures.restore(loaded)
        _ = restored.apply(.advanceClock(seconds: 45))
        _ = device.apply(.advanceClock(seconds: 45))
        #expect(restored.faultEffects == device.faultEffects)
        #expect(restored.app("chat")!.storage == device.app("chat")!.storage)
        #expect(restored.lifecycle(of: "chat") == .terminated)
        try store.save(restored)
        #expect(try store.load() == Fixtures.persisted(restored.snapshot))
        try store.close()
    }

    @Test func aVersion4FileWithoutFaultsOpens() throws {
        var device = try Fixtures.newDevice()
        for action in Fixtures.walk { _ = device.apply(action) }
        let url = try Fixtures.tempDir().appendingPathComponent("v4.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            try store.save(device)
            try store.close()
        }
        do {
            // The file as schema v4's hubsim left it: no faults (or later) column, no v5 (or later) migration.
            let queue = try DatabaseQueue(path: url.path, configuration: DeviceStore.configuration(label: "v4", inMemory: false))
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: """
                    ALTER TABLE device DROP COLUMN faults;
                    ALTER TABLE device DROP COLUMN android;
                    ALTER TABLE device DROP COLUMN managed_home_screen;
                    DELETE FROM grdb_migrations WHERE CAST(substr(identifier, 2, instr(identifier, ':') - 2) AS INTEGER) >= 5;
                    PRAGMA user_version = 4;
                    """)
            }
            try queue.close()
        }
        let store = try DeviceStore.open(at: url)
        #expect(try store.schemaVersion() == Schema.currentVersion)
        let loaded = try #require(try store.load())
        #expect(loaded == Fixtures.persisted(device.snapshot))
        #expect(loaded.faults == nil)
        var restored = Fixtures.restore(loaded)
        _ = restored.apply(.armFault("notes", InjectedFault(.drop)))
        try store.save(restored)
        #expect(try store.load()?.faults?.armed.map(\.app) == ["notes"])
        try store.close()
    }

    @Test func aFaultNamingAnAppThatIsNotInstalledIsDamage() throws {
        let device = try Self.faultedDevice()
        let url = try Fixtures.tempDir().appendingPathComponent("damaged.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            try store.save(device)
            try store.close()
        }
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: DeviceStore.configuration(label: "damage", inMemory: false))
            try queue.write { db in try db.execute(sql: "UPDATE device SET faults = replace(faults, '\"app\":\"chat\"', '\"app\":\"ghost\"')") }
            try queue.close()
        }
        let store = try DeviceStore.open(at: url)
        #expect(throws: (any Error).self) { try store.load() }
        try? store.close()
    }
}
