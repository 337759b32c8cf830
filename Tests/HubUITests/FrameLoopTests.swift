import HubUI
import SessionEngine
import Testing

/// Keeps what the loop gave it: for each paint, how many cells differ from the frame painted
/// before (every cell after an invalidation, as the curses painter repaints then).
private struct RecordingPainter: FramePainter {
    var painted: CellGrid?
    var changedCells: [Int] = []
    var invalidations = 0

    mutating func paint(_ frame: Frame) {
        let grid = frame.grid
        var changed = 0
        for y in 0..<grid.height {
            for x in 0..<grid.width where painted.map({ $0.width != grid.width || $0.height != grid.height || $0[x, y] != grid[x, y] }) ?? true {
                changed += 1
            }
        }
        changedCells.append(changed)
        painted = grid
    }

    mutating func invalidate() { invalidations += 1; painted = nil }
}

/// Clicks take the path keys take: one frame after the event, painted as a diff of the frame
/// on screen, and resolved against that frame's hit map rather than a render of their own.
@Suite struct FrameLoopTests {
    /// The middle of the first region of `frame` whose target is `target`.
    func cell(of target: HitTarget, in frame: Frame) -> MouseEvent? {
        frame.hitMap.regions.first { $0.target == target }.map { MouseEvent(x: $0.rect.x + $0.rect.width / 2, y: $0.rect.y + $0.rect.height / 2) }
    }

    @Test func aClickIsPaintedAsADiffLikeTheKeysThatDoTheSame() throws {
        var byClick = Screens.home(), byKeys = Screens.home()
        var clickLoop = FrameLoop(painter: RecordingPainter(), width: 80, height: 24)
        var keyLoop = FrameLoop(painter: RecordingPainter(), width: 80, height: 24)
        clickLoop.paint(byClick)
        keyLoop.paint(byKeys)
        #expect(clickLoop.painter.changedCells == [80 * 24])   // the first frame is painted whole

        let shown = try #require(clickLoop.shown)
        let click = try #require(cell(of: .pane("scanner"), in: shown))
        #expect(clickLoop.feed([.mouse(click)], to: &byClick) == false)
        #expect(keyLoop.feed([.key(.tab)], to: &byKeys) == false)
        #expect(keyLoop.feed([.key(.tab)], to: &byKeys) == false)
        #expect(byClick.focus == .pane("scanner") && byKeys.focus == .pane("scanner"))

        // One more paint, no invalidation, and only the cells the focus change touched.
        #expect(clickLoop.painter.invalidations == 0)
        #expect(clickLoop.painter.changedCells.count == 2)
        let changed = clickLoop.painter.changedCells[1]
        #expect(changed > 0 && changed < 80 * 24 / 4, "a click repainted \(changed) cells")
        #expect(clickLoop.shown == keyLoop.shown)
        #expect(clickLoop.painter.painted == keyLoop.painter.painted)
    }

    @Test func aClickResolvesAgainstTheFrameOnScreen() {
        var m = Screens.home()
        // A frame on screen whose only target is scanner's pane: the click goes there,
        // whatever a fresh render would put under that cell.
        var hits = HitMap()
        hits.add(Rect(x: 0, y: 0, width: 80, height: 24), .pane("scanner"))
        let shown = Frame(grid: m.render(width: 80, height: 24).grid, hitMap: hits)
        _ = m.handle(.mouse(MouseEvent(x: 1, y: 1)), shown: shown)
        #expect(m.focus == .pane("scanner"))
        // A frame of another size is not what is on screen: the click renders to resolve.
        var n = Screens.home()
        _ = n.handle(.mouse(MouseEvent(x: 1, y: 1)), shown: Frame(grid: CellGrid(width: 100, height: 30), hitMap: hits))
        #expect(n.focus == .hub)
    }

    @Test func onlyAResizeRepaintsWhole() {
        var m = Screens.home()
        var loop = FrameLoop(painter: RecordingPainter(), width: 80, height: 24)
        loop.paint(m)
        loop.resize(width: 100, height: 30)
        #expect(loop.feed([.resize(width: 100, height: 30)], to: &m) == false)
        #expect(loop.painter.invalidations == 1)
        #expect(loop.painter.changedCells == [80 * 24, 100 * 30])
        // An idle tick within the same second changes nothing: nothing is painted.
        #expect(loop.feed([.tick(0.25)], to: &m) == false)
        #expect(loop.painter.changedCells.count == 2)
        #expect(loop.feed([.key(.function(10)), .key(.char("y"))], to: &m) == true)
    }
}
