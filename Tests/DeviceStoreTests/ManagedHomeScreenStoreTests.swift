import Configuration
import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// Managed Home Screen's state (android-mhs) is part of the device: the session PIN's hash, the
/// wrong attempts, the screensaver and the countdown's deadline are saved and restored with it,
/// the PIN never in plaintext, and a file saved before it existed (schema v6) still opens.
@Suite struct ManagedHomeScreenStoreTests {
    /// The test tenant with Managed Home Screen's session PIN and screensaver on.
    static let tenant: Tenant = {
        var t = Fixtures.tenant
        t.managedHomeScreen = ManagedHomeScreenPolicy(enableSessionPIN: true, sessionPINComplexity: .complexNumericOnly,
                                                      minimumLengthForSessionPIN: 4, maxNumberOfAttemptsForSessionPIN: 3,
                                                      enableScreenSaver: true, enablePINToResume: true)
        return t
    }()

    /// cou1 signed in on MHS, a PIN set, the screensaver up, one wrong PIN, the countdown showing.
    static func device() throws -> SharedDevice {
        var d = try SharedDevice.make(profile: .androidMHS, tenant: tenant, catalogue: BundledAssets.catalogue(),
                                      dependencies: Fixtures.dependencies())
        for action: DeviceAction in [.enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment,
                                     .signIn(user: "cou1", password: "cou1", from: .broker), .setSessionPIN("7391"),
                                     .advanceClock(seconds: 30), .enterSessionPIN("8264"), .advanceClock(seconds: 300)] {
            _ = d.apply(action)
        }
        return d
    }

    @Test func aRestoredDeviceKeepsManagedHomeScreensStateAndGoesOnAsTheOriginal() throws {
        var device = try Self.device()
        #expect(device.state == .locked("cou1"))
        #expect(device.managedHomeScreen?.failedPINAttempts == 1)
        // The wrong PIN at 30 s was input: the countdown came 300 s after it.
        #expect(device.autoSignOutSecondsLeft == 60)
        let url = try Fixtures.tempDir().appendingPathComponent("mhs.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            try store.save(device)
            try store.close()
        }
        #expect(try !Data(contentsOf: url).contains("7391"))
        let store = try DeviceStore.open(at: url)
        let loaded = try #require(try store.load())
        #expect(loaded.managedHomeScreen == device.snapshot.managedHomeScreen)
        #expect(loaded.state == device.state && loaded.now == device.now && loaded.lastActivity == device.snapshot.lastActivity)
        var restored = SharedDevice(snapshot: loaded, tenant: Self.tenant, dependencies: Fixtures.dependencies())
        #expect(restored.enterSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(device.enterSessionPIN("7391") == .success(.checkedOut("cou1")))
        #expect(restored.snapshot.managedHomeScreen == device.snapshot.managedHomeScreen)
        _ = restored.apply(.advanceClock(seconds: 360))
        #expect(restored.state == .checkedIn)
        try store.save(restored)
        #expect(try store.load()?.managedHomeScreen == nil)
        try store.close()
    }

    @Test func aVersion6FileWithoutManagedHomeScreenOpens() throws {
        var device = try Fixtures.newDevice()
        for action in Fixtures.walk { _ = device.apply(action) }
        let url = try Fixtures.tempDir().appendingPathComponent("v6.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            try store.save(device)
            try store.close()
        }
        do {
            // The file as schema v6's hubsim left it: no managed_home_screen column, no v7 migration.
            let queue = try DatabaseQueue(path: url.path, configuration: DeviceStore.configuration(label: "v6", inMemory: false))
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: """
                    ALTER TABLE device DROP COLUMN managed_home_screen;
                    DELETE FROM grdb_migrations WHERE CAST(substr(identifier, 2, instr(identifier, ':') - 2) AS INTEGER) >= 7;
                    PRAGMA user_version = 6;
                    """)
            }
            try queue.close()
        }
        let store = try DeviceStore.open(at: url)
        #expect(try store.schemaVersion() == Schema.currentVersion)
        let loaded = try #require(try store.load())
        #expect(loaded == Fixtures.persisted(device.snapshot))
        #expect(loaded.managedHomeScreen == nil)
        try store.close()
    }
}
