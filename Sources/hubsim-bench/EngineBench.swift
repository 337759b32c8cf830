import Configuration
import Foundation
import Platform
import SessionEngine

/// Times one check-out/check-in cycle on devices with 1, 10, 100 and 1,000 running apps,
/// for both profiles: Workspace ONE (no broadcast; the leak audit still visits every app)
/// and Entra (one Darwin notification delivered to every app, each clearing its data).
func engineBenchmark() throws -> [String] {
    let tenant = try BundledAssets.tenant()
    let hasher = ScryptHasher()
    // The KDF is the console's cost, measured separately below; memoise the passwords first
    // so the cycle times the engine.
    for user in tenant.users { _ = hasher.verify(Secret(user.id.name), against: user.passwordHash) }
    var lines = ["engine: one check-out/check-in cycle (median of repeated runs, release build)",
                 "  apps   workspace-one   entra-ios (broadcast)   per app (entra)"]
    for n in [1, 10, 100, 1000] {
        let ws1 = try median(runs: n >= 1000 ? 15 : 51) { try cycle(.workspaceOne, apps: n, tenant: tenant, hasher: hasher) }
        let entra = try median(runs: n >= 1000 ? 15 : 51) { try cycle(.entraIOS, apps: n, tenant: tenant, hasher: hasher) }
        lines.append("  \(pad(n, 5))  \(pad(ms(ws1), 12)) ms  \(pad(ms(entra), 18)) ms  \(pad(ms(entra / Double(n) * 1000), 12)) µs")
    }
    let kdf = ContinuousClock().measure { _ = ScryptHasher().verify("cou1", against: tenant.user("cou1")!.passwordHash) }
    lines.append("credential check (scrypt N=2^15, r=8, p=1, first verification): \(ms(seconds(kdf))) ms")
    return lines
}

/// Seconds for one cycle on a device whose `n` apps are all running in the background.
private func cycle(_ profile: ProfileID, apps n: Int, tenant: Tenant, hasher: ScryptHasher) throws -> Double {
    let apps = (0..<n).map { i -> AppDefinition in
        let sdk: AppSDK = profile == .workspaceOne
            ? .workspaceOne(SharedDeviceSupport.allCases[i % SharedDeviceSupport.allCases.count])
            : .msal(MSALTraits(backgroundCapability: true, listensForNotification: true, checksAccountOnForeground: true))
        return AppDefinition(id: "app\(i)", name: "App \(i)", sdk: sdk, userItems: ["Item of {user}"], commonItems: ["Common"])
    }
    var d = SharedDevice(profile: .named(profile), tenant: tenant, apps: apps,
                         dependencies: EngineDependencies.seeded(hasher: hasher))
    _ = d.enroll(group: "FRONTLINE", user: "stage", password: "stage")
    _ = d.completeEnrollment()
    for app in apps { _ = d.launch(app.id); _ = d.background(app.id) }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        if profile == .workspaceOne {
            _ = d.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1")
            _ = d.logOut()
        } else {
            _ = d.signIn(user: "cou1", password: "cou1")
            _ = d.signOut()
        }
    }
    guard d.state == .checkedIn else { throw BenchError("cycle did not end checked in: \(d.state)") }
    return seconds(elapsed)
}
