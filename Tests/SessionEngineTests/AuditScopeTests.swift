import Testing
@testable import SessionEngine

/// Launching, backgrounding and suspending one app audits only the apps the event changed;
/// the findings and the audit's log lines must be those of a full audit.
@Suite struct AuditScopeTests {
    /// The device's findings as a full audit of every app gives them now.
    private func fullAudit(_ d: SharedDevice) -> [LeakFinding] {
        let held = Set(d.heldDeliveries.map(\.app))
        return LeakAudit.findings(apps: d.apps, deviceUser: d.state.user, cipher: Fixtures.dependencies().cipher,
                                  uiBlocked: { d.block(of: $0) != nil || held.contains($0.id) })
    }

    /// The audit's lines (leak, exposure, resolved) logged after `seq`.
    private func auditLines(_ d: SharedDevice, after seq: Int) -> [String] {
        d.log.entries(after: seq).filter { [.leak, .exposure, .resolved].contains($0.kind) }.map(\.text)
    }

    @Test func oneAppsLaunchKeepsTheOtherAppsFindingsAndFindsItsOwn() {
        var d = Fixtures.staged(apps: ["handbook", "notes"])
        _ = d.checkOut("cou1"); _ = d.launch("handbook"); _ = d.launch("notes")
        _ = d.logOut()
        _ = d.checkOut("cou2")
        let exposure = LeakFinding(app: "handbook", severity: .atRestExposure, owners: ["cou1"], currentUser: "cou2", itemCount: 2)
        #expect(d.findings == [exposure])

        // Another app comes and goes: handbook's exposure stands, nothing is logged.
        var seq = d.log.nextSeq - 1
        _ = d.launch("notes"); _ = d.background("notes"); _ = d.suspend("notes")
        #expect(d.findings == [exposure])
        #expect(d.findings == fullAudit(d))
        #expect(auditLines(d, after: seq).isEmpty)

        // The faulty app comes to the front: it shows cou1's items to cou2.
        seq = d.log.nextSeq - 1
        _ = d.launch("handbook")
        let leak = LeakFinding(app: "handbook", severity: .visibleLeak, owners: ["cou1"], currentUser: "cou2", itemCount: 2)
        #expect(d.findings == [leak, exposure])
        #expect(d.findings == fullAudit(d))
        #expect(auditLines(d, after: seq) == ["LEAK: handbook shows cou1's 2 items to cou2"])

        // Sent away by another app's launch (two apps touched): the leak is off screen, the
        // exposure stays; handbook still holds cou1's items, so nothing is cleared or counted.
        seq = d.log.nextSeq - 1
        _ = d.launch("notes")
        #expect(d.findings == [exposure])
        #expect(d.findings == fullAudit(d))
        #expect(auditLines(d, after: seq).isEmpty)
        // Back in front: the same exposure of cou1's data, not a second leak.
        _ = d.launch("handbook")
        #expect(d.snapshot.leakCount == 1)
        #expect(auditLines(d, after: seq).isEmpty)
    }

    @Test func findingsStayInAppOrderWhenALaterAppIsAudited() {
        var d = Fixtures.staged(apps: ["handbook", "notes", "scanner"])
        _ = d.checkOut("cou1"); _ = d.launch("handbook"); _ = d.launch("scanner")
        _ = d.logOut()
        _ = d.checkOut("cou2")
        let before = d.findings.map(\.app)
        #expect(before.count >= 2)
        _ = d.launch("scanner"); _ = d.background("scanner")
        _ = d.launch("handbook"); _ = d.background("handbook")
        #expect(d.findings.map(\.app) == before)
        #expect(d.findings == fullAudit(d))
    }
}
