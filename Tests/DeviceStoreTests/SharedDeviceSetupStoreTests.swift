import Configuration
import Foundation
import SessionEngine
import Testing
@testable import DeviceStore

/// What a registration made of an entra-ios device (in shared device mode or not, and the
/// configuration the MDM removed since) is kept with its enrollment and read back.
@Suite struct SharedDeviceSetupStoreTests {
    @Test func theRegistrationOutcomeSurvivesARestart() throws {
        var tenant = Fixtures.tenant
        tenant.sharedDeviceSetup.ssoExtension?.sharedDeviceMode = false
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        var device = try SharedDevice.make(profile: .entraIOS, tenant: tenant, catalogue: BundledAssets.catalogue(), dependencies: Fixtures.dependencies())
        do {
            let store = try DeviceStore.open(at: url)
            try Fixtures.drive(&device, [.enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment,
                                         .removeSharedDeviceConfiguration(.authenticatorConfiguration)], store: store)
            try store.close()
        }
        let store = try DeviceStore.open(at: url)
        let snapshot = try #require(try store.load())
        #expect(snapshot.enrollment?.sharedDeviceMode
                == SharedModeRegistration(brokenRules: [.ssoExtensionSharedModeOff(value: false)], removedAfterRegistration: [.authenticatorConfiguration]))
        // The tenant file is read again at start: the outcome is the device's, not the file's.
        let restored = SharedDevice(snapshot: snapshot, tenant: Fixtures.tenant, dependencies: Fixtures.dependencies())
        #expect(restored.deviceMode == "default")
        #expect(restored.notInSharedDeviceModeBecause == .ssoExtensionSharedModeOff(value: false))
    }

    /// The known issue survives a restart too: the removal is saved after enrollment.
    @Test func aRemovalAfterRegistrationIsSaved() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        var device = try Fixtures.newDevice(profile: .entraIOS)
        do {
            let store = try DeviceStore.open(at: url)
            try Fixtures.drive(&device, [.enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment], store: store)
            try Fixtures.drive(&device, [.removeSharedDeviceConfiguration(.ssoExtension)], store: store)
            try store.close()
        }
        let snapshot = try #require(try DeviceStore.open(at: url).load())
        #expect(snapshot.enrollment?.sharedDeviceMode?.removedAfterRegistration == [.ssoExtension])
        #expect(Fixtures.restore(snapshot).isSharedDeviceMode)
    }
}
