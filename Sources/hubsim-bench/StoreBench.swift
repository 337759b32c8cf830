import Configuration
import DeviceStore
import Foundation
import Platform
import SessionEngine

/// Persistence target (Docs/performance.md): a full check-out → check-in cycle with the default app
/// set, every app launched on each side so its callbacks fire, and `save` (a SQLite
/// transaction in WAL mode) after every event, under 2 ms.
///
/// The bundled tenant's scrypt hashes are verified once before timing (the hasher
/// memoises successes), so the figures are engine + persistence, not the KDF.
func storeBenchmark() throws -> [String] {
    let cycles = 200
    let apps = DeviceProfile.workspaceOne.defaultApps
    let cycle = ShiftCycle.actions

    let hasher = ScryptHasher()
    let tenant = try BundledAssets.tenant()
    for (user, password) in [("stage", "stage"), ("cou1", "cou1")] {
        _ = hasher.verify(Secret(password), against: tenant.user(UserID(user))!.passwordHash)
    }
    func enrolledDevice() throws -> SharedDevice { try ShiftCycle.enrolledDevice(tenant: tenant, hasher: hasher) }
    /// Median and 95th percentile, in milliseconds, of `cycles` timed cycles (after a
    /// warm-up), and the medians of the first and last 50 (the log grows between them).
    func measure(_ save: ((SharedDevice) throws -> Void)?) throws -> (median: Double, p95: Double, first: Double, last: Double, cpu: Double) {
        var device = try enrolledDevice()
        try save?(device)
        var times: [Double] = [], cpuTimes: [Double] = []
        for i in 0..<(cycles + 5) {
            let start = ContinuousClock.now
            var failure: (any Error)?
            let cpu = cpuSeconds {
                do {
                    for action in cycle {
                        _ = device.apply(action)
                        try save?(device)
                    }
                } catch { failure = error }
            }
            if let failure { throw failure }
            let elapsed = ContinuousClock.now - start
            if i >= 5 {
                times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
                cpuTimes.append(cpu * 1000)
            }
        }
        func median(_ t: some Collection<Double>) -> Double { t.sorted()[t.count / 2] }
        let sorted = times.sorted()
        return (median(sorted), sorted[min(sorted.count - 1, sorted.count * 95 / 100)], median(times.prefix(50)), median(times.suffix(50)),
                median(cpuTimes))
    }

    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: dir) }
    let engine = try measure(nil)
    let memoryStore = try DeviceStore.inMemory()
    let ephemeral = try measure { try memoryStore.save($0) }
    let fileStore = try DeviceStore.open(at: dir.appendingPathComponent("bench.sqlite"))
    let persistent = try measure { try fileStore.save($0) }

    // A restart: open and load the device the persistent run left behind.
    let snapshot = try fileStore.load()
    try fileStore.close()
    let openStart = ContinuousClock.now
    let reopened = try DeviceStore.open(at: dir.appendingPathComponent("bench.sqlite"))
    let loaded = try reopened.load()
    let openTime = ContinuousClock.now - openStart
    try reopened.close()
    let fileSize = (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("bench.sqlite").path)[.size] as? Int) ?? 0

    func ms(_ v: Double) -> String { String(format: "%.2f ms", v) }
    let events = cycle.count
    let openMs = Double(openTime.components.attoseconds) / 1e15 + Double(openTime.components.seconds) * 1000
    return [
        "store: a full check-out → check-in cycle, \(apps.count) apps launched on each side (\(events) events), "
            + "saved after every event, median (p95) of \(cycles); \(machineLoad()):",
        "  with persistence (SQLite file, WAL)  " + verdict(ms: persistent.median, target: 2)
            + "  (wall clock; p95 \(ms(persistent.p95)); " + String(format: "%.3f", (persistent.median - engine.median) / Double(events)) + " ms per committed event)",
        "  the same, CPU time of this thread    " + verdict(ms: persistent.cpu, target: 2) + "  (the wall-clock figure less other processes' turns)",
        "  --ephemeral (in-memory database)     \(ms(ephemeral.median))  (CPU \(ms(ephemeral.cpu)); p95 \(ms(ephemeral.p95)); no target of its own)",
        "  engine only, no store                \(ms(engine.median))  (CPU \(ms(engine.cpu)); p95 \(ms(engine.p95)); no target of its own)",
        "  median of the first / last 50 cycles (the log grows by ~44 entries a cycle): engine \(ms(engine.first)) / \(ms(engine.last)), "
            + "--ephemeral \(ms(ephemeral.first)) / \(ms(ephemeral.last)), persistent \(ms(persistent.first)) / \(ms(persistent.last))",
        "  restart: open + load after \(cycles + 5) cycles (\(loaded?.log.entries.count ?? 0) log entries, \(fileSize / 1024) KiB): "
            + ms(openMs) + "  (no target of its own)" + (loaded == snapshot ? "" : "  MISMATCH"),
        "  (scrypt verifications memoised before timing: the figures are engine + persistence)",
    ]
}
