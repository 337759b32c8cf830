import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// An Android device's own state (`AndroidDeviceState`: the registration, each app's
/// `isSharedDevice()` read, broadcasts queued for a cached process) is saved and restored with
/// it, and a file saved before it existed (schema v5) still opens.
@Suite struct AndroidStoreTests {
    /// An entra-android device: chat read `isSharedDevice()` during enrollment (stale now), and
    /// roster is cached with a `GLOBAL_SIGN_OUT` queued.
    static func androidDevice() throws -> SharedDevice {
        var device = try Fixtures.newDevice(profile: .entraAndroid)
        _ = device.apply(.enroll(group: nil, user: "stage", password: "stage"))
        while device.app("chat") == nil { _ = device.apply(.installProfileStep) }
        _ = device.apply(.launch("chat"))
        _ = device.apply(.completeEnrollment)
        _ = device.apply(.signIn(user: "cou1", password: "cou1", from: .broker))
        _ = device.apply(.launch("roster"))
        _ = device.apply(.suspend("roster"))
        _ = device.apply(.signOut(from: .broker, browser: false))
        return device
    }

    @Test func aRestoredAndroidDeviceKeepsWhatItsAppsReadAndWhatIsQueued() throws {
        var device = try Self.androidDevice()
        #expect(device.isSharedDeviceStale(of: device.app("chat")!))
        #expect(device.hasQueuedBroadcast("roster"))
        let url = try Fixtures.tempDir().appendingPathComponent("android.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            try store.save(device)
            try store.close()
        }
        let store = try DeviceStore.open(at: url)
        let loaded = try #require(try store.load())
        #expect(loaded == Fixtures.persisted(device.snapshot))
        #expect(loaded.android?.registered == true)
        var restored = Fixtures.restore(loaded)
        #expect(restored.isSharedDeviceLine(of: restored.app("chat")!) == "isSharedDevice(): false (stale: read before SDM_REGISTERED)")
        // The restored device goes on as the original does: roster resumes and gets its broadcast.
        _ = restored.apply(.launch("roster"))
        _ = device.apply(.launch("roster"))
        #expect(restored.app("roster")!.currentUser == nil && restored.app("roster")!.log.last == device.app("roster")!.log.last)
        #expect(!restored.hasQueuedBroadcast("roster"))
        try store.save(restored)
        #expect(try store.load() == Fixtures.persisted(restored.snapshot))
        try store.close()
    }

    @Test func aVersion5FileWithoutAndroidStateOpens() throws {
        var device = try Fixtures.newDevice(profile: .entraIOS)
        _ = device.apply(.enroll(group: nil, user: "stage", password: "stage"))
        _ = device.apply(.completeEnrollment)
        _ = device.apply(.signIn(user: "cou1", password: "cou1", from: .broker))
        _ = device.apply(.launch("chat"))
        let url = try Fixtures.tempDir().appendingPathComponent("v5.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            try store.save(device)
            try store.close()
        }
        do {
            // The file as schema v5's hubsim left it: no android column, no v6 migration.
            let queue = try DatabaseQueue(path: url.path, configuration: DeviceStore.configuration(label: "v5", inMemory: false))
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: """
                    ALTER TABLE device DROP COLUMN android;
                    ALTER TABLE device DROP COLUMN managed_home_screen;
                    DELETE FROM grdb_migrations WHERE CAST(substr(identifier, 2, instr(identifier, ':') - 2) AS INTEGER) >= 6;
                    PRAGMA user_version = 5;
                    """)
            }
            try queue.close()
        }
        let store = try DeviceStore.open(at: url)
        #expect(try store.schemaVersion() == Schema.currentVersion)
        let loaded = try #require(try store.load())
        #expect(loaded == Fixtures.persisted(device.snapshot))
        #expect(loaded.android == nil)
        try store.close()
    }

    @Test func androidStateNamingAnAppThatIsNotInstalledIsDamage() throws {
        let device = try Self.androidDevice()
        let url = try Fixtures.tempDir().appendingPathComponent("damaged-android.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            try store.save(device)
            try store.close()
        }
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: DeviceStore.configuration(label: "damage", inMemory: false))
            try queue.write { db in
                try db.execute(sql: #"UPDATE device SET android = '{"registered":true,"sharedDeviceReads":{"ghost":false},"queued":[]}'"#)
            }
            try queue.close()
        }
        let store = try DeviceStore.open(at: url)
        #expect(throws: (any Error).self) { try store.load() }
        try store.close()
    }
}
