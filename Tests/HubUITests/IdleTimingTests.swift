import HubUI
import SessionEngine
import Testing

/// Counts, for each paint, the cells that differ from the frame painted before.
private struct CountingPainter: FramePainter {
    var painted: CellGrid?
    var changedCells: [Int] = []

    mutating func paint(_ frame: Frame) {
        let grid = frame.grid
        var changed = 0
        for y in 0..<grid.height {
            for x in 0..<grid.width where painted.map({ $0[x, y] != grid[x, y] }) ?? true { changed += 1 }
        }
        changedCells.append(changed)
        painted = grid
    }

    mutating func invalidate() { painted = nil }
}

/// Idle cost (Docs/performance.md): an idle screen writes nothing until a cell it shows changes, and the terminal
/// sleeps until then (`secondsUntilTimedChange`) instead of waking to paint nothing.
@Suite struct IdleTimingTests {
    /// Simulator seconds to the next whole minute.
    func toNextMinute(_ m: HubModel) -> Double {
        Double(60_000 - m.device.now.milliseconds % 60_000) / 1000
    }

    @Test func theLockScreenSleepsToTheMinuteAndPaintsOnlyTheClock() throws {
        var m = Fixtures.model(width: 120, height: 40)
        m.enrollThroughUI()
        var loop = FrameLoop(painter: CountingPainter(), width: 120, height: 40)
        loop.paint(m)
        let toMinute = toNextMinute(m)
        #expect(toMinute > 1)
        #expect(m.secondsUntilTimedChange(shown: loop.shown) == toMinute)

        // Every second up to the minute: the simulator clock moves, no displayed cell does.
        for _ in 0..<Int(toMinute) - 1 { #expect(loop.feed([.tick(1)], to: &m) == false) }
        #expect(loop.painter.changedCells.dropFirst().allSatisfy { $0 == 0 })
        #expect(m.secondsUntilTimedChange(shown: loop.shown) == 1)

        // The minute: the status line's and the lock screen's minutes digits (the big clock's
        // glyph of one digit, five rows), nothing else; then a whole minute's sleep.
        #expect(loop.feed([.tick(1)], to: &m) == false)
        let changed = try #require(loop.painter.changedCells.last)
        #expect(changed > 0 && changed <= 2 + 5 * 6, "the minute repainted \(changed) cells")
        #expect(m.device.now.milliseconds % 60_000 == 0)
        #expect(m.secondsUntilTimedChange(shown: loop.shown) == 60)
    }

    @Test func aTickWithinTheMinuteWritesNothing() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        var loop = FrameLoop(painter: CountingPainter(), width: 80, height: 24)
        loop.paint(m)
        let before = m.device.now
        #expect(loop.feed([.tick(0.5), .tick(0.5), .tick(1)], to: &m) == false)
        #expect(m.device.now.seconds(since: before) == 2)
        #expect(loop.painter.changedCells.dropFirst().allSatisfy { $0 == 0 })
    }

    /// Time passed in fractions is owed to the simulator clock, which moves in whole seconds:
    /// the wait is shortened by what is owed.
    @Test func theWaitCountsTheFractionAlreadyOwed() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        var loop = FrameLoop(painter: CountingPainter(), width: 80, height: 24)
        loop.paint(m)
        let toMinute = toNextMinute(m)
        _ = loop.feed([.tick(0.25)], to: &m)
        #expect(m.secondsUntilTimedChange(shown: loop.shown) == toMinute - 0.25)
    }

    /// The inactivity countdown counts whole minutes, rounded up, then its last minute in
    /// seconds; the terminal wakes when its number changes, and the lock comes on time.
    @Test func theInactivityCountdownWakesOncePerShownUnit() throws {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        var loop = FrameLoop(painter: CountingPainter(), width: 80, height: 24)
        loop.paint(m)
        let timeout = m.device.policy.inactivityTimeout
        #expect(m.screen().contains("Inactivity lock in \(Int(timeout / 60))m"))
        func shown() -> String? {
            m.screen().firstMatch(of: /Inactivity lock in (\S+)/).map { String($0.1) }
        }
        var texts = [shown() ?? "none"]
        var wakes = 0
        while case .checkedOut = m.device.state {
            let wait = try #require(m.secondsUntilTimedChange(shown: loop.shown))
            #expect(wait >= 1)
            _ = loop.feed([.tick(wait)], to: &m)
            if let text = shown(), text != texts.last { texts.append(text) }
            wakes += 1
            #expect(wakes <= 100)
            if wakes > 100 { break }
        }
        guard case .locked = m.device.state else { Issue.record("not locked: \(m.device.state)"); return }
        // One wake per minute shown (4m, 3m, 2m, 1m → 60s), one per second of the last minute;
        // the status line's minute changes on the same wakes.
        #expect(wakes <= Int(timeout / 60) + 60 + 5, "\(wakes) wakes")
        #expect(wakes >= 60)
        // Whole minutes rounded up, then the last minute second by second: every number shown.
        #expect(texts == ["5m", "4m", "3m", "2m"] + (1...60).reversed().map { "\($0)s" })
        let lastSecond = try #require(loop.painter.changedCells.last)
        #expect(lastSecond > 0)
    }

    @Test func enrollmentWakesForEachInstallStep() {
        var m = Fixtures.model()
        m.press("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        guard case .enrolling = m.device.state else { Issue.record("not enrolling: \(m.device.state)"); return }
        #expect(m.secondsUntilTimedChange(shown: nil) == HubModel.installStepInterval)
        _ = m.handle(.tick(0.1))
        #expect(abs(m.secondsUntilTimedChange(shown: nil)! - (HubModel.installStepInterval - 0.1)) < 1e-9)
    }
}
