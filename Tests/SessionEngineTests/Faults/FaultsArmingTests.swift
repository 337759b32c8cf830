import Testing
@testable import SessionEngine

/// Arming, listing and disarming injected faults (Docs/faults.md): one-shot, numbered in
/// arming order, reversible before they fire, refused where they cannot act.
@Suite struct FaultsArmingTests {
    /// The `.fault` lines of the log after `mark`.
    static func faultLines(_ d: SharedDevice, after mark: Int) -> [String] {
        d.log.entries(after: mark - 1).filter { $0.kind == .fault }.map(\.text)
    }

    @Test func labelsReadBack() {
        let faults: [InjectedFault] = [
            InjectedFault(.drop), InjectedFault(.delay), InjectedFault(.delay, seconds: 90), InjectedFault(.duplicate),
            InjectedFault(.reorder), InjectedFault(.crashInCallback), InjectedFault(.crashInCallback, deletesBeforeCrash: 1),
            InjectedFault(.slowCallback), InjectedFault(.slowCallback, seconds: 3725),
        ]
        #expect(faults.map(\.label) == ["drop", "delay 30s", "delay 1m30s", "duplicate", "reorder", "crash-in-callback",
                                        "crash-in-callback after 1", "slow-callback 2m", "slow-callback 1h2m5s"])
        for fault in faults { #expect(InjectedFault(parsing: fault.label) == fault) }
        #expect(InjectedFault(parsing: "delay 45") == InjectedFault(.delay, seconds: 45))
        #expect(InjectedFault(parsing: "slow-callback 2m30s") == InjectedFault(.slowCallback, seconds: 150))
        for bad in ["", "explode", "drop 5s", "delay soon", "delay -5", "delay 2d", "delay 100000", "crash-in-callback after", "crash-in-callback after -1", "reorder twice"] {
            #expect(InjectedFault(parsing: bad) == nil, "\(bad)")
        }
        // Fields a kind does not take are not kept.
        #expect(InjectedFault(.drop, seconds: 5, deletesBeforeCrash: 2) == InjectedFault(.drop))
        #expect(FaultKind.allCases.filter(\.needsSeconds) == [.delay, .slowCallback])
    }

    @Test func faultsAreNumberedInArmingOrderListedAndDisarmed() {
        var d = Fixtures.staged(apps: ["notes", "timeclock"])
        #expect(d.snapshot.faults == nil)
        let mark = d.log.nextSeq
        let first = d.armFault(InjectedFault(.drop), on: "notes")
        #expect(first == .success(ArmedFault(id: 1, app: "notes", fault: InjectedFault(.drop), armedAt: .shiftStart)))
        _ = d.advanceClock(by: 5)
        #expect(d.armFault(InjectedFault(.delay), on: "timeclock").map(\.id) == .success(2))
        #expect(d.armFault(InjectedFault(.crashInCallback), on: "notes").map(\.id) == .success(3))
        #expect(d.armedFaults.map(\.id) == [1, 2, 3])
        #expect(d.armedFaults(of: "notes").map(\.fault.label) == ["drop", "crash-in-callback"])
        #expect(d.disarmFault(2) == .success(ArmedFault(id: 2, app: "timeclock", fault: InjectedFault(.delay), armedAt: SimInstant.shiftStart.adding(seconds: 5))))
        #expect(d.disarmFault(2) == .failure(.noSuchFault(2)))
        #expect(d.disarmFaults(of: "notes").map { $0.map(\.id) } == .success([1, 3]))
        #expect(d.disarmFaults(of: "notes") == .failure(.noFaultArmed("notes")))
        #expect(d.armedFaults.isEmpty && d.faultEffects.isEmpty)
        // Numbers are never reused.
        #expect(d.armFault(InjectedFault(.duplicate), on: "notes").map(\.id) == .success(4))
        #expect(Self.faultLines(d, after: mark) == [
            "fault #1 (drop) armed on notes",
            "fault #2 (delay 30s) armed on timeclock",
            "fault #3 (crash-in-callback) armed on notes",
            "fault #2 (delay 30s) disarmed on timeclock",
            "fault #1 (drop) disarmed on notes",
            "fault #3 (crash-in-callback) disarmed on notes",
            "fault #4 (duplicate) armed on notes",
        ])
        #expect(d.log.entries(after: mark - 1).filter { $0.kind == .refused }.map(\.text) == [
            "disarmFault refused: No fault #2 is armed (it fired or was disarmed).",
            "disarmFaults refused: No fault is armed on notes.",
        ])
        #expect(d.snapshot.coverage["refused:disarmFault:no-such-fault"] == 1)
    }

    @Test func armingIsRefusedWhereTheFaultCannotAct() {
        var d = Fixtures.staged(apps: ["notes", "forms"])
        #expect(d.armFault(InjectedFault(.drop), on: "nope") == .failure(.unknownApp("nope", valid: ["notes", "forms"])))
        let noSDK = d.armFault(InjectedFault(.drop), on: "forms")
        #expect(noSDK.failureTag == "fault-not-applicable")
        #expect(noSDK.failureText == "Cannot arm drop: forms has no SDK: nothing is delivered to it and it wipes nothing; pick an app with an SDK.")
        #expect(d.armFault(InjectedFault(.delay, seconds: 0), on: "notes").failureTag == "fault-not-applicable")
        #expect(d.armFault(InjectedFault(.slowCallback, seconds: 90_000), on: "notes").failureTag == "fault-not-applicable")
        #expect(d.armFault(InjectedFault(.delay, seconds: .nan), on: "notes").failureTag == "fault-not-applicable")
        #expect(d.armFault(InjectedFault(.crashInCallback, deletesBeforeCrash: -1), on: "notes").failureTag == "fault-not-applicable")
        #expect(d.armedFaults.isEmpty)
        #expect(d.snapshot.faults == nil)
    }

    @Test func theSeedDefaultsToOneFromTheDevicesNameAndCanBeSet() {
        var a = Fixtures.staged(apps: ["notes"])
        #expect(a.faultSeed == FaultGenerator.seed(from: SharedDevice.defaultName))
        #expect(FaultGenerator.seed(from: "a") != FaultGenerator.seed(from: "b"))
        _ = a.armFault(InjectedFault(.drop), on: "notes")
        #expect(a.snapshot.faults?.seed == FaultGenerator.seed(from: SharedDevice.defaultName))
        a.setFaultSeed(42)
        #expect(a.faultSeed == 42 && a.snapshot.faults?.generator == FaultGenerator(seed: 42))
        #expect(a.armedFaults.count == 1)
        #expect(a.log.entries.last?.text == "fault seed set to 42")
        // SplitMix64's first outputs for seed 0 (the published reference values).
        var g = FaultGenerator(seed: 0)
        #expect([g.next(), g.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4])
    }

    @Test func actionsArmAndDisarmAndAreNotUserInput() {
        var d = Fixtures.staged(apps: ["notes"])
        #expect(d.apply(.armFault("notes", InjectedFault(.reorder))).outcome == .accepted)
        #expect(d.armedFaults.map(\.fault) == [InjectedFault(.reorder)])
        #expect(d.apply(.disarmFaults("notes")).outcome == .accepted)
        #expect(d.apply(.disarmFaults("notes")).refusal == .noFaultArmed("notes"))
        #expect(d.apply(.armFault("notes", InjectedFault(.drop))).outcome == .accepted)
        #expect(d.apply(.disarmFault(2)).outcome == .accepted)
        #expect(d.apply(.disarmFault(2)).refusal == .noSuchFault(2))
        #expect(d.armedFaults.isEmpty)
        #expect(DeviceAction.disarmFault(2).stepName == .fault && !DeviceAction.disarmFault(2).isUserInput)
        #expect(!DeviceAction.armFault("notes", InjectedFault(.drop)).isUserInput)
        #expect(DeviceAction.disarmFaults("notes").stepName == .fault)
        #expect(CoverageKey.fault(.drop, during: .signOut).key == "fault:drop:signOut")
        #expect(CoverageKey.fault(.slowCallback, during: nil).key == "fault:slow-callback")
    }
}

extension Result where Failure == Refusal {
    var failureTag: String? { if case let .failure(r) = self { r.tag } else { nil } }
    var failureText: String? { if case let .failure(r) = self { r.description } else { nil } }
}
