import Configuration
import Foundation
import HubUI
import Platform
import Scenarios
import SessionEngine

/// Recording target (Docs/performance.md): saving a recording costs what the walk added since the
/// last save, never a replay of the whole walk. A walk of N check-out/check-in cycles
/// through `HubModel`, the recorder fed after every action as the interactive wiring feeds
/// it (`InteractiveLaunch`); then the save (`recording(of:)`) is timed at N = 10 and
/// N = 100. Proportional: the save at 100 cycles costs about what it costs at 10 (the steps
/// pending are the same), apart from joining the file's lines, which is linear in the walk.
func recordingBenchmark() throws -> [String] {
    let hasher = ScryptHasher()
    let tenant = try BundledAssets.tenant()
    for (user, password) in [("stage", "stage"), ("cou1", "cou1"), ("cou2", "cou2")] {
        _ = hasher.verify(Secret(password), against: tenant.user(UserID(user))!.passwordHash)
    }
    let apps = DeviceProfile.workspaceOne.defaultApps
    var lines = ["recording: save a recorded walk of N check-out/check-in cycles (\(apps.count * 2 + 2) actions each; release build; \(machineLoad()))",
                 "  cycles   actions   append per action   save (median of 21)   save per action in the walk"]
    var saves: [(cycles: Int, seconds: Double)] = []
    for cycles in [10, 100] {
        let device = try SharedDevice.make(profile: .workspaceOne, tenant: tenant, catalogue: BundledAssets.catalogue(),
                                           dependencies: EngineDependencies.seeded(hasher: hasher))
        var model = HubModel(device: device)
        var recorder = ScenarioRecorder(model: model, hasher: hasher)
        var appendCPU = 0.0, appended = 0
        func act(_ action: DeviceAction) {
            _ = model.apply(action)
            appendCPU += cpuSeconds { recorder.append(model) }
            appended += 1
        }
        act(.enroll(group: "FRONTLINE", user: "stage", password: "stage"))
        act(.completeEnrollment)
        for i in 0..<cycles {
            let user = i % 2 == 0 ? "cou1" : "cou2"
            act(.checkOut(group: "FRONTLINE", user: user, password: Secret(user), passcode: nil))
            for app in apps { act(.launch(app)) }
            act(.logOut)
            for app in apps { act(.launch(app)) }
        }
        var yaml = ""
        let save = median(runs: 21) {
            cpuSeconds { yaml = recorder.recording(of: model).yaml }
        }
        let yamlLines = yaml.split(separator: "\n").count
        saves.append((cycles, save))
        lines.append("  \(pad(cycles, 6))   \(pad(model.actionLog.count, 7))   \(pad(ms(appendCPU / Double(appended)) + " ms", 17))"
                     + "   \(pad(ms(save) + " ms", 19))   \(pad(String(format: "%.2f µs", save * 1e6 / Double(model.actionLog.count)), 12))  (\(yamlLines) lines)")
    }
    if let ten = saves.first?.seconds, let hundred = saves.last?.seconds, ten > 0 {
        let ratio = hundred / ten
        lines.append("  save at 100 cycles / save at 10 cycles = \(String(format: "%.1f", ratio))x  (target: proportional to the steps added, "
                     + "not to the walk: a replay would be ≈ 10x; < 5x)  \(ratio < 5 ? "met" : "NOT MET")")
    }
    return lines
}
