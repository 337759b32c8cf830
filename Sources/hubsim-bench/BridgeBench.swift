import AppBridge
import Configuration
import Foundation
import Platform
import SessionEngine

/// The app bridge's budgets (Docs/performance.md, "Bridge"), measured with real child processes:
/// the round trip of one event to a minimal Python responder and to a native one (this binary,
/// `hubsim-bench bridge-responder`, whose own handling is a few microseconds: what is left is the
/// bridge's cost, pipes and wake-ups included), a check-out delivered to 20 programs beside the
/// same device with 20 catalogue apps, and what a hung program costs the Hub's loop.
func bridgeBenchmark() throws -> [String] {
    let tenant = try BundledAssets.tenant()
    let hasher = ScryptHasher()
    for user in tenant.users { _ = hasher.verify(Secret(user.id.name), against: user.passwordHash) }
    let python = try BridgeResponders.pythonScript()
    defer { try? FileManager.default.removeItem(atPath: python) }
    let native = BridgeResponders.native
    var lines = ["bridge: events to developers' programs over JSON-RPC on stdio (\(machineLoad()))",
                 "  round trip of one event (background/foreground, app answers {}), 1,000 of each:"]
    var nativeMedian = 0.0
    for (name, exec) in [("python3 responder", ["python3", python]), ("native responder", native + ["echo"])] {
        let trip = try roundTrips(exec: exec, events: 2000, tenant: tenant, hasher: hasher)
        lines.append("    \(name.padding(toLength: 18, withPad: " ", startingAt: 0))  median \(ms(trip.median)) ms  p99 \(ms(trip.p99)) ms"
            + "  hubsim CPU \(String(format: "%.1f", trip.cpuPerEvent * 1e6)) µs per event (all threads)")
        if exec == native + ["echo"] { nativeMedian = trip.median }
    }
    lines.append("  the bridge's own cost per delivered event (native responder's round trip, pipes and wake-ups included): "
        + verdict(ms: nativeMedian * 1000, target: 0.1))
    lines.append("  an Entra sign-in (the notification) delivered to 20 running apps, median of 21 (wall clock):")
    let catalogue = try broadcast(apps: 20, exec: nil, tenant: tenant, hasher: hasher)
    lines.append("    20 catalogue apps             \(ms(catalogue)) ms")
    for (name, exec) in [("20 python3 programs", ["python3", python]), ("20 native programs", native + ["echo"])] {
        let external = try broadcast(apps: 20, exec: exec, tenant: tenant, hasher: hasher)
        lines.append("    \(name.padding(toLength: 28, withPad: " ", startingAt: 0))  \(ms(external)) ms  (\(ms((external - catalogue) / 20)) ms per app beyond the catalogue's)")
    }
    let idle = try hungExchange(exec: native + ["hang"], tenant: tenant, hasher: hasher)
    lines.append("  exchange (the Hub loop's call) while a program hangs: median \(String(format: "%.1f", idle.median * 1e6)) µs, "
        + "max \(String(format: "%.1f", idle.max * 1e6)) µs of 1,000 (it never waits for a program)")
    return lines
}

/// One app, `events` events alternating background and foreground, each timed from the device's
/// action to its answer reported back (`settle`).
private func roundTrips(exec: [String], events: Int, tenant: Tenant, hasher: ScryptHasher) throws
    -> (median: Double, p99: Double, cpuPerEvent: Double) {
    let app = AppDefinition(id: "bench", name: "Bench", sdk: .none, external: ExternalProgram(exec: exec))
    var device = SharedDevice(profile: .named(.workspaceOne), tenant: tenant, apps: [app], dependencies: EngineDependencies.seeded(hasher: hasher))
    let bridge = AppBridge()
    defer { bridge.shutdown(&device) }
    _ = device.enroll(group: "FRONTLINE", user: "stage", password: "stage")
    _ = device.completeEnrollment()
    bridge.apply(.launch("bench"), to: &device)
    bridge.settle(&device)
    guard device.app("bench")?.process?.health == .running else {
        throw BenchError("bridge: \(exec.joined(separator: " ")) did not start: \(String(describing: device.app("bench")?.process?.health))")
    }
    var samples: [Double] = []
    samples.reserveCapacity(events)
    let cpuBefore = processCPUSeconds()
    for i in 0..<events {
        if i % 2 == 0 { bridge.apply(.background("bench"), to: &device) } else { bridge.apply(.launch("bench"), to: &device) }
        let start = ContinuousClock.now
        bridge.settle(&device)
        samples.append(seconds(ContinuousClock.now - start))
    }
    let cpu = processCPUSeconds() - cpuBefore
    guard device.app("bench")?.process?.health == .running, device.app("bench")?.process?.awaiting.isEmpty == true else {
        throw BenchError("bridge: the responder did not answer every event")
    }
    samples.sort()
    return (samples[samples.count / 2], samples[min(samples.count - 1, samples.count * 99 / 100)], cpu / Double(events))
}

/// Entra: `apps` apps running in the background that listen for the notification; the median wall
/// time of a sign-in or sign-out with every app's answer back (`exec` nil: catalogue apps).
private func broadcast(apps n: Int, exec: [String]?, tenant: Tenant, hasher: ScryptHasher) throws -> Double {
    let traits = MSALTraits(backgroundCapability: true, listensForNotification: true, checksAccountOnForeground: true)
    let apps = (0..<n).map { i in
        AppDefinition(id: "app\(i)", name: "App \(i)", sdk: .msal(traits), userItems: exec == nil ? ["Item of {user}"] : [],
                      external: exec.map { ExternalProgram(exec: $0) })
    }
    var device = SharedDevice(profile: .named(.entraIOS), tenant: tenant, apps: apps, dependencies: EngineDependencies.seeded(hasher: hasher))
    let bridge = AppBridge()
    defer { bridge.shutdown(&device) }
    _ = device.enroll(group: "FRONTLINE", user: "stage", password: "stage")
    _ = device.completeEnrollment()
    for app in apps { bridge.apply(.launch(app.id), to: &device); bridge.settle(&device); bridge.apply(.background(app.id), to: &device); bridge.settle(&device) }
    var samples: [Double] = []
    for i in 0..<23 {
        let user = i % 2 == 0 ? "cou1" : "cou2"
        let start = ContinuousClock.now
        if device.state == .checkedIn { bridge.apply(.signIn(user: user, password: Secret(user), from: .broker), to: &device) } else { bridge.apply(.signOut(from: .broker, browser: false), to: &device) }
        bridge.settle(&device)
        if i >= 2 { samples.append(seconds(ContinuousClock.now - start)) }
    }
    if exec != nil {
        let answered = device.apps.filter { $0.process?.health == .running && $0.process?.awaiting.isEmpty == true }.count
        guard answered == n else { throw BenchError("bridge: only \(answered) of \(n) programs answered the broadcast") }
    }
    return middle(samples)
}

/// The interactive loop's `exchange` while one program never answers (after its hung report).
private func hungExchange(exec: [String], tenant: Tenant, hasher: ScryptHasher) throws -> (median: Double, max: Double) {
    let app = AppDefinition(id: "hung", name: "Hung", sdk: .none, external: ExternalProgram(exec: exec, timeoutMilliseconds: 100))
    var device = SharedDevice(profile: .named(.workspaceOne), tenant: tenant, apps: [app], dependencies: EngineDependencies.seeded(hasher: hasher))
    var options = BridgeOptions()
    options.graceMilliseconds = 100
    let bridge = AppBridge(options: options)
    defer { bridge.shutdown(&device) }
    _ = device.enroll(group: "FRONTLINE", user: "stage", password: "stage")
    _ = device.completeEnrollment()
    bridge.apply(.launch("hung"), to: &device)
    bridge.settle(&device)
    guard case .hung = device.app("hung")?.process?.health else { throw BenchError("bridge: the hanging responder was not reported hung") }
    var samples: [Double] = []
    for i in 0..<1000 {
        if i % 2 == 0 { bridge.apply(.background("hung"), to: &device) } else { bridge.apply(.launch("hung"), to: &device) }
        let start = ContinuousClock.now
        bridge.exchange(&device)
        samples.append(seconds(ContinuousClock.now - start))
    }
    samples.sort()
    return (samples[samples.count / 2], samples[samples.count - 1])
}

/// CPU time of the whole process (every thread: the caller's, the bridge's queue, swift-subprocess's).
private func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// The benchmark's children.
enum BridgeResponders {
    /// This binary as a responder (`hubsim-bench bridge-responder echo|hang`).
    static var native: [String] { [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, "bridge-responder"] }

    /// The smallest Python program that speaks the protocol, written to a temporary file.
    static func pythonScript() throws -> String {
        let path = NSTemporaryDirectory() + "hubsim-bench-responder-\(getpid()).py"
        let script = """
            out = __import__("sys").stdout
            for line in __import__("sys").stdin:
                i = line.find('"id":')
                ident = line[i + 5:line.find(',', i)]
                if '"initialize"' in line:
                    out.write('{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"1"}}\\n' % ident)
                else:
                    out.write('{"jsonrpc":"2.0","id":%s,"result":{}}\\n' % ident)
                out.flush()

            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Answers every request on standard input with `{}` (`echo`), or only `initialize` (`hang`),
    /// with plain reads and writes: its own handling is a few microseconds.
    static func run(_ mode: BridgeResponder.Mode) -> Int32 {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n <= 0 { return 0 }
            pending.append(contentsOf: buffer[0..<n])
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                let text = String(decoding: line, as: UTF8.self)
                guard let idRange = text.range(of: "\"id\":") else { continue }
                let rest = text[idRange.upperBound...]
                let id = rest[..<(rest.firstIndex(of: ",") ?? rest.endIndex)]
                let isInitialize = text.contains("\"initialize\"")
                guard isInitialize || mode == .echo else { continue }
                let answer = isInitialize
                    ? "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":{\"protocolVersion\":\"1\"}}\n"
                    : "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":{}}\n"
                let bytes = Array(answer.utf8)
                var written = 0
                while written < bytes.count {
                    let w = bytes[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
                    if w <= 0 { return 1 }
                    written += w
                }
            }
        }
    }
}
