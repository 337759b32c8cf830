import Configuration
import Platform
import Testing
@testable import SessionEngine

/// Shared test set-up. One hasher for the whole target: it remembers successful
/// verifications, so each bundled password costs one scrypt derivation per process.
enum Fixtures {
    static let hasher = ScryptHasher()
    static let cheapHasher = ScryptHasher(logN: 10)

    static func dependencies(_ hasher: ScryptHasher = hasher) -> EngineDependencies {
        EngineDependencies.seeded(hasher: hasher)
    }

    static let tenant = try! BundledAssets.tenant()
    static let strictTenant = try! BundledAssets.strictTenant()
    static let catalogue = try! BundledAssets.catalogue()

    /// A new device of `profile`, not yet enrolled.
    static func device(_ profile: ProfileID = .workspaceOne, tenant: Tenant = tenant, apps: [AppID]? = nil) -> SharedDevice {
        try! SharedDevice.make(profile: profile, tenant: tenant, catalogue: catalogue, apps: apps, dependencies: dependencies())
    }

    /// A device enrolled by `stage` and checked in (staged).
    static func staged(_ profile: ProfileID = .workspaceOne, tenant: Tenant = tenant, apps: [AppID]? = nil) -> SharedDevice {
        var d = device(profile, tenant: tenant, apps: apps)
        let group = profile == .workspaceOne ? tenant.groups[0].id : nil
        #expect(d.enroll(group: group, user: "stage", password: "stage") == .success(d.state))
        #expect(d.completeEnrollment() == .success(.checkedIn))
        return d
    }

    /// A tenant like the default one but hashed cheaply, for tests that fail many attempts.
    static func cheapTenant(policy: SecurityPolicy = SecurityPolicy()) -> Tenant {
        func user(_ name: String, _ role: TenantUser.Role = .endUser) -> TenantUser {
            TenantUser(id: UserID(name), displayName: name, group: "FRONTLINE", role: role,
                       passwordHash: cheapHasher.hash(Secret(name)))
        }
        return Tenant(name: "test", promptsForGroupID: true, groups: [OrganizationGroup(id: "FRONTLINE", name: "F")],
                      users: [user("stage", .staging(.multiUser)), user("cou1"), user("cou2")], policy: policy)
    }
}

/// Reads what apps received, in order, and forgets it, so each assertion sees only what is new.
struct Inbox {
    private var seen: [AppID: Int] = [:]

    /// Callback names (with the initial check's error) and notifications delivered to `app`
    /// since the previous call for that app.
    mutating func take(_ device: SharedDevice, _ app: AppID) -> [String] {
        let log = device.app(app)!.log
        let start = seen[app] ?? 0
        seen[app] = log.count
        return log[start...].compactMap { e in
            switch e.kind {
            case .callback: e.name == API.didFinishInitialCheck ? "\(e.name)(\(e.detail))" : e.name
            case .notification: e.name
            default: nil
            }
        }
    }
}

extension SharedDevice {
    /// Shorthand for the default tenant's Group ID.
    mutating func checkOut(_ user: String, passcode: Secret? = nil) -> Result<DeviceState, Refusal> {
        checkOut(group: "FRONTLINE", user: user, password: Secret(user), passcode: passcode)
    }
}

let wipe = API.didWipeCurrentUserData
let userChange = API.didDetectUserChange
let initialOK = "\(API.didFinishInitialCheck)(error: nil)"
let initialNotCheckedOut = "\(API.didFinishInitialCheck)(error: \(API.sharedDeviceNotCheckedOut))"
let accountChanged = API.accountChangedNotification

extension SharedDevice {
    /// Every event the device's programs were sent and have not answered, oldest first: what
    /// the app bridge sends when the test plays the program itself.
    var awaitedRequests: [AppRequest] { apps.flatMap { $0.process?.awaiting ?? [] }.sorted { $0.serial < $1.serial } }
}
