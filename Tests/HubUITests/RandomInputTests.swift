import FuzzSupport
import HubUI
import SessionEngine
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A headless random-input test of HubModel (Docs/testing.md, random input): seeded walks of
/// keys, clicks, ticks and resizes across both profiles and both bundled tenants, with the
/// engine's invariants, the leak audit, the frame and the masking checked after every input.
/// The walks arm injected faults too (Docs/faults.md): a fault may cause a leak, never a
/// broken device, so every invariant holds with faults armed, and the device saved and
/// restored every 1,500 inputs is the same device.
///
/// Reproducible: every walk's seed derives from one base seed, printed with any failure;
/// `HUBSIM_RANDOM_SEED=<n>` runs other walks (`swift test --filter RandomInputTests`).
/// At least 50,000 inputs a run, 100,000 with `HUBSIM_LONG_WALKS=1` (`WalkTier`): each walk
/// records the inputs it fed as the frame loop handed them to the model, and the suite's trait
/// adds them up once every walk has ended.
@Suite(.feedsAtLeast(WalkTier.minimumInputs))
struct RandomInputTests {
    /// The walks of one run: 8 profile/tenant pairs (every profile, both bundled tenants), each
    /// with the profile's apps and with the whole catalogue, 1 seed each: 16 walks of 6,250
    /// inputs, of which the tier takes all or half (`WalkTier`), each with its seed in the plan.
    static let walks: [WalkConfig] = {
        var out: [WalkConfig] = []
        var planned = 0
        for profile in ProfileID.allCases {
            for strict in [false, true] {
                for allApps in [false, true] {
                    for _ in 0..<seedsPerWalkKind {
                        defer { planned += 1 }
                        guard WalkTier.takes(strict: strict, allApps: allApps) else { continue }
                        out.append(WalkConfig(profile: profile, strict: strict, allApps: allApps,
                                              seed: SplitMix64.derive(baseSeed, planned), inputs: inputsPerWalk,
                                              checksAudit: checksEveryAudit || planned % auditSample == 0))
                    }
                }
            }
        }
        return out
    }()

    static let seedsPerWalkKind = 1
    /// One walk in this many (the first of each profile) checks every incremental leak audit
    /// against a full one, which doubles the audit's cost; `HUBSIM_CHECK_AUDIT=1` checks all.
    static let auditSample = 4
    static let checksEveryAudit = getenv("HUBSIM_CHECK_AUDIT").map { String(cString: $0) == "1" } ?? false
    static let inputsPerWalk = 6_250
    /// Inputs between two save-and-restore checks (JSON of the whole snapshot: a few per walk).
    static let restoreEvery = 1_500
    static let baseSeed: UInt64 = getenv("HUBSIM_RANDOM_SEED").flatMap { UInt64(String(cString: $0), radix: 10) } ?? 0x48_75_62_73_69_6D

    @Test(arguments: walks)
    func randomInputsKeepEveryInvariant(_ config: WalkConfig) {
        var walk = RandomWalk(config)
        var now = walk.model.device.now
        var leakCount = 0
        var revision = -1
        var problems: [String] = []
        var failedInput: InputEvent?
        // The question on screen after the last input: its forecast, and the device and action
        // count it was rehearsed on. The input that confirms it is checked against it.
        var asked: (forecast: StepForecast, device: SharedDevice, actions: Int)?
        var confirmedSteps = 0
        var nextRestore = Self.restoreEvery
        while walk.inputs < config.inputs && problems.isEmpty {
            // After every input: the engine and the leak audit.
            let frame = walk.feedBatch { m, event in
                // A confirmed step: each app's forecast, as the dialog computed it, is what the
                // step did to the app (its verdict and the rest), read off the real device.
                if problems.isEmpty, let a = asked, m.actionLog.count > a.actions, m.actionLog[a.actions].action == a.forecast.action {
                    confirmedSteps += 1
                    problems = ForecastCheck.problems(a.forecast, before: a.device, after: m.device,
                                                      refusal: m.actionLog[a.actions].outcome.refusal)
                    if !problems.isEmpty { failedInput = event }
                }
                asked = m.confirmation?.forecast.map { ($0, m.device, m.actionLog.count) }
                if problems.isEmpty, let a = asked, a.forecast.revision != a.device.revision {
                    problems = ["the dialog's forecast was rehearsed at revision \(a.forecast.revision), the device is at \(a.device.revision)"]
                    failedInput = event
                }
                // The device is a value: an input that did not change it cannot break its invariants.
                guard problems.isEmpty, m.device.revision != revision else { return }
                revision = m.device.revision
                let d = m.device
                problems = WalkInvariants.engine(d) + WalkInvariants.audit(d)
                if d.now < now { problems.append("the clock went back from \(now) to \(d.now)") }
                if d.snapshot.leakCount < leakCount { problems.append("the leak count went down") }
                now = d.now
                leakCount = d.snapshot.leakCount
                if !problems.isEmpty { failedInput = event }
            }
            // After every frame painted: the grid, and no secret on it.
            if let frame, problems.isEmpty {
                problems = WalkInvariants.frame(frame, width: walk.loop.width, height: walk.loop.height, secrets: walk.typedSecrets)
            }
            // Now and then, and at the end: saved and restored, the device is the same one.
            if problems.isEmpty, walk.inputs >= nextRestore || walk.inputs >= config.inputs {
                nextRestore = walk.inputs + Self.restoreEvery
                problems = WalkInvariants.restored(walk.model.device, dependencies: walk.dependencies)
            }
        }
        WalkTally.record(config, inputs: walk.inputs)
        if !problems.isEmpty {
            Issue.record("""
                walk \(config.label) (base seed \(Self.baseSeed)), after input \(walk.inputs) of \(config.inputs)\(failedInput.map { ": \($0)" } ?? " (the frame painted then)")
                state \(walk.model.device.state), page \(walk.model.page), focus \(walk.model.focus), \(walk.model.width)x\(walk.model.height)
                \(problems.joined(separator: "\n"))
                last inputs: \(walk.recent.map { "\($0)" }.joined(separator: ", "))
                last events: \(walk.model.device.log.entries.suffix(6).map(\.text).joined(separator: " | "))
                last actions: \((max(0, walk.model.actionLog.count - 4)..<walk.model.actionLog.count).map { "\(walk.model.actionLog[$0].action.name) → \(walk.model.actionLog[$0].outcome.refusal?.tag ?? "accepted")" }.joined(separator: ", "))
                """)
            return
        }
        let reach = WalkReach(walk.model.device)
        let faults = WalkFaults(walk.model)
        print("random walk \(config.label): \(walk.inputs) inputs, \(walk.loop.painter.count) frames; \(reach); \(confirmedSteps) confirmed steps' forecasts checked; \(faults)")
        // The walk arms faults from the menu as QA would (the walks of the base seed arm 2 to 17
        // each, 133 in all, of which 87 fire): none may break an invariant above.
        #expect(faults.armed >= 1, "\(config.label): \(faults)")
        // The walk must really exercise the device, not stay on the lock screen (a walk of 6,250
        // inputs reaches 7 to 40 check-outs, 17 to 40 check-ins and 24 to 74 callbacks).
        // The strict tenant locks users out after 3 attempts and keeps a kiosk device checked
        // out for good: fewer check-outs fit in a walk, but never none.
        #expect(reach.checkOuts >= (config.strict ? 2 : 5), "\(config.label): \(reach)")
        if !reach.singleUserDevice { #expect(reach.checkIns >= 5, "\(config.label): \(reach)") }
        #expect(reach.callbacks >= 15, "\(config.label): \(reach)")
        // Every confirmed step's forecast was checked above; enough of them that the check
        // cannot pass for want of steps (a Single User Device is never logged out, and its
        // rare wipes may not come).
        // On Managed Home Screen most sessions end with no dialog to confirm (the automatic
        // sign-out, too many wrong PINs): one confirmed step is enough there.
        let floor = reach.singleUserDevice ? 0 : config.profile == .androidMHS ? 1 : ForecastCheck.minimumPerWalk
        #expect(confirmedSteps >= floor, "\(config.label): \(confirmedSteps) confirmed steps")
        #expect(reach.lockouts >= 1, "\(config.label): \(reach)")
        if config.profile == .workspaceOne, !config.strict {
            #expect(reach.inactivityLocks >= 1 && reach.unlocks >= 1, "\(config.label): \(reach)")
        }
        // The Android keys are reached: the Settings removal (no broadcast) and the broadcasts;
        // on Managed Home Screen the countdown, its dismissal and the automatic sign-out.
        // Managed Home Screen on the strict tenant leaves few moments with no PIN prompt or
        // screensaver up (30 s idle), so the Settings removal is required of its other walks.
        if config.profile.platform == .android {
            #expect(reach.broadcasts >= 1, "\(config.label): \(reach)")
            if !(config.profile == .androidMHS && config.strict) {
                #expect(reach.settingsRemovals >= 1, "\(config.label): \(reach)")
            }
        }
        if config.profile == .androidMHS {
            #expect(reach.countdowns >= 1 && reach.dismissals >= 1 && reach.autoSignOuts >= 1, "\(config.label): \(reach)")
            // The strict tenant asks for a session PIN and shows the screensaver (the default has neither).
            if config.strict { #expect(reach.sessionPINs >= 1 && reach.screensavers >= 1 && reach.pinResumes >= 1, "\(config.label): \(reach)") }
        }
    }
}

/// How far a walk got: the figures its end-of-walk assertions read.
struct WalkReach: CustomStringConvertible {
    var checkOuts, checkIns, lockouts, inactivityLocks, unlocks, callbacks, leaks: Int
    var singleUserDevice: Bool
    /// Android: the work account removed in Settings, and the broadcasts delivered and missed.
    var settingsRemovals, broadcasts, missedBroadcasts: Int
    /// Managed Home Screen: session PINs set, the screensaver, PINs entered, sign-outs for too
    /// many wrong PINs, countdown dialogs shown and dismissed, automatic sign-outs.
    var sessionPINs, screensavers, pinResumes, pinSignOuts, countdowns, dismissals, autoSignOuts: Int
    let profile: ProfileID

    init(_ d: SharedDevice) {
        let c = d.snapshot.coverage
        checkOuts = c["checkOut", default: 0] + c["signIn", default: 0]
        // Every end of a session: on Android also the account removed in Settings, and on
        // Managed Home Screen the automatic sign-out and the one too many wrong PINs make.
        checkIns = [Transition.logOut, .signOut, .enterpriseWipe, .removeAccountFromSettings, .autoSignOut, .tooManyPINAttempts]
            .reduce(0) { $0 + c[$1.rawValue, default: 0] }
        lockouts = c["accountLockout", default: 0]
        inactivityLocks = c["inactivityLock", default: 0]
        unlocks = c["unlock", default: 0]
        callbacks = d.apps.reduce(0) { $0 + $1.log.filter { $0.kind == .callback || $0.kind == .notification }.count }
        leaks = d.snapshot.leakCount
        singleUserDevice = d.snapshot.enrollment?.mode == .singleUser
        profile = d.profile.id
        settingsRemovals = c[Transition.removeAccountFromSettings.rawValue, default: 0]
        broadcasts = BroadcastType.allCases.reduce(0) { $0 + c[CoverageKey.broadcast($1, delivered: true).key, default: 0] }
        missedBroadcasts = BroadcastType.allCases.reduce(0) { $0 + c[CoverageKey.broadcast($1, delivered: false).key, default: 0] }
        sessionPINs = c[Transition.setSessionPIN.rawValue, default: 0]
        screensavers = c[Transition.screensaver.rawValue, default: 0]
        pinResumes = c[Transition.resumeWithSessionPIN.rawValue, default: 0]
        pinSignOuts = c[Transition.tooManyPINAttempts.rawValue, default: 0]
        countdowns = c[Transition.autoSignOutCountdown.rawValue, default: 0]
        dismissals = c[Transition.dismissAutoSignOut.rawValue, default: 0]
        autoSignOuts = c[Transition.autoSignOut.rawValue, default: 0]
    }

    var description: String {
        var text = "\(checkOuts) check-outs, \(checkIns) check-ins, \(lockouts) lockouts, \(inactivityLocks) inactivity locks, \(unlocks) unlocks, \(callbacks) callbacks and notifications, \(leaks) leaks\(singleUserDevice ? " (Single User Device)" : "")"
        if profile.platform == .android {
            text += "; \(settingsRemovals) Settings removals, \(broadcasts) broadcasts received, \(missedBroadcasts) missed"
        }
        if profile == .androidMHS {
            text += "; \(sessionPINs) session PINs set, \(screensavers) screensavers, \(pinResumes) PIN resumes, \(pinSignOuts) PIN sign-outs, "
                + "\(countdowns) countdowns, \(dismissals) dismissed, \(autoSignOuts) automatic sign-outs"
        }
        return text
    }
}

/// The faults a walk armed from the menu, disarmed and saw fire (Docs/faults.md).
struct WalkFaults: CustomStringConvertible {
    var armed = 0, disarms = 0, fired: Int

    init(_ m: HubModel) {
        for i in 0..<m.actionLog.count where m.actionLog[i].outcome == .accepted {
            switch m.actionLog[i].action {
            case .armFault: armed += 1
            case .disarmFaults: disarms += 1
            default: break
            }
        }
        fired = m.device.snapshot.faults.map { Set($0.fired.map(\.fault.id)).count } ?? 0
    }

    var description: String { "\(armed) faults armed from the menu, \(disarms) disarms, \(fired) fired" }
}

extension WalkConfig: CustomTestStringConvertible {
    var testDescription: String { label }
}

/// The property the walks check at every confirmed step: the forecast the dialog showed is
/// what the step did.
enum ForecastCheck {
    /// Confirmed steps a walk must reach (the walks of the base seed confirm 2 to 20 each: log
    /// outs, wipes and global sign-outs; fewer than before the walks armed faults, whose plans
    /// take inputs, and whose crashes and dropped deliveries end some sessions differently).
    static let minimumPerWalk = 2

    static func problems(_ forecast: StepForecast, before: SharedDevice, after: SharedDevice, refusal: Refusal?) -> [String] {
        var out: [String] = []
        if forecast.refusal != refusal {
            out.append("\(forecast.action.name): forecast refusal \(forecast.refusal.map { "\($0)" } ?? "none"), real \(refusal.map { "\($0)" } ?? "none")")
        }
        if forecast.apps.map(\.app) != after.apps.map(\.id) { out.append("\(forecast.action.name): the forecast lists other apps") }
        for app in forecast.apps {
            guard let real = AppOutcome(app.app, before: before, after: after) else { continue }
            if real.verdict != app.step.verdict {
                out.append("\(forecast.action.name): \(app.app) forecast \(app.step.verdict.sentence), real \(real.verdict.sentence)")
            } else if real != app.step {
                out.append("\(forecast.action.name): \(app.app) forecast \(app.step), real \(real)")
            }
        }
        return out
    }
}
