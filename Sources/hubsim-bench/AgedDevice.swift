import Configuration
import DeviceStore
import Foundation
import Platform
import SessionEngine

/// A device that has served `cycles` shifts, for the first-frame rows of a long-lived device
/// (Docs/performance.md, Benchmarks; Scripts/first-frame): `hubsim-bench aged-device STATE_HOME CYCLES`
/// writes hubsim's default device under `STATE_HOME/hubsim`, as `XDG_STATE_HOME=STATE_HOME
/// hubsim` finds it, enrolled and left checked out to cou1.
///
/// Each cycle is the store benchmark's (`ShiftCycle`): a check-out, every default app launched, a check-in,
/// every app launched again (~44 event-log lines, a few entries per app log, one session),
/// saved once per cycle (the store trims what its retention leaves out as it goes). Driven
/// through the engine and the store, not the UI: 10,000 shifts through tmux would take hours.
func agedDevice(stateHome: String, cycles: Int) throws -> [String] {
    let cycle = ShiftCycle.actions

    let hasher = ScryptHasher()
    let tenant = try BundledAssets.tenant()
    var device = try ShiftCycle.enrolledDevice(tenant: tenant, hasher: hasher)
    let path = try StoreLocation.resolvePath(stateDir: nil, device: SharedDevice.defaultName,
                                             environment: ["XDG_STATE_HOME": stateHome])
    try? FileManager.default.removeItem(atPath: path)
    let store = try DeviceStore.open(path: path)
    try store.save(device)
    let start = ContinuousClock.now
    for _ in 0..<cycles {
        for action in cycle { _ = device.apply(action) }
        try store.save(device)
    }
    _ = device.apply(.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil))
    try store.save(device)
    try store.close()
    let written = start.duration(to: .now)
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    // What a start pays for it: open and read, as hubsim's start does (`openForStart`).
    var times: [Double] = []
    for _ in 0..<21 {
        let t0 = ContinuousClock.now
        let opened = try DeviceStore.openForStart(stateDir: nil, device: SharedDevice.defaultName,
                                                  environment: ["XDG_STATE_HOME": stateHome])
        let elapsed = t0.duration(to: .now)
        times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        if case let .existing(s, _) = opened { try s.close() }
    }
    let median = times.sorted()[times.count / 2]
    return ["aged device: \(cycles) cycles (\(device.log.entries.count) event-log lines, \(device.snapshot.history.count) sessions), "
        + "file \(size / 1024) KiB at \(path), written in \(written)",
            "  open + load for a start: " + String(format: "%.2f ms", median) + " (median of 21; \(machineLoad()))"]
}
