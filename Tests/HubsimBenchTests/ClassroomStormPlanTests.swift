import Testing
@testable import hubsim_bench

/// `hubsim-bench classroom-storm`'s plan: the victims' turns, each kill's burst of sizes and
/// its kill point, and how the class's log is read.
@Suite struct ClassroomStormPlanTests {
    @Test("victims take turns under four names, each back every fourth kill")
    func victimsTakeTurns() {
        #expect((0..<9).map(ClassroomStormPlan.victim(kill:)) == [
            "victim0", "victim1", "victim2", "victim3", "victim0", "victim1", "victim2", "victim3", "victim0",
        ])
    }

    @Test("each burst goes twice through every size, tiny and huge among them, from another start each kill")
    func burstsCoverEverySize() {
        let key = { (size: (columns: Int, rows: Int)) in "\(size.columns)x\(size.rows)" }
        let cycle = ClassroomStormPlan.cycle.map(key)
        #expect(Set(cycle).isSuperset(of: ["0x0", "1x1", "65535x65535", "19x9", "401x201", "80x24"]))
        for kill in 0..<30 {
            let sizes = ClassroomStormPlan.sizes(kill: kill).map(key)
            #expect(sizes.count == cycle.count * 2)
            #expect(sizes.sorted() == (cycle + cycle).sorted())
            #expect(Array(sizes[..<cycle.count]) == Array(sizes[cycle.count...]))
        }
        #expect(ClassroomStormPlan.sizes(kill: 0).map(key) != ClassroomStormPlan.sizes(kill: 1).map(key))
    }

    @Test("the kill comes in the middle half of the burst, at every place there in turn")
    func killPointsSpanTheMiddle() {
        let burst = ClassroomStormPlan.cycle.count * 2
        let points = (0..<burst / 2).map(ClassroomStormPlan.killPoint(kill:))
        #expect(points.allSatisfy { $0 >= burst / 4 && $0 < burst * 3 / 4 })
        #expect(Set(points).count == burst / 2)
    }

    @Test("the log's disconnect lines are counted for the exact name")
    func disconnectionsOfOneName() {
        let log = """
            10:00:01  victim1 joined from 127.0.0.1 (80x24)
            10:00:02  victim1 disconnected
            10:00:03  victim10 disconnected
            10:00:04  xvictim1 disconnected
            10:00:05  victim1 disconnected
            10:00:06  victim1's device stopped by signal 11
            """
        #expect(ClassroomStormPlan.disconnections(of: "victim1", in: log) == 2)
        #expect(ClassroomStormPlan.disconnections(of: "victim10", in: log) == 1)
        #expect(ClassroomStormPlan.disconnections(of: "victim2", in: log) == 0)
    }
}
