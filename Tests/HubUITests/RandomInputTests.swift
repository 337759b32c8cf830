import FuzzSupport
import HubUI
import SessionEngine
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A headless random-input test of HubModel (issue 11, "Proof that stays"): seeded walks of
/// keys, clicks, ticks and resizes across both profiles and both bundled tenants, with the
/// engine's invariants, the leak audit, the frame and the masking checked after every input.
///
/// Reproducible: every walk's seed derives from one base seed, printed with any failure;
/// `HUBSIM_RANDOM_SEED=<n>` runs other walks (`swift test --filter RandomInputTests`).
@Suite struct RandomInputTests {
    /// The walks of one run: 4 profile/tenant pairs, each with the profile's apps and with the
    /// whole catalogue, 4 seeds each.
    static let walks: [WalkConfig] = {
        var out: [WalkConfig] = []
        for profile in [ProfileID.workspaceOne, .entraIOS] {
            for strict in [false, true] {
                for allApps in [false, true] {
                    for _ in 0..<seedsPerWalkKind {
                        out.append(WalkConfig(profile: profile, strict: strict, allApps: allApps,
                                              seed: SplitMix64.derive(baseSeed, out.count), inputs: inputsPerWalk))
                    }
                }
            }
        }
        return out
    }()

    static let seedsPerWalkKind = 2
    static let inputsPerWalk = 6_250
    static let baseSeed: UInt64 = getenv("HUBSIM_RANDOM_SEED").flatMap { UInt64(String(cString: $0), radix: 10) } ?? 0x48_75_62_73_69_6D

    @Test func aRunFeedsAtLeast100000Inputs() {
        #expect(Self.walks.reduce(0) { $0 + $1.inputs } >= 100_000)
        #expect(Set(Self.walks.map(\.seed)).count == Self.walks.count)
    }

    @Test(arguments: walks)
    func randomInputsKeepEveryInvariant(_ config: WalkConfig) {
        var walk = RandomWalk(config)
        var now = walk.model.device.now
        var leakCount = 0
        var revision = -1
        var problems: [String] = []
        var failedInput: InputEvent?
        while walk.inputs < config.inputs && problems.isEmpty {
            // After every input: the engine and the leak audit.
            let frame = walk.feedBatch { m, event in
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
        }
        if !problems.isEmpty {
            Issue.record("""
                walk \(config.label) (base seed \(Self.baseSeed)), after input \(walk.inputs) of \(config.inputs)\(failedInput.map { ": \($0)" } ?? " (the frame painted then)")
                state \(walk.model.device.state), page \(walk.model.page), focus \(walk.model.focus), \(walk.model.width)x\(walk.model.height)
                \(problems.joined(separator: "\n"))
                last inputs: \(walk.recent.map { "\($0)" }.joined(separator: ", "))
                """)
            return
        }
        let reach = WalkReach(walk.model.device)
        print("random walk \(config.label): \(walk.inputs) inputs, \(walk.loop.painter.count) frames; \(reach)")
        // The walk must really exercise the device, not stay on the lock screen (a walk of 6,250
        // inputs reaches 7 to 40 check-outs, 17 to 40 check-ins and 24 to 74 callbacks).
        // The strict tenant locks users out after 3 attempts and keeps a kiosk device checked
        // out for good: fewer check-outs fit in a walk, but never none.
        #expect(reach.checkOuts >= (config.strict ? 2 : 5), "\(config.label): \(reach)")
        if !reach.singleUserDevice { #expect(reach.checkIns >= 5, "\(config.label): \(reach)") }
        #expect(reach.callbacks >= 15, "\(config.label): \(reach)")
        #expect(reach.lockouts >= 1, "\(config.label): \(reach)")
        if config.profile == .workspaceOne, !config.strict {
            #expect(reach.inactivityLocks >= 1 && reach.unlocks >= 1, "\(config.label): \(reach)")
        }
    }
}

/// How far a walk got: the figures its end-of-walk assertions read.
struct WalkReach: CustomStringConvertible {
    var checkOuts, checkIns, lockouts, inactivityLocks, unlocks, callbacks, leaks: Int
    var singleUserDevice: Bool

    init(_ d: SharedDevice) {
        let c = d.snapshot.coverage
        checkOuts = c["checkOut", default: 0] + c["signIn", default: 0]
        checkIns = c["logOut", default: 0] + c["signOut", default: 0] + c["enterpriseWipe", default: 0]
        lockouts = c["accountLockout", default: 0]
        inactivityLocks = c["inactivityLock", default: 0]
        unlocks = c["unlock", default: 0]
        callbacks = d.apps.reduce(0) { $0 + $1.log.filter { $0.kind == .callback || $0.kind == .notification }.count }
        leaks = d.snapshot.leakCount
        singleUserDevice = d.snapshot.enrollment?.mode == .singleUser
    }

    var description: String {
        "\(checkOuts) check-outs, \(checkIns) check-ins, \(lockouts) lockouts, \(inactivityLocks) inactivity locks, \(unlocks) unlocks, \(callbacks) callbacks and notifications, \(leaks) leaks\(singleUserDevice ? " (Single User Device)" : "")"
    }
}

extension WalkConfig: CustomTestStringConvertible {
    var testDescription: String { label }
}
