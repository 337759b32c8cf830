import AppBridge
import Configuration
import Platform
import SessionEngine
import Testing

/// Devices with one developer's program (a Python test app from Fixtures/) beside the catalogue's.
enum BridgeFixtures {
    static let folder = String(#filePath.dropLast("BridgeFixtures.swift".count)) + "Fixtures"
    static let tenant = try! BundledAssets.tenant()
    static let hasher = ScryptHasher()

    /// The test app's definition, playing `mode` (see Fixtures/app.py).
    static func app(_ mode: String, _ argument: String = "", id: AppID = "ext", timeout: Int? = nil) -> AppDefinition {
        AppDefinition(id: id, name: "Test app", sdk: .workspaceOne(.none),
                      external: ExternalProgram(exec: ["python3", folder + "/app.py", mode, argument], timeoutMilliseconds: timeout))
    }

    /// A Workspace ONE device, enrolled, checked out to cou1, with `apps` installed.
    static func device(_ apps: [AppDefinition]) -> SharedDevice {
        var d = SharedDevice(profile: DeviceProfile.named(.workspaceOne), tenant: tenant, apps: apps,
                             dependencies: EngineDependencies.seeded(hasher: hasher))
        #expect(throws: Never.self) { try d.enroll(group: tenant.groups[0].id, user: "stage", password: Secret("stage")).get() }
        #expect(throws: Never.self) { try d.completeEnrollment().get() }
        #expect(throws: Never.self) { try d.checkOut(group: "FRONTLINE", user: "cou1", password: Secret("cou1")).get() }
        return d
    }

    /// The app's log entries of `kind`, as "name: detail".
    static func entries(_ device: SharedDevice, _ kind: AppLogEntry.Kind, app: AppID = "ext") -> [String] {
        device.app(app)!.log.filter { $0.kind == kind }.map { "\($0.name): \($0.detail)" }
    }
}
