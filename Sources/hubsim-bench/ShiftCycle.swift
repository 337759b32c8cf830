import Configuration
import Platform
import SessionEngine

/// The shift the store rows are made of (`hubsim-bench store`, `aged-device`): cou1 checks
/// the Workspace ONE device out, every default app is launched so its callbacks fire, cou1
/// checks it in, and every app is launched again.
enum ShiftCycle {
    static var actions: [DeviceAction] {
        let apps = DeviceProfile.workspaceOne.defaultApps
        return [.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil)]
            + apps.map { .launch($0) } + [.logOut] + apps.map { .launch($0) }
    }

    /// A Workspace ONE device on the bundled tenant and catalogue, enrolled by the staging user.
    static func enrolledDevice(tenant: Tenant, hasher: ScryptHasher) throws -> SharedDevice {
        var device = try SharedDevice.make(profile: .workspaceOne, tenant: tenant, catalogue: BundledAssets.catalogue(),
                                           dependencies: EngineDependencies.seeded(hasher: hasher))
        _ = device.apply(.enroll(group: "FRONTLINE", user: "stage", password: "stage"))
        _ = device.apply(.completeEnrollment)
        return device
    }
}
