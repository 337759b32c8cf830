import Foundation
import SessionEngine
import Testing
@testable import DeviceStore

/// The tables hold every field of the engine's snapshot: a field added to `DeviceSnapshot`
/// or `AppRuntime` without a column fails here, not silently at a user's restart.
@Suite struct SchemaCoverageTests {
    static func keys(of value: some Encodable) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
        return Set((object as? [String: Any] ?? [:]).keys)
    }

    @Test func everySnapshotFieldHasAHome() throws {
        var device = try Fixtures.newDevice()
        for action in Fixtures.walk { _ = device.apply(action) }
        _ = device.apply(.advanceClock(seconds: 400))
        _ = device.apply(.checkOut(group: "FRONTLINE", user: "cou1", password: "wrong", passcode: nil))
        let persisted: Set = [
            "name", "profile", "state", "online", "now", "lastActivity", "enrollment", "session", "marks", "history",
            "previousAccount", "foreground", "appSet", "apps", "failedAttempts", "externalKeyServer", "deliveryMode",
            "heldDeliveries", "log", "coverage", "findings", "leakCount", "exposureCount", "tokens", "faults", "managedHomeScreen",
        ]
        var sso = try Fixtures.newDevice(profile: .entraIOS)
        for action in Fixtures.ssoWalk { _ = sso.apply(action) }
        for snapshot in [device.snapshot, sso.snapshot] {
            let unknown = try Self.keys(of: snapshot).subtracting(persisted)
            #expect(unknown.isEmpty, "DeviceSnapshot fields with no column: \(unknown.sorted())")
        }
        #expect(try Self.keys(of: sso.snapshot).contains("tokens"))
    }

    @Test func everyAppFieldHasAHome() throws {
        var device = try Fixtures.newDevice()
        for action in Fixtures.walk { _ = device.apply(action) }
        var sso = try Fixtures.newDevice(profile: .entraIOS)
        for action in Fixtures.ssoWalk { _ = sso.apply(action) }
        let persisted: Set = [
            "definition", "lifecycle", "sdkSeen", "initialCheckFailed", "sawCheckedIn", "currentUser", "userChangeFlag",
            "storage", "keychain", "log", "nextSerial", "token",
        ]
        #expect(sso.apps.contains { $0.token != nil })
        for app in device.apps + sso.apps {
            let unknown = try Self.keys(of: app).subtracting(persisted)
            #expect(unknown.isEmpty, "AppRuntime fields with no column: \(unknown.sorted())")
            #expect(try Self.keys(of: app.keychain) == ["sdkKey"] || app.keychain.sdkKey == nil)
        }
    }
}
