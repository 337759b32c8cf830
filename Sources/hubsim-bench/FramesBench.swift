import Configuration
import HubUI
import Platform
import SessionEngine

/// Budget: a frame costs what it shows. The panes view of a device with 10, 1,000 or 10,000
/// apps draws the panes that fit and a summary tile for the rest, so its frame should cost
/// the same whatever the number of apps off screen (a 1,000-app device once took 41 s a frame
/// at 200x60 in the debug build: every pane worked out every app's verdict and token line).
///
/// Times `render` at 80x24 and at 200x60, the median of 41 frames (after one unmeasured), each
/// against the target, and a clock second with the frame after it, the median of 21: a second
/// that only moves the clock costs a frame too (what was worked out over every app stands).
func framesBenchmark() throws -> [String] {
    let hasher = ScryptHasher(logN: 10)
    let tenant = try BundledAssets.tenant()
    let catalogue = try BundledAssets.catalogue()
    var lines = ["frames: the panes view, one frame, median of 41 (\(machineLoad()))"]
    let counts = [10, 1000, 10_000]
    var costs: [String: [Double]] = [:]
    for n in counts {
        var m = try panesModel(apps: n, tenant: tenant, catalogue: catalogue, hasher: hasher)
        for (w, h) in [(80, 24), (200, 60)] {
            _ = m.handle(.resize(width: w, height: h))
            _ = m.render(width: w, height: h)
            var samples: [Double] = []
            for _ in 0..<41 {
                samples.append(cpuSeconds { _ = m.render(width: w, height: h) } * 1000)
            }
            costs["\(w)x\(h)", default: []].append(middle(samples))
            var ticks: [Double] = []
            for _ in 0..<21 {
                ticks.append(cpuSeconds {
                    _ = m.handle(.tick(1))
                    _ = m.render(width: w, height: h)
                } * 1000)
            }
            let changed = middle(ticks)
            lines.append("  \(pad(grouped(n), 6)) apps at \(pad("\(w)x\(h)", 6))  " + verdict(ms: middle(samples), target: 1)
                         + "   a clock second and its frame (median of 21): " + verdict(ms: changed, target: 1))
        }
    }
    for size in ["80x24", "200x60"] {
        let c = costs[size]!
        let ratio = c.last! / c.first!
        lines.append("  \(size): \(grouped(counts.last!)) / \(grouped(counts.first!)) apps = \(String(format: "%.1f", ratio))x  (target < 2x: the same cost)  \(ratio < 2 ? "met" : "NOT MET")")
    }
    return lines
}

/// `n` apps cycled from the catalogue (each id and name numbered), enrolled, cou1 checked out,
/// the first two apps launched (as a person would after checking out), the panes view showing.
private func panesModel(apps n: Int, tenant: Tenant, catalogue: AppCatalogue, hasher: ScryptHasher) throws -> HubModel {
    let apps = (0..<n).map { i in
        var a = catalogue.apps[i % catalogue.apps.count]
        a.id = "\(a.id)\(i)"
        a.name = "\(a.name) \(i)"
        return a
    }
    let device = SharedDevice(profile: .workspaceOne, tenant: tenant, apps: apps, dependencies: EngineDependencies.seeded(hasher: hasher))
    var m = HubModel(device: device, width: 80, height: 24)
    for action: DeviceAction in [.enroll(group: "FRONTLINE", user: "stage", password: "stage"), .completeEnrollment,
                                 .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil), .launch(apps[0].id), .launch(apps[1].id)] {
        guard m.apply(action) == .accepted else { throw BenchError("frames: \(action) was refused") }
    }
    guard m.view == .panes, m.device.apps.count == n else { throw BenchError("frames: the panes view of \(n) apps did not open") }
    return m
}
