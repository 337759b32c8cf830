import Configuration
import HubUI
import Platform
import SessionEngine

/// Budget: a key in a scrolling view costs the same whatever the view holds (a tenant whose
/// app registration lists 10,000 redirect URIs made each key of the SSO map cost ~190 ms).
///
/// Opens the SSO map of a device whose Mail app and its registration list 10 / 1,000 /
/// 10,000 redirect URIs, and the audit of a device with 10 / 1,000 / 10,000 apps (one verdict
/// row each), then times `↓` and the 80x24 frame that follows: the median of 41 keys (after
/// one unmeasured), each against the target, and the largest over the smallest.
func viewsBenchmark() throws -> [String] {
    let hasher = ScryptHasher(logN: 10)
    let tenant = try BundledAssets.tenant()
    let catalogue = try BundledAssets.catalogue()
    var lines = ["views: ↓ and the 80x24 frame after it, median of 41 keys (\(machineLoad()))"]
    for (name, make) in [("SSO map, redirect URIs", { (n: Int) in ssoMapModel(uris: n, tenant: tenant, catalogue: catalogue, hasher: hasher) }),
                         ("audit, apps", { (n: Int) in auditModel(apps: n, tenant: tenant, hasher: hasher) })] {
        var costs: [(Int, Double)] = []
        for n in [10, 1000, 10_000] {
            var m = make(n)
            _ = m.handle(.key(.down))
            _ = m.render(width: 80, height: 24)
            var samples: [Double] = []
            for _ in 0..<41 {
                let t = ContinuousClock().measure {
                    _ = m.handle(.key(.down))
                    _ = m.render(width: 80, height: 24)
                }
                samples.append(seconds(t) * 1000)
            }
            costs.append((n, middle(samples)))
            // What a change of the device costs the open view (a clock second, while a key is held): one layout.
            let relayout = ContinuousClock().measure {
                _ = m.handle(.tick(1))
                _ = m.render(width: 80, height: 24)
            }
            lines.append("  \(name) \(pad(grouped(n), 6))  " + verdict(ms: middle(samples), target: 2)
                         + "   (a clock second, laid out again: \(ms(seconds(relayout))) ms)")
        }
        let ratio = costs[2].1 / costs[0].1
        lines.append("  \(name): 10,000 / 10 = \(String(format: "%.1f", ratio))x  (target < 2x: the same cost)  \(ratio < 2 ? "met" : "NOT MET")")
    }
    return lines
}

/// Mail's set-up and its registration with `uris` redirect URIs in all (the tenant validates).
private func ssoMapModel(uris: Int, tenant: Tenant, catalogue: AppCatalogue, hasher: ScryptHasher) -> HubModel {
    var apps = catalogue.apps.filter { ["chat", "mail", "roster"].contains($0.id) }
    var tenant = tenant
    if let i = apps.firstIndex(where: { $0.id == "mail" }), let sso = apps[i].sso {
        let extra = (0..<max(0, uris - sso.redirectURIs.count)).map { "https://login.contoso.example/mail/callback/\($0)" }
        apps[i].sso?.redirectURIs += extra
        if let r = tenant.appRegistrations.firstIndex(where: { $0.clientID == sso.clientID }) { tenant.appRegistrations[r].redirectURIs += extra }
    }
    let device = SharedDevice(profile: .workspaceOne, tenant: tenant, apps: apps, dependencies: EngineDependencies.seeded(hasher: hasher))
    var m = HubModel(device: device, width: 80, height: 24)
    _ = m.handle(.key(.function(11)))
    guard m.view == .ssoMap else { fatalError("views: the SSO map did not open") }
    return m
}

/// A device with `apps` apps, cou1 checked out (the audit lists a verdict for each), the audit open.
private func auditModel(apps n: Int, tenant: Tenant, hasher: ScryptHasher) -> HubModel {
    let apps = (0..<n).map { i in
        AppDefinition(id: "app\(i)", name: "App \(i)", sdk: .workspaceOne(SharedDeviceSupport.allCases[i % SharedDeviceSupport.allCases.count]),
                      userItems: ["Item of {user}"], commonItems: ["Common"])
    }
    var device = SharedDevice(profile: .workspaceOne, tenant: tenant, apps: apps, dependencies: EngineDependencies.seeded(hasher: hasher))
    _ = device.enroll(group: "FRONTLINE", user: "stage", password: "stage")
    _ = device.completeEnrollment()
    _ = device.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1")
    var m = HubModel(device: device, width: 80, height: 24)
    _ = m.handle(.key(.char("a")))
    guard m.view == .audit else { fatalError("views: the audit did not open") }
    return m
}
